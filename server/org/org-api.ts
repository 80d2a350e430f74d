import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { editJsonText } from "@/lib/json/minimal-edit";
import { isPlainObject, orderKeys, stringifyRecord } from "@/lib/json/safe-json";
import { checkAction, effectiveFence, noTeamReason } from "@/lib/org/fence";
import { escapePointerSegment, fieldError, parsePointer, splitBySeverity } from "@/lib/org/field-error";
import { CANONICAL_KEYS } from "@/lib/org/key-order";
import { buildIndex, type OrgIndex, type SchemaFileLookup } from "@/lib/org/org-index";
import { rankRoutes, routeDoc } from "@/lib/org/route-rank";
import { problemKey, referencesTo, toResult, validateDraft as validateDraftIn, validateOrg } from "@/lib/org/validate";
import type { OrgPayload, RouteCandidate } from "@/schemas/api";
import { idProblem } from "@/schemas/common";
import type { EffectiveFence, FenceDecision } from "@/schemas/fence";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import type { AutoLayout, Graph } from "@/schemas/graph";
import {
  type ApiKind,
  type EntityKind,
  type EntityRecord,
  emptyOrg,
  KIND_OF,
  type OrgRecords,
  type Scope,
  SECTION_OF,
  SECTIONS,
  type Section,
  WRITABLE_SCOPES,
  type WritableScope,
} from "@/schemas/org";
import type { Skill } from "@/schemas/skill";
import type { StudioPaths } from "../config";
import { AppError, type AppErrorCode, isAppError } from "../errors";
import type { PackService } from "../packs/pack-service";
import {
  assertFits,
  atomicWrite,
  combineEtags,
  commitFiles,
  confinedPath,
  etagOf,
  readJsonFile,
  recoverTier,
  removeFile,
  tierNeedsRecovery,
  withTierLock,
} from "../store/json-store";
import { type TreeWatcher, watchTree } from "../store/watch-tree";
import { describeSkills, loadSkillFiles, type SkillFile } from "./skills";
import { displayPath, type Layer, loadTier, type TierData, userPath } from "./tiers";

/**
 * The ADR-0072 façade: typed list/get/create/update/remove per kind, export/import of one tier,
 * and read-only previews. Every function resolves to a result object; failures carry an
 * `AppErrorCode` for the HTTP layer and FieldErrors for the form, and nothing is written unless
 * the org as it would be after the write validates.
 */

export type Row = {
  id: string;
  kind: EntityKind;
  /** The tier whose file wins. */
  scope: Scope;
  path: string;
  /** The pack that contributes the winning file, when it comes from a pack. */
  source?: string;
  /** Lower tiers this row shadows, lowest first. */
  overrides: { scope: Scope; path: string; source?: string }[];
  record: EntityRecord;
  etag: string;
  layers: Layer[];
};

export type Snapshot = {
  rows: Record<Section, Map<string, Row>>;
  index: OrgIndex;
  skillFiles: SkillFile[];
  /** Problems with files themselves (unparseable, wrong shape, misnamed) and with enabled packs. */
  loadProblems: FieldError[];
  /** The enabled packs' org tiers, lowest precedence first. */
  packTiers: TierData[];
};

export type Failure = {
  ok: false;
  code: AppErrorCode;
  message: string;
  errors: FieldError[];
  current?: { record: EntityRecord; etag: string } | null;
};
export type WriteOk = { ok: true; path: string; record: EntityRecord; etag: string; warnings: FieldError[] };
/**
 * What a write would do, nothing written: the file it would write (`path`, `file` its content),
 * the merged record afterwards, and the etag of the record as it is now (what to apply it with).
 */
export type DryRunOk = WriteOk & { dryRun: true; file: EntityRecord };
/** A dry run resolves to `DryRunOk` (a `WriteOk` with `dryRun: true`). */
export type WriteResult = WriteOk | Failure;

const SCOPE_RANK: Record<Scope, number> = { builtin: 0, pack: 1, user: 2, project: 3 };
const layerRank = (l: Layer) => SCOPE_RANK[l.scope] + (l.order ?? 0) / 1000;

/**
 * Later layers win field by field. Fields are shared with the layers, not deep-copied: records in
 * a snapshot are never mutated (every request shares it), and copying each one on every load
 * cost more than reading its file.
 */
function mergeLayers(layers: readonly Layer[]): EntityRecord {
  if (layers.length === 1) return layers[0].record;
  const merged: EntityRecord = {};
  for (const layer of layers) Object.assign(merged, layer.record);
  return merged;
}

function toRow(kind: EntityKind, id: string, layers: Layer[]): Row {
  const sorted = layers.length === 1 ? layers : [...layers].sort((a, b) => layerRank(a) - layerRank(b));
  const top = sorted[sorted.length - 1];
  return {
    id,
    kind,
    scope: top.scope,
    path: top.path,
    ...(top.source ? { source: top.source } : {}),
    overrides: sorted
      .slice(0, -1)
      .map((l) => ({ scope: l.scope, path: l.path, ...(l.source ? { source: l.source } : {}) })),
    record: mergeLayers(sorted),
    etag: combineEtags(sorted.map((l) => l.etag)),
    layers: sorted,
  };
}

function mergeTiers(tiers: readonly TierData[]): Record<Section, Map<string, Row>> {
  const rows = {} as Record<Section, Map<string, Row>>;
  for (const section of SECTIONS) {
    const layersById = new Map<string, Layer[]>();
    for (const tier of tiers) {
      for (const [id, layer] of tier.entities[section]) {
        const list = layersById.get(id);
        if (list) list.push(layer);
        else layersById.set(id, [layer]);
      }
    }
    const kind = KIND_OF[section];
    // Ids are lowercase letters, digits and "-" (tiers skip any other file name), where code-unit
    // order is the locale's order and a tenth of its cost.
    rows[section] = new Map(
      [...layersById]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([id, layers]) => [id, toRow(kind, id, layers)]),
    );
  }
  return rows;
}

function emptyEntities(): TierData["entities"] {
  return { groups: new Map(), teams: new Map(), specialists: new Map(), contracts: new Map(), policies: new Map() };
}

export function recordsOf(rows: Record<Section, Map<string, Row>>): OrgRecords {
  const org = emptyOrg();
  for (const section of SECTIONS) for (const [id, row] of rows[section]) org[section][id] = row.record;
  return org;
}

/** Applies a shallow patch: fields replace, `null` deletes, `id` cannot change. */
function applyPatch(base: EntityRecord, patch: Record<string, unknown>): EntityRecord {
  const next: EntityRecord = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === "id") continue;
    if (value === null) delete next[key];
    else next[key] = structuredClone(value);
  }
  return next;
}

/** Changes that do not touch the org: our own temp files and locks, runtime state, the layout. */
const IGNORED_CHANGES = /(^|\/)(?:\.txn-|\.studio\.lock|\..*\.studio-tmp$)|^(?:runtime|studio)(?:\/|$)/;

function fail(error: unknown): Failure {
  if (isAppError(error)) {
    return {
      ok: false,
      code: error.code,
      message: error.message,
      errors: error.errors ?? [],
      ...(error.current !== undefined ? { current: error.current as Failure["current"] } : {}),
    };
  }
  throw error;
}

function readonlyBuiltin(kind: ApiKind, id: string, scope: "builtin" | "pack" = "builtin"): AppError {
  const section = kind === "fence" ? "specialists" : kind === "skill" ? "specialists" : SECTION_OF[kind];
  return new AppError("forbidden", `the ${scope} tier is read-only: write to the user or project tier instead`, [
    {
      ...fieldError(
        `${scope}-scope-readonly`,
        "error",
        `${scope} ${kind} "${id}" is read-only; create an override in the project or user tier`,
        section,
        id,
      ),
      location: "#/scope",
      field: "scope",
    },
  ]);
}

/** Reads one of the file tiers (builtin, user, project) for a snapshot. */
export type TierReader = (scope: "builtin" | "user" | "project", dir: string, displayBase: string) => Promise<TierData>;

export type OrgApiOptions = {
  /** Keep the org in memory between calls and refresh it when files change (the server). */
  cache?: boolean;
  /** Enabled packs join the org between the built-in and the user tier. */
  packs?: PackService;
};

export class OrgApi {
  private loaded: { generation: number; promise: Promise<Snapshot> } | null = null;
  private generation = 0;
  private recovery: Promise<void> | null = null;
  private recoveryWarnings = new Set<string>();
  private watchers = new Map<string, TreeWatcher>();
  private listeners = new Set<(event: { type: "org-changed" }) => void>();

  constructor(
    readonly paths: StudioPaths,
    private readonly options: OrgApiOptions = {},
  ) {}

  /** Drops the cached snapshot; the next read loads from disk. */
  invalidate(): void {
    this.generation++;
    for (const listener of this.listeners) listener({ type: "org-changed" });
  }

  onChange(listener: (event: { type: "org-changed" }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  tierDir(scope: Scope): string {
    if (scope === "pack") throw new AppError("bad_request", "packs are not one tier: name a pack");
    return scope === "builtin"
      ? this.paths.builtinOrgDir
      : scope === "user"
        ? this.paths.userOrgDir
        : this.paths.projectOrgDir;
  }

  private displayBase(scope: Scope): string {
    return scope === "builtin"
      ? this.paths.appDir
      : scope === "project" || scope === "pack"
        ? this.paths.root
        : path.dirname(this.paths.userOrgDir);
  }

  /**
   * Finishes or discards writes a crashed process left behind, before anything is read. Write
   * paths await it before taking a tier lock, so a snapshot taken under the lock never waits on it.
   */
  private recover(): Promise<void> {
    this.recovery ??= (async () => {
      let complete = true;
      for (const scope of WRITABLE_SCOPES) {
        const dir = this.tierDir(scope);
        if (!tierNeedsRecovery(dir)) continue;
        try {
          await withTierLock(dir, () => recoverTier(dir));
        } catch (error) {
          // A read-only or full tier cannot be locked, but it can still be read: serve it as it is
          // rather than refusing every read. The recovery is tried again on the next call, so a
          // write never runs before it; while the tier stays unwritable, the write fails with the
          // same 507.
          if (!isAppError(error) || (error.code !== "read_only" && error.code !== "storage_full")) throw error;
          if (!this.recoveryWarnings.has(error.message))
            console.warn(`[construct-studio] warning: ${error.message}; serving the ${scope} tier as it is`);
          this.recoveryWarnings.add(error.message);
          complete = false;
        }
      }
      if (!complete) this.recovery = null;
    })();
    return this.recovery;
  }

  private ensureWatchers(): void {
    if (!this.options.cache) return;
    // The project directory as a whole: org files, packs, packs.json and config.json all matter;
    // runtime state and the studio's layout do not.
    const dirs = [this.paths.builtinOrgDir, this.paths.userOrgDir, this.paths.userPacksDir, this.paths.projectDir];
    for (const dir of dirs) {
      if (this.watchers.has(dir) || !existsSync(dir)) continue;
      try {
        // One watch per directory, not `recursive: true`: see watch-tree.ts for what that misses.
        const watcher = watchTree(dir, {
          onChange: (name) => {
            if (!IGNORED_CHANGES.test(name)) this.invalidate();
          },
          onError: (error) => {
            console.warn(`[construct-studio] watching ${dir} stopped (${error.message}); it restarts on the next read`);
            watcher.close();
            this.watchers.delete(dir);
            this.generation++;
          },
          skipDir: (name) => IGNORED_CHANGES.test(name),
        });
        this.watchers.set(dir, watcher);
        // The directory appeared since the last load (first save, a checkout): what is cached predates it.
        this.generation++;
      } catch {
        // Watching is an optimisation; without it every read reloads.
      }
    }
  }

  async snapshot(): Promise<Snapshot> {
    await this.recover();
    this.ensureWatchers();
    const canCache = this.options.cache && this.watchers.size > 0;
    if (canCache && this.loaded && this.loaded.generation === this.generation) return this.loaded.promise;
    const generation = this.generation;
    const promise = this.load();
    this.loaded = { generation, promise };
    promise.catch(() => {
      if (this.loaded?.promise === promise) this.loaded = null;
    });
    return promise;
  }

  /** The enabled packs' org folders as tiers, relabelled as pack layers; their errors as problems. */
  private async packTiers(): Promise<{ tiers: TierData[]; problems: FieldError[] }> {
    if (!this.options.packs) return { tiers: [], problems: [] };
    const { packs, errors } = await this.options.packs.active();
    const tiers = packs
      .flatMap((pack) => (pack.org ? [{ pack, org: pack.org }] : []))
      .map(({ pack, org }, order) => {
        const entities = Object.fromEntries(
          SECTIONS.map((section) => [
            section,
            new Map(
              [...org.entities[section]].map(([id, layer]) => [
                id,
                {
                  ...layer,
                  scope: "pack" as const,
                  source: pack.id,
                  order,
                  path: pack.tier === "project" ? displayPath(layer.file, this.paths.root) : userPath(layer.file),
                },
              ]),
            ),
          ]),
        ) as TierData["entities"];
        return { scope: "pack" as const, dir: org.dir, entities, problems: [] };
      });
    const problems = errors.map((message) => {
      const id = /pack '([^']+)'/.exec(message)?.[1] ?? "packs";
      return { id: "pack-error", severity: "error" as const, message, location: `#/packs/${escapePointerSegment(id)}` };
    });
    return { tiers, problems };
  }

  private async loadTiers(readTier: TierReader = loadTier, withPacks = true): Promise<TierData[]> {
    const [builtin, packs, user, project] = await Promise.all([
      readTier("builtin", this.paths.builtinOrgDir, this.displayBase("builtin")),
      withPacks ? this.packTiers() : { tiers: [], problems: [] },
      readTier("user", this.paths.userOrgDir, this.displayBase("user")),
      readTier("project", this.paths.projectOrgDir, this.displayBase("project")),
    ]);
    return [
      builtin,
      ...packs.tiers,
      user,
      project,
      { scope: "pack", dir: "", entities: emptyEntities(), problems: packs.problems },
    ];
  }

  /**
   * The org merged the same way from tiers read by `readTier` (a git revision, an export), for
   * `plan`. Not cached, never written; enabled packs come from the disk.
   */
  async snapshotFrom(readTier: TierReader, opts: { packs?: boolean } = {}): Promise<Snapshot> {
    return this.load(readTier, opts.packs ?? true);
  }

  /** Every problem of a snapshot, as `validateAll` reports them. */
  problemsOf(snap: Snapshot): FieldError[] {
    return [...snap.loadProblems, ...this.validation(snap)];
  }

  private async load(readTier?: TierReader, withPacks = true): Promise<Snapshot> {
    const skillFiles = loadSkillFiles(this.paths.skillsDir, this.paths.appDir);
    const tiers = await this.loadTiers(readTier, withPacks);
    const rows = mergeTiers(tiers);
    const index = buildIndex(recordsOf(rows), new Set(skillFiles.map((s) => s.id)), this.schemaLookup(rows));
    return {
      rows,
      index,
      skillFiles,
      loadProblems: tiers.flatMap((t) => t.problems),
      packTiers: tiers.filter((t) => t.scope === "pack" && t.dir),
    };
  }

  /**
   * Where a contract's `output.schema` is looked up (design.md §3a): the package root for a
   * built-in contract, the pack's folder for a pack's, the project root otherwise (and for drafts).
   */
  private schemaLookup(rows: Record<Section, Map<string, Row>>): SchemaFileLookup {
    return (contractId, schemaPath) => {
      const row = rows.contracts.get(contractId);
      const layer = row?.layers.find((l) => l.scope === row.scope);
      const base =
        row?.scope === "builtin"
          ? this.paths.appDir
          : row?.scope === "pack" && layer
            ? path.resolve(layer.file, "..", "..", "..")
            : this.paths.root;
      return existsSync(path.resolve(base, schemaPath));
    };
  }

  /** Every problem of the merged org: files that failed to load, shapes, and graph invariants. */
  async validateAll(): Promise<ValidationResult & { problems: FieldError[] }> {
    const snap = await this.snapshot();
    const problems = [...snap.loadProblems, ...this.validation(snap)];
    return { ...toResult(problems), problems };
  }

  private validationCache = new WeakMap<Snapshot, FieldError[]>();
  private validation(snap: Snapshot): FieldError[] {
    let cached = this.validationCache.get(snap);
    if (!cached) {
      cached = validateOrg(snap.index).map((problem) => {
        const [section, id] = parsePointer(problem.location);
        const row = snap.rows[section as Section]?.get(id);
        return row ? { ...problem, path: row.path } : problem;
      });
      this.validationCache.set(snap, cached);
    }
    return cached;
  }

  private skillsCache = new WeakMap<Snapshot, Skill[]>();

  private skills(snap: Snapshot): Skill[] {
    let skills = this.skillsCache.get(snap);
    if (!skills) {
      skills = describeSkills(snap.skillFiles);
      this.skillsCache.set(snap, skills);
    }
    return skills;
  }

  async listEntities(kind: ApiKind) {
    const snap = await this.snapshot();
    if (kind === "skill") {
      const skills = this.skills(snap);
      return {
        items: skills.map((s) => ({
          id: s.id,
          scope: "builtin" as const,
          source: undefined as string | undefined,
          path: s.path,
          overrides: [],
          record: s,
          etag: "",
        })),
        count: skills.length,
        errors: [] as FieldError[],
      };
    }
    const section = kind === "fence" ? "specialists" : SECTION_OF[kind];
    const items = [...snap.rows[section].values()].map((row) => ({
      id: row.id,
      scope: row.scope,
      source: row.source,
      path: row.path,
      overrides: row.overrides,
      record: kind === "fence" ? { specialistId: row.id, ...(row.record.fence as object) } : row.record,
      etag: row.etag,
    }));
    const prefix = `#/${section}/`;
    const errors = [...snap.loadProblems, ...this.validation(snap)].filter((e) => e.location.startsWith(prefix));
    return { items, count: items.length, errors };
  }

  async getEntity(kind: ApiKind, id: string): Promise<(Omit<Row, "layers"> & { errors: FieldError[] }) | null> {
    const snap = await this.snapshot();
    if (kind === "skill") {
      const skill = this.skills(snap).find((s) => s.id === id);
      return skill
        ? {
            id,
            kind: "specialist",
            scope: "builtin",
            path: skill.path,
            overrides: [],
            record: skill,
            etag: "",
            errors: [],
          }
        : null;
    }
    if (idProblem(id)) return null;
    const section = kind === "fence" ? "specialists" : SECTION_OF[kind];
    const row = snap.rows[section].get(id);
    if (!row) return null;
    const prefix = `#/${section}/${id}`;
    const errors = [...snap.loadProblems, ...this.validation(snap)].filter(
      (e) => e.location === prefix || e.location.startsWith(`${prefix}/`),
    );
    const { layers, ...rest } = row;
    return kind === "fence"
      ? { ...rest, record: { specialistId: id, ...(row.record.fence as object) }, errors }
      : { ...rest, errors };
  }

  /** Re-reads every tier's file for one entity, so a version check sees edits made outside the app. */
  private async freshRow(section: Section, id: string): Promise<Row | null> {
    const layers: Layer[] = [];
    // Pack files are read-only and watched: the snapshot's copy is current enough.
    for (const tier of (await this.snapshot()).packTiers) {
      const layer = tier.entities[section].get(id);
      if (layer) layers.push(layer);
    }
    // A record keyed by an id that differs from its file name lives in that file (tiers.ts).
    const known = (await this.snapshot()).rows[section].get(id)?.layers;
    for (const scope of ["builtin", ...WRITABLE_SCOPES] as const) {
      const file =
        known?.find((l) => l.scope === scope)?.file ?? confinedPath(this.tierDir(scope), section, `${id}.json`);
      const read = await readJsonFile(file);
      if (!read.ok && read.code === "missing") continue;
      const shown = displayPath(file, this.displayBase(scope));
      if (!read.ok) throw new AppError("conflict", `${shown}: ${read.message}; fix or remove the file first`);
      if (!isPlainObject(read.value))
        throw new AppError("conflict", `${shown}: the file does not hold a JSON object; fix or remove the file first`);
      // Same keying as tiers.ts: a file whose valid id names another record is not this one's layer.
      const declared = read.value.id;
      const byName = path.basename(file) === `${id}.json`;
      if (declared !== undefined && declared !== id && !(byName && idProblem(declared))) continue;
      layers.push({ scope, file, path: shown, record: { ...read.value, id }, etag: read.etag });
    }
    return layers.length ? toRow(KIND_OF[section], id, layers) : null;
  }

  private checkWritable(kind: ApiKind, id: string, scope: Scope | string): WritableScope {
    if (scope === "builtin" || scope === "pack") throw readonlyBuiltin(kind, id, scope);
    if (!(WRITABLE_SCOPES as readonly string[]).includes(scope))
      throw new AppError("bad_request", `unknown scope ${JSON.stringify(scope)}: use user or project`);
    return scope as WritableScope;
  }

  private checkId(kind: EntityKind, id: unknown): string {
    const problem = idProblem(id);
    if (problem) {
      const safe = typeof id === "string" ? id.slice(0, 80) : "";
      throw new AppError("invalid", problem, [
        fieldError("invalid-id", "error", problem, SECTION_OF[kind], safe, ["id"]),
      ]);
    }
    return id as string;
  }

  /** Validates `merged` as `kind/id` against the org; throws `invalid` when it has errors. */
  private async checkDraft(kind: EntityKind, merged: EntityRecord): Promise<FieldError[]> {
    const snap = await this.snapshot();
    const result = validateDraftIn(snap.index, kind, merged);
    if (!result.ok)
      throw new AppError(
        "invalid",
        `the ${kind} has ${result.errors.length} error(s); nothing was written`,
        result.errors,
      );
    return result.warnings;
  }

  /**
   * A new layer of `id` goes to `<id>.json`; when that file already holds another record (keyed by
   * its own id, as Construct keys it), writing would destroy that record, so the write is refused.
   */
  private async assertNotAnothersFile(kind: EntityKind, scope: Scope, id: string, file: string): Promise<void> {
    const read = await readJsonFile(file);
    if (!read.ok || !isPlainObject(read.value)) return;
    const declared = read.value.id;
    if (declared === undefined || declared === id || idProblem(declared)) return;
    const shown = displayPath(file, this.displayBase(scope));
    throw new AppError(
      "conflict",
      `${shown} holds the ${kind} "${String(declared)}", not "${id}"; rename that file to ${String(declared)}.json first, so this write does not replace it`,
      [
        fieldError(
          "file-id-mismatch",
          "error",
          `${shown} holds the ${kind} "${String(declared)}"`,
          SECTION_OF[kind],
          id,
          ["id"],
        ),
      ],
    );
  }

  private async writeLayer(
    kind: EntityKind,
    scope: WritableScope,
    id: string,
    fileRecord: EntityRecord,
    merged: EntityRecord,
    edit?: { text: string; patch: Record<string, unknown> },
    existingFile?: string,
  ): Promise<WriteOk> {
    const dir = this.tierDir(scope);
    const file = existingFile ?? confinedPath(dir, SECTION_OF[kind], `${id}.json`);
    if (!existingFile) await this.assertNotAnothersFile(kind, scope, id, file);
    // An existing file is edited where it differs (design §2: a save changes only what the user
    // changed); its stored value, not the loaded record, is the base, so a missing "id" stays missing.
    // The size is checked on the plain text first: an edit in place of a huge patch is not even tried.
    const plain = stringifyRecord(orderKeys(fileRecord, CANONICAL_KEYS[kind]));
    assertFits(file, plain);
    const text = edit
      ? editJsonText(edit.text, applyPatch(JSON.parse(edit.text), edit.patch), CANONICAL_KEYS[kind])
      : plain;
    assertFits(file, text);
    await atomicWrite(dir, file, text);
    this.invalidate();
    const row = await this.freshRow(SECTION_OF[kind], id);
    return {
      ok: true,
      path: displayPath(file, this.displayBase(scope)),
      record: row?.record ?? merged,
      etag: row?.etag ?? "",
      warnings: [],
    };
  }

  /** Creates `kind/record.id` in a writable tier; an id already in a lower tier becomes an override. */
  async createEntity(
    kind: ApiKind,
    record: EntityRecord,
    opts: { scope?: Scope; ownerSpecialist?: string; dryRun?: boolean } = {},
  ): Promise<WriteResult> {
    if (kind === "team" && opts.ownerSpecialist)
      return this.createTeam(record, { ownerSpecialist: opts.ownerSpecialist, scope: opts.scope, dryRun: opts.dryRun });
    try {
      if (kind === "fence") {
        const { specialistId, ...fence } = record as { specialistId?: string };
        return this.updateEntity("fence", String(specialistId ?? ""), fence, opts);
      }
      if (kind === "skill")
        throw new AppError("forbidden", "skills are read-only through this API", [
          fieldError(
            "skill-read-only",
            "error",
            "skills are edited as files under specialists/skills/",
            "specialists",
            "",
          ),
        ]);
      const scope = this.checkWritable(kind, String(record.id ?? ""), opts.scope ?? "project");
      if (idProblem(record.id)) {
        // Report the bad id together with every other problem of the record, before any path exists.
        const result = validateDraftIn((await this.snapshot()).index, kind, record);
        throw new AppError(
          "invalid",
          `the ${kind} has ${result.errors.length} error(s); nothing was written`,
          result.errors,
        );
      }
      const id = record.id as string;
      const dir = this.tierDir(scope);
      await this.recover();
      const run = async () => {
        const fresh = await this.freshRow(SECTION_OF[kind], id);
        if (fresh?.layers.some((l) => l.scope === scope)) {
          throw new AppError(
            "conflict",
            `${kind} "${id}" already exists in the ${scope} tier; update it instead`,
            [
              fieldError(
                `${kind}-already-exists`,
                "error",
                `${kind} "${id}" already exists in the ${scope} tier`,
                SECTION_OF[kind],
                id,
                ["id"],
              ),
            ],
            { record: fresh.record, etag: fresh.etag },
          );
        }
        const lower = (fresh?.layers ?? []).filter((l) => SCOPE_RANK[l.scope] < SCOPE_RANK[scope]);
        const fileRecord = structuredClone(record);
        const merged = mergeLayers([...lower, { scope, file: "", path: "", record: fileRecord, etag: "" }]);
        const warnings = await this.checkDraft(kind, merged);
        if (opts.dryRun) return this.dryRunOf(kind, scope, id, fileRecord, merged, fresh?.etag ?? "", warnings);
        return { ...(await this.writeLayer(kind, scope, id, fileRecord, merged)), warnings };
      };
      // A dry run takes no lock: the lock file would be a write, and nothing it reads is committed.
      return opts.dryRun ? await run() : await withTierLock(dir, run);
    } catch (error) {
      return fail(error);
    }
  }

  private dryRunOf(
    kind: EntityKind,
    scope: WritableScope,
    id: string,
    fileRecord: EntityRecord,
    merged: EntityRecord,
    etag: string,
    warnings: FieldError[],
  ): DryRunOk {
    const file = confinedPath(this.tierDir(scope), SECTION_OF[kind], `${id}.json`);
    return {
      ok: true,
      dryRun: true,
      path: displayPath(file, this.displayBase(scope)),
      file: orderKeys(fileRecord, CANONICAL_KEYS[kind]),
      record: merged,
      etag,
      warnings,
    };
  }

  /**
   * Patches `kind/id` in a writable tier. When that tier has no file for it yet, the file is
   * created holding only the patched fields, as an override of the lower tiers.
   */
  async updateEntity(
    kind: ApiKind,
    id: string,
    patch: Record<string, unknown>,
    opts: { scope?: Scope; ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<WriteResult> {
    try {
      if (kind === "skill") throw new AppError("forbidden", "skills are read-only through this API");
      const entityKind: EntityKind = kind === "fence" ? "specialist" : kind;
      const scope = this.checkWritable(kind, id, opts.scope ?? "project");
      this.checkId(entityKind, id);
      if (patch.id !== undefined && patch.id !== id) {
        throw new AppError("invalid", "an id cannot be changed by an update", [
          fieldError(
            "id-immutable",
            "error",
            `the id of ${kind} "${id}" cannot change; create a new one and remove this one`,
            SECTION_OF[entityKind],
            id,
            ["id"],
          ),
        ]);
      }
      const section = SECTION_OF[entityKind];
      const dir = this.tierDir(scope);
      await this.recover();
      const run = async () => {
        const fresh = await this.freshRow(section, id);
        if (!fresh) throw new AppError("not_found", `${kind} "${id}" does not exist`);
        if (opts.ifMatch && opts.ifMatch !== fresh.etag) {
          throw new AppError(
            "conflict",
            `${kind} "${id}" changed since you read it; reload, or resend with the current ETag to overwrite`,
            [],
            { record: fresh.record, etag: fresh.etag },
          );
        }
        const own = fresh.layers.find((l) => l.scope === scope);
        const lower = fresh.layers.filter((l) => SCOPE_RANK[l.scope] < SCOPE_RANK[scope]);
        const higher = fresh.layers.filter((l) => SCOPE_RANK[l.scope] > SCOPE_RANK[scope]);
        const effectivePatch =
          kind === "fence" ? { fence: { ...((fresh.record.fence as object) ?? {}), ...patch } } : patch;
        if (kind === "fence") {
          const fence = (effectivePatch as { fence: Record<string, unknown> }).fence;
          for (const [k, v] of Object.entries(fence)) if (v === null) delete fence[k];
        }
        const fileRecord = applyPatch(own?.record ?? { id }, effectivePatch);
        const merged = mergeLayers([...lower, { scope, file: "", path: "", record: fileRecord, etag: "" }, ...higher]);
        const warnings = await this.checkDraft(entityKind, merged);
        if (opts.dryRun) return this.dryRunOf(entityKind, scope, id, fileRecord, merged, fresh.etag, warnings);
        // Read under the lock, right after freshRow checked its version: the text that version holds.
        const text = own ? (await readFile(own.file, "utf8")).replace(/^\uFEFF/, "") : null;
        const edit = text === null ? undefined : { text, patch: effectivePatch };
        // The record's own file, which may be named otherwise than its id (keyed by id, as Construct does).
        return { ...(await this.writeLayer(entityKind, scope, id, fileRecord, merged, edit, own?.file)), warnings };
      };
      return opts.dryRun ? await run() : await withTierLock(dir, run);
    } catch (error) {
      return fail(error);
    }
  }

  /** Removes `kind/id` from one tier; refuses while other records still name it, unless `force`. */
  async removeEntity(
    kind: ApiKind,
    id: string,
    opts: { scope?: Scope; force?: boolean; ifMatch?: string; dryRun?: boolean } = {},
  ): Promise<
    | { ok: true; path: string; revealed: Scope | null; record: EntityRecord; dryRun?: true; etag: string | null }
    | Failure
  > {
    try {
      if (kind === "fence")
        throw new AppError("conflict", "a fence cannot be removed: every specialist needs one", [
          fieldError(
            "fence-not-removable",
            "error",
            `the fence of "${id}" cannot be removed; edit its allowedPaths instead`,
            "specialists",
            id,
            ["fence"],
          ),
        ]);
      if (kind === "skill") throw new AppError("forbidden", "skills are read-only through this API");
      const scope = this.checkWritable(kind, id, opts.scope ?? "project");
      this.checkId(kind, id);
      const section = SECTION_OF[kind];
      const dir = this.tierDir(scope);
      await this.recover();
      const run = async () => {
        const fresh = await this.freshRow(section, id);
        const own = fresh?.layers.find((l) => l.scope === scope);
        if (!fresh) throw new AppError("not_found", `${kind} "${id}" does not exist`);
        if (!own) {
          if (fresh.layers.every((l) => l.scope === "builtin" || l.scope === "pack"))
            throw readonlyBuiltin(kind, id, fresh.scope === "pack" ? "pack" : "builtin");
          throw new AppError("not_found", `${kind} "${id}" has no file in the ${scope} tier`, [
            fieldError(
              `${kind}-not-found-in-tier`,
              "error",
              `${kind} "${id}" is defined in ${fresh.layers.map((l) => l.scope).join(", ")}, not in ${scope}`,
              section,
              id,
            ),
          ]);
        }
        if (opts.ifMatch && opts.ifMatch !== fresh.etag) {
          throw new AppError("conflict", `${kind} "${id}" changed since you read it; reload before removing`, [], {
            record: fresh.record,
            etag: fresh.etag,
          });
        }
        const remaining = fresh.layers.filter((l) => l.scope !== scope);
        if (remaining.length === 0 && !opts.force) {
          const refs = referencesTo((await this.snapshot()).index, kind, id);
          if (refs.length)
            throw new AppError(
              "conflict",
              `${kind} "${id}" is still referenced ${refs.length} time(s); remove the references or pass force`,
              refs,
            );
        }
        const revealed = remaining.length ? remaining[remaining.length - 1].scope : null;
        if (opts.dryRun)
          return {
            ok: true as const,
            dryRun: true as const,
            path: own.path,
            revealed,
            record: own.record,
            etag: fresh.etag,
          };
        await removeFile(dir, own.file);
        this.invalidate();
        return {
          ok: true as const,
          path: own.path,
          revealed,
          record: own.record,
          // The version the removal left (a lower tier's), for an undo that must not overwrite a newer one.
          etag: remaining.length ? ((await this.freshRow(section, id))?.etag ?? null) : null,
        };
      };
      return opts.dryRun ? await run() : await withTierLock(dir, run);
    } catch (error) {
      return fail(error);
    }
  }

  /** One tier as one payload, each section keyed by id, records as stored. */
  async exportOrg(
    opts: { scope?: Scope } = {},
  ): Promise<OrgPayload & { scope: Scope; exportedAt: string; errors: FieldError[] }> {
    const scope = opts.scope ?? "project";
    const tier = await loadTier(scope, this.tierDir(scope), this.displayBase(scope));
    const payload = {
      scope,
      exportedAt: new Date().toISOString(),
      ...emptyOrg(),
      errors: tier.problems,
    } as OrgPayload & { scope: Scope; exportedAt: string; errors: FieldError[] };
    for (const section of SECTIONS) {
      for (const [id, layer] of [...tier.entities[section]].sort(([a], [b]) => a.localeCompare(b)))
        payload[section][id] = layer.record;
    }
    return payload;
  }

  /**
   * Writes a payload into one tier (entities are created or replaced; others are kept). Every
   * entity is checked, with the org as it would be afterwards, before any file is written; the
   * write is one transaction; `dryRun` reports the files without writing.
   */
  async importOrg(
    payload: OrgPayload,
    opts: { scope?: Scope; dryRun?: boolean; ifMatch?: string; mustBeNew?: { section: Section; id: string } } = {},
  ): Promise<
    | {
        ok: true;
        dryRun: boolean;
        /** The version of the files the import touches, as they were before it: what `ifMatch` takes. */
        etag: string;
        written: string[];
        files: { path: string; action: "create" | "update" | "unchanged" }[];
        warnings: FieldError[];
      }
    | Failure
  > {
    try {
      const scope = this.checkWritable("specialist", "import", opts.scope ?? "project");
      const dir = this.tierDir(scope);
      const shapeProblems: FieldError[] = [];
      const incoming = emptyOrg();
      for (const section of SECTIONS) {
        for (const [key, rec] of Object.entries(payload[section] ?? {})) {
          const bad = idProblem(key);
          if (bad) {
            shapeProblems.push(fieldError("invalid-id", "error", bad, section, key.slice(0, 80), ["id"]));
            continue;
          }
          if (rec.id !== undefined && rec.id !== key) {
            shapeProblems.push(
              fieldError(
                "import-id-mismatch",
                "error",
                `the record under "${key}" says id ${JSON.stringify(rec.id)}; they must match`,
                section,
                key,
                ["id"],
              ),
            );
            continue;
          }
          incoming[section][key] = { ...structuredClone(rec), id: key };
        }
      }
      if (shapeProblems.length)
        throw new AppError(
          "invalid",
          `the payload has ${shapeProblems.length} invalid id(s); nothing was written`,
          shapeProblems,
        );

      const run = async () => {
        const tiers = await this.loadTiers();
        const before = mergeTiers(tiers);
        const target = tiers.find((t) => t.scope === scope);
        // checkWritable let only a writable scope through, and loadTiers always loads those.
        if (!target) throw new AppError("bad_request", `no ${scope} tier to import into`);
        const fresh = opts.mustBeNew;
        if (fresh && target.entities[fresh.section].has(fresh.id)) {
          const kind = KIND_OF[fresh.section];
          throw new AppError(
            "conflict",
            `${kind} "${fresh.id}" already exists in the ${scope} tier; update it instead`,
            [
              fieldError(
                `${kind}-already-exists`,
                "error",
                `${kind} "${fresh.id}" already exists in the ${scope} tier`,
                fresh.section,
                fresh.id,
                ["id"],
              ),
            ],
          );
        }
        const broken = target.problems.filter(
          (p) =>
            p.severity === "error" &&
            SECTIONS.some((s) => Object.keys(incoming[s]).some((id) => p.location === `#/${s}/${id}`)),
        );
        if (broken.length)
          throw new AppError(
            "conflict",
            `the import would replace ${broken.length} file(s) that cannot be read; fix or remove them first`,
            broken,
          );
        const etag = etagOf(
          SECTIONS.flatMap((s) =>
            Object.keys(incoming[s]).map((id) => `${s}/${id} ${target.entities[s].get(id)?.etag ?? "absent"}`),
          ).join("\n"),
        );
        if (opts.ifMatch !== undefined && opts.ifMatch !== etag)
          throw new AppError("conflict", "the files this import replaces changed since its dry run; run it again", [], {
            etag,
          });
        const files: { path: string; action: "create" | "update" | "unchanged" }[] = [];
        const changes: { rel: string; content: string }[] = [];
        for (const section of SECTIONS) {
          const kind = KIND_OF[section];
          for (const [id, rec] of Object.entries(incoming[section])) {
            const existing = target.entities[section].get(id);
            // A record keyed by an id that differs from its file name is replaced in its own file.
            const file = existing?.file ?? confinedPath(dir, section, `${id}.json`);
            const rel = path.relative(dir, file).split(path.sep).join("/");
            const content = stringifyRecord(orderKeys(rec, CANONICAL_KEYS[kind]));
            const shown = displayPath(file, this.displayBase(scope));
            const unchanged = existing && stringifyRecord(orderKeys(existing.record, CANONICAL_KEYS[kind])) === content;
            files.push({ path: shown, action: existing ? (unchanged ? "unchanged" : "update") : "create" });
            if (!unchanged) changes.push({ rel, content });
            target.entities[section].set(id, { scope, file, path: shown, record: rec, etag: "" });
          }
        }
        const after = mergeTiers(tiers);
        const beforeProblems = new Set(
          validateOrg(buildIndex(recordsOf(before), undefined, this.schemaLookup(before))).map(problemKey),
        );
        const afterProblems = validateOrg(buildIndex(recordsOf(after), undefined, this.schemaLookup(after)));
        const touched = (e: FieldError) =>
          SECTIONS.some((s) =>
            Object.keys(incoming[s]).some(
              (id) => e.location === `#/${s}/${id}` || e.location.startsWith(`#/${s}/${id}/`),
            ),
          );
        const blocking = afterProblems.filter((e) => touched(e) || !beforeProblems.has(problemKey(e)));
        const { errors, warnings } = splitBySeverity(blocking);
        if (errors.length)
          throw new AppError("invalid", `the import has ${errors.length} error(s); nothing was written`, errors);
        if (!opts.dryRun && changes.length) {
          await commitFiles(dir, changes);
          this.invalidate();
        }
        const written = opts.dryRun ? [] : files.filter((f) => f.action !== "unchanged").map((f) => f.path);
        return { ok: true as const, dryRun: !!opts.dryRun, etag, written, files, warnings };
      };
      await this.recover();
      return opts.dryRun ? await run() : await withTierLock(dir, run);
    } catch (error) {
      return fail(error);
    }
  }

  /**
   * Creates a team together with its owner specialist, who is moved into it in the same
   * transaction, so no empty team is ever written (design.md §3a: Construct refuses one). The
   * specialist's file in that tier gets `team` (and `teamId`, when it has one); a specialist with no
   * file there gets an override holding only those. Fails, writing nothing, when the team already
   * exists in the tier, the specialist does not exist, or the org afterwards would have errors
   * (including those the move causes on the specialist's former team).
   */
  async createTeam(
    record: EntityRecord,
    opts: { ownerSpecialist: string; scope?: Scope; dryRun?: boolean },
  ): Promise<WriteResult> {
    try {
      const scope = this.checkWritable("team", String(record.id ?? ""), opts.scope ?? "project");
      const id = this.checkId("team", record.id);
      const ownerId = opts.ownerSpecialist;
      const specialist = (await this.snapshot()).rows.specialists.get(ownerId);
      if (!specialist)
        throw new AppError("invalid", `no specialist "${ownerId}" to own the new team; nothing was written`, [
          fieldError("team-owner-specialist-unknown", "error", `specialist "${ownerId}" does not exist`, "teams", id, [
            "owner",
          ]),
        ]);
      const own = specialist.layers.find((l) => l.scope === scope)?.record;
      const membership: EntityRecord = {
        team: id,
        ...(typeof specialist.record.teamId === "string" ? { teamId: id } : {}),
      };
      const result = await this.importOrg(
        {
          ...emptyOrg(),
          teams: { [id]: record },
          specialists: { [ownerId]: { ...(own ?? {}), ...membership, id: ownerId } },
        },
        { scope, mustBeNew: { section: "teams", id }, dryRun: opts.dryRun },
      );
      if (!result.ok) return result;
      if (opts.dryRun) {
        const teamFile = result.files.find((f) => f.path.includes(`teams/${id}.json`));
        const dry: DryRunOk = {
          ok: true,
          dryRun: true,
          path: teamFile?.path ?? "",
          file: record,
          record,
          etag: "",
          warnings: result.warnings,
        };
        return dry;
      }
      const row = (await this.snapshot()).rows.teams.get(id);
      return {
        ok: true,
        path: row?.path ?? "",
        record: row?.record ?? record,
        etag: row?.etag ?? "",
        warnings: result.warnings,
      };
    } catch (error) {
      return fail(error);
    }
  }

  private graphCache = new WeakMap<Snapshot, Graph>();
  private layoutCache = new WeakMap<Snapshot, AutoLayout>();
  private lastLayout: AutoLayout | null = null;

  /**
   * The automatic layout of the org as it is, once per snapshot. The editor page ships it, so
   * neither each page render nor the browser runs dagre (at 1,000 specialists, 0.6 s each).
   */
  async autoLayout(): Promise<AutoLayout> {
    const snap = await this.snapshot();
    let layout = this.layoutCache.get(snap);
    if (!layout) {
      const graph = this.graphOf(snap);
      const structureKey = structureKeyOf(graph);
      // Most saves change a description or a fence, not who exists or belongs where: the last
      // layout still holds, and laying 1,000 specialists out again would hold the server for 0.5 s.
      layout =
        this.lastLayout?.structureKey === structureKey
          ? this.lastLayout
          : { structureKey, positions: layoutGraph(graph.nodes, graph.edges) };
      this.layoutCache.set(snap, layout);
      this.lastLayout = layout;
    }
    return layout;
  }

  /** The merged org as nodes and the four kinds of relationship edges, with each node's tier and problem counts. */
  async graph(): Promise<Graph> {
    return this.graphOf(await this.snapshot());
  }

  private graphOf(snap: Snapshot): Graph {
    let graph = this.graphCache.get(snap);
    if (!graph) {
      const scopes: Record<string, Scope> = {};
      const sources: Record<string, string> = {};
      for (const section of SECTIONS) {
        for (const [id, row] of snap.rows[section]) {
          scopes[`${section}/${id}`] = row.scope;
          if (row.source) sources[`${section}/${id}`] = row.source;
        }
      }
      graph = orgToGraph({
        org: recordsOf(snap.rows),
        scopes,
        sources,
        problems: [...snap.loadProblems, ...this.validation(snap)],
      });
      this.graphCache.set(snap, graph);
    }
    return graph;
  }

  /** "Would this pass?" for a form: the draft merged into the org, nothing written. */
  async validateDraft(
    kind: EntityKind | "fence",
    record: EntityRecord,
    opts: { specialistId?: string } = {},
  ): Promise<ValidationResult> {
    const snap = await this.snapshot();
    if (kind === "fence") {
      const id = opts.specialistId ?? String(record.specialistId ?? "");
      const row = snap.rows.specialists.get(id);
      if (!row)
        return toResult([
          fieldError(
            "fence-missing-specialist-id",
            "error",
            `no specialist "${id}" to hold this fence`,
            "specialists",
            id,
            ["specialistId"],
          ),
        ]);
      const fence = Object.fromEntries(Object.entries(record).filter(([key]) => key !== "specialistId"));
      return validateDraftIn(snap.index, "specialist", { ...row.record, fence });
    }
    return validateDraftIn(snap.index, kind, record);
  }

  /** Ranks specialists (and the draft, if given) for a task description. */
  async previewRoute(opts: {
    description: string;
    draftSpecialist?: EntityRecord;
    limit?: number;
  }): Promise<{ candidates: RouteCandidate[] }> {
    const snap = await this.snapshot();
    const draftId = opts.draftSpecialist ? String(opts.draftSpecialist.id || "draft") : null;
    const docs = [...snap.rows.specialists.values()]
      .filter((r) => r.id !== draftId)
      .map((r) => routeDoc(r.id, r.record));
    if (opts.draftSpecialist) docs.push(routeDoc(draftId ?? "draft", opts.draftSpecialist, true));
    return { candidates: rankRoutes(opts.description, docs, opts.limit ?? 10) };
  }

  private async teamFor(teamId: string | undefined): Promise<EntityRecord | null> {
    if (!teamId) return null;
    const snap = await this.snapshot();
    return snap.rows.teams.get(teamId)?.record ?? snap.rows.groups.get(teamId)?.record ?? null;
  }

  /** The fence a (draft) specialist really has inside a team. */
  async previewEffectiveFence(opts: {
    draftSpecialist: EntityRecord;
    teamId?: string;
  }): Promise<EffectiveFence & { teamId: string | null; forbiddenDecisions: string[]; reason?: string }> {
    const teamId =
      opts.teamId ?? (typeof opts.draftSpecialist.team === "string" ? opts.draftSpecialist.team : undefined);
    const team = await this.teamFor(teamId);
    const forbiddenDecisions = Array.isArray(team?.forbiddenDecisions) ? (team.forbiddenDecisions as string[]) : [];
    const reason = noTeamReason(teamId, team);
    return {
      ...effectiveFence(opts.draftSpecialist.fence, team),
      teamId: team && teamId ? teamId : null,
      forbiddenDecisions,
      ...(reason ? { reason } : {}),
    };
  }

  /** Decides one action (`edit src/x.ts`, `bash git push`, `commit`) against the effective fence. */
  async previewAction(opts: {
    specialistId?: string;
    draftSpecialist?: EntityRecord;
    teamId?: string;
    action: string;
    target: string;
  }): Promise<
    ({ ok: true } & FenceDecision & { fence: EffectiveFence; specialistId: string; teamId: string | null }) | Failure
  > {
    const snap = await this.snapshot();
    const specialist =
      opts.draftSpecialist ?? (opts.specialistId ? snap.rows.specialists.get(opts.specialistId)?.record : undefined);
    if (!specialist) return fail(new AppError("not_found", `specialist "${opts.specialistId}" does not exist`));
    const teamId = opts.teamId ?? (typeof specialist.team === "string" ? specialist.team : undefined);
    const team = await this.teamFor(teamId);
    const fence = effectiveFence(specialist.fence, team);
    const decision = checkAction(fence, opts.action, opts.target);
    const noTeam = noTeamReason(teamId, team);
    return {
      ok: true,
      ...decision,
      ...(noTeam && !decision.allowed ? { rule: `${decision.rule ?? decision.reason}; ${noTeam}` } : {}),
      fence,
      specialistId: String(specialist.id ?? opts.specialistId ?? "draft"),
      teamId: team && teamId ? teamId : null,
    };
  }
}

/** Validates one org folder on its own (`validate --tree`), as a pack author would before publishing. */
export async function validateTree(
  dir: string,
  opts: { schemasRoot?: string } = {},
): Promise<ValidationResult & { problems: FieldError[]; counts: Record<Section, number> }> {
  const tier = await loadTier("project", dir, dir);
  const rows = mergeTiers([tier]);
  // A tree alone has no project root: output.schema is checked against --schemas-root, or not at all (a warning).
  const { schemasRoot } = opts;
  const lookup: SchemaFileLookup = (_id, schemaPath) =>
    schemasRoot ? existsSync(path.resolve(schemasRoot, schemaPath)) : "unknown";
  const problems = [...tier.problems, ...validateOrg(buildIndex(recordsOf(rows), undefined, lookup))];
  const counts = Object.fromEntries(SECTIONS.map((s) => [s, rows[s].size])) as Record<Section, number>;
  return { ...toResult(problems), problems, counts };
}
