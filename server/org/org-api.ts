import type { Reach } from "@/schemas/access";
import type { OrgPayload } from "@/schemas/api";
import type { DryRunOk, ImportResult, RemoveOk, WriteOk } from "@/schemas/api/org";
import type { RouteCandidate } from "@/schemas/api/preview";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import type { AutoLayout, Graph } from "@/schemas/graph";
import {
  ENTITY_KIND_SPECS,
  type EntityKind,
  type EntityRecord,
  isWritableKind,
  type Scope,
  SECTION_OF,
} from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import type { StudioPaths } from "../config";
import { reachIn } from "./access";
import { createTeam } from "./create-team";
import { validateAsWritten } from "./draft-as-written";
import { exportOrg, type ImportOptions, importOrg } from "./import-org";
import type { Snapshot } from "./merge";
import { type OrgApiOptions, OrgState, type TierReader } from "./org-state";
import {
  type ActionPreview,
  autoLayoutOf,
  type FencePreview,
  graphOf,
  previewAction,
  previewEffectiveFence,
  previewRoute,
} from "./previews";
import { type EntityView, getEntity, listEntities, problemsOf, validateAll, validateDraft } from "./reads";
import { kindNotInGeneration } from "./write-checks";
import { createEntity, removeEntity, updateEntity } from "./writes";

/**
 * Typed list/get/create/update/remove per kind, export/import of one tier, and read-only previews.
 * A refusal throws AppError; nothing is written unless the org after the write validates.
 */
export class OrgApi {
  private readonly state: OrgState;
  private lastLayout: AutoLayout | null = null;

  constructor(
    readonly paths: StudioPaths,
    options: OrgApiOptions = {},
  ) {
    this.state = new OrgState(paths, options);
  }

  invalidate(): void {
    this.state.invalidate();
  }

  onChange(listener: (event: { type: "org-changed" }) => void): () => void {
    return this.state.onChange(listener);
  }

  version(): string | null {
    return this.state.version();
  }

  close(): void {
    this.state.close();
  }

  tierDir(scope: Scope): string {
    return this.state.tierDir(scope);
  }

  snapshot(): Promise<Snapshot> {
    return this.state.snapshot();
  }

  /** Merged like the org from other tiers (a git revision, an export), for `plan`; never cached or written. */
  /** Reads one tier as the org reads it now: the folders of the project's generation, 2.x's registry. */
  get readTier(): TierReader {
    return this.state.readTier;
  }

  snapshotFrom(readTier: TierReader, opts: { packs?: boolean } = {}): Promise<Snapshot> {
    return this.state.load(readTier, opts.packs ?? true);
  }

  problemsOf(snap: Snapshot): FieldError[] {
    return problemsOf(snap);
  }

  /**
   * Every problem of the merged org: files that failed to load, shapes, and graph invariants; in a
   * Construct 2.x project whose package is trusted, its own validator checks the custom profiles too.
   */
  async validateAll(): Promise<ValidationResult & { problems: FieldError[] }> {
    const snap = await this.snapshot();
    const result = validateAll(snap);
    const { principal } = this.paths.adapter;
    const custom = [...snap.rows[SECTION_OF[principal]].values()].filter((row) => row.scope !== "builtin");
    const checked = await this.paths.adapter.validators.check(
      this.paths,
      result,
      custom.map((row) => [row.id, row.record]),
    );
    const added = [...checked.errors, ...checked.warnings].filter((p) => !result.problems.includes(p));
    return { ...checked, problems: [...result.problems, ...added] };
  }

  /** Every record of `kind`; a kind the project's generation does not have is refused as not in it. */
  async listEntities(kind: ApiKind) {
    const absent = kindNotInGeneration(this.paths.adapter, kind);
    if (absent) throw absent;
    return listEntities(await this.snapshot(), kind, this.paths.adapter.principal);
  }

  /** One record, or null; a kind the project's generation does not have is refused as not in it. */
  async getEntity(kind: ApiKind, id: string): Promise<EntityView | null> {
    const absent = kindNotInGeneration(this.paths.adapter, kind);
    if (absent) throw absent;
    return getEntity(await this.snapshot(), kind, id, this.paths.adapter.principal);
  }

  /**
   * Creates `kind/record.id` in a writable tier; an id any tier holds is refused, unless `restoreLayer`
   * puts a removed layer back over a lower tier.
   */
  createEntity(
    kind: ApiKind,
    record: EntityRecord,
    opts: { scope?: Scope; ownerSpecialist?: string; dryRun?: boolean; restoreLayer?: boolean } = {},
  ): Promise<WriteOk | DryRunOk> {
    // A new team names its owner specialist, who joins it in the same write (never an empty team).
    if (kind === "team" && opts.ownerSpecialist)
      return createTeam(this.state, record, {
        ownerSpecialist: opts.ownerSpecialist,
        scope: opts.scope,
        dryRun: opts.dryRun,
      });
    return createEntity(this.state, kind, record, opts);
  }

  /** Patches `kind/id` in a writable tier (an override file when the tier has none yet). */
  updateEntity(
    kind: ApiKind,
    id: string,
    patch: Record<string, unknown>,
    opts: { scope?: Scope; ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<WriteOk | DryRunOk> {
    return updateEntity(this.state, kind, id, patch, opts);
  }

  /**
   * Removes `kind/id` from one tier; refuses while other records still name it, unless `force`.
   * A worker profile's prompt in that tier stays unless `deletePrompt`.
   */
  removeEntity(
    kind: ApiKind,
    id: string,
    opts: { scope?: Scope; force?: boolean; ifMatch?: string; dryRun?: boolean; deletePrompt?: boolean } = {},
  ): Promise<RemoveOk> {
    return removeEntity(this.state, kind, id, opts);
  }

  createTeam(
    record: EntityRecord,
    opts: { ownerSpecialist: string; scope?: Scope; dryRun?: boolean },
  ): Promise<WriteOk | DryRunOk> {
    return createTeam(this.state, record, opts);
  }

  /** One tier as one payload, each section keyed by id, records as stored. */
  exportOrg(opts: { scope?: Scope } = {}) {
    return exportOrg(this.state, opts);
  }

  /** Writes a payload into one tier as one transaction, checked as a whole first; `dryRun` writes nothing. */
  importOrg(payload: OrgPayload, opts: ImportOptions = {}): Promise<ImportResult> {
    return importOrg(this.state, payload, opts);
  }

  /** Laid out once per snapshot and shipped with the page, so neither a render nor the browser lays it out again. */
  async autoLayout(): Promise<AutoLayout> {
    this.lastLayout = autoLayoutOf(await this.snapshot(), this.lastLayout);
    return this.lastLayout;
  }

  async graph(): Promise<Graph> {
    return graphOf(await this.snapshot());
  }

  /** "Would this pass?" for a form: the draft merged into the org, nothing written. */
  async validateDraft(
    kind: EntityKind | "fence",
    record: EntityRecord,
    opts: { specialistId?: string } = {},
  ): Promise<ValidationResult> {
    const absent = kindNotInGeneration(this.paths.adapter, kind);
    if (absent) throw absent;
    const { adapter } = this.paths;
    // A kind Construct replaces whole is judged as the save would write it, and so is its own validator's check.
    if (kind !== "fence" && ENTITY_KIND_SPECS[kind].merge === "replace" && isWritableKind(kind)) {
      const { result, file, id } = await validateAsWritten(this.state, kind, record);
      const snap = await this.snapshot();
      const row = snap.rows[SECTION_OF[kind]].get(id);
      const custom = file ?? (row && row.scope !== "builtin" ? row.record : null);
      return adapter.validators.check(this.paths, result, kind === adapter.principal && custom ? [[id, custom]] : []);
    }
    const result = validateDraft(await this.snapshot(), kind, record, opts, adapter.principal);
    return adapter.validators.check(this.paths, result, []);
  }

  async previewRoute(opts: {
    description: string;
    draftSpecialist?: EntityRecord;
    limit?: number;
  }): Promise<{ candidates: RouteCandidate[] }> {
    return previewRoute(await this.snapshot(), opts, this.paths.adapter);
  }

  /** The fence a (draft) specialist really has inside a team. */
  async previewEffectiveFence(opts: { draftSpecialist: EntityRecord; teamId?: string }): Promise<FencePreview> {
    return previewEffectiveFence(await this.snapshot(), opts, this.paths.adapter);
  }

  /** Decides one action against the effective fence; an unknown specialist is not_found. */
  async previewAction(opts: {
    specialistId?: string;
    draftSpecialist?: EntityRecord;
    teamId?: string;
    action: string;
    target: string;
  }): Promise<ActionPreview> {
    return previewAction(await this.snapshot(), opts, this.paths.adapter);
  }

  /** What a task that starts with `id` can end up doing, through handoffs and contracts; unknown ids are not_found. */
  async access(id: string): Promise<Reach> {
    return reachIn(await this.snapshot(), id);
  }
}
