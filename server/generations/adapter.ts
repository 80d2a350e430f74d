import type { EmbedToggleResult, OverridesResponse } from "@/schemas/api/embed";
import type { GraphEdgeKind } from "@/schemas/edge-kinds";
import type { CapabilityView, DryRunPlan, EmbedList, EmbedOverridesBody } from "@/schemas/embed";
import type { TickRecord } from "@/schemas/embed-tick";
import type { EffectiveFence } from "@/schemas/fence";
import type { CheckedBy, FieldError, ValidationResult } from "@/schemas/field-error";
import type { Feature } from "@/schemas/generation";
import type { EntityKind, EntityRecord, Generation, Scope, Section } from "@/schemas/kinds";
import type { PacksFile } from "@/schemas/pack-manifest";
import type { StudioPaths } from "../config";
import type { ConstructInstall } from "../construct/detect";
import type { TickEvent } from "../embed/embed-service";
import type { Rows } from "../org/merge";
import type { OrgApi } from "../org/org-api";
import type { TierData, TierFolder } from "../org/tiers";
import type { LoadedPack } from "../packs/pack-disk";
import type { PackService } from "../packs/pack-service";
import type { PromptResolution, PromptResolver } from "../packs/prompt-resolver";

/**
 * Everything that differs between the generations of Construct the studio edits, behind one
 * interface: each generation is one folder beside this file that implements it, and config.ts
 * chooses the project's once. No module outside those folders asks which generation it serves; it
 * asks the project's adapter (`paths.adapter`) instead.
 */
export interface GenerationAdapter {
  readonly id: Generation;
  /** How sentences name it: "Construct 2.x", "the earlier Construct org". */
  readonly name: string;
  /** Its org in one sentence: what it holds and how its tiers combine. */
  readonly orgSummary: string;
  /** Its org's record kinds, in the order the list page and the New menu give them. */
  readonly kinds: readonly EntityKind[];
  /** The relationships its graph can hold; the legend offers only these. */
  readonly edgeKinds: readonly GraphEdgeKind[];
  /** The kind that holds a fence, a prompt and skills: what routing ranks and reach starts from. */
  readonly principal: "specialist" | "worker-profile";
  /** Why each feature it lacks is absent, in the words every surface gives. */
  readonly absent: Partial<Record<Feature, string>>;
  /** Why a record kind of another generation does not exist here, in the words every surface gives. */
  absentKind(kind: EntityKind): string;

  /** Where its tiers, skills and packs are, for a project at `input.root`. */
  locate(input: LocateInput): Locations;
  /** The header's words for the Construct being edited. */
  label(install: ConstructInstall): string;
  /** The line every CLI command prints to stderr first. */
  describe(install: ConstructInstall, root: string): string;

  readonly tiers: TierRules;
  /** What is wrong with the project as this generation runs it, beyond any one record (the files that set it up). */
  orgProblems(rows: Rows, paths: { root: string; construct: ConstructInstall }): FieldError[];
  readonly fence: FenceRules;
  readonly packs: PackRules;
  readonly validators: PackageValidators;
  readonly trust: TrustRules;
  /** What its embed capabilities are and where they come from, in a sentence for the Embed page. */
  embedSummary(install: ConstructInstall): string;
  /** Embed capabilities as the generation keeps them, in the shapes every surface shows. */
  embed(deps: EmbedDeps): EmbedBackend;
  /** Where a principal's prompt is found and saved. */
  prompts(deps: PromptDeps): PromptRules;
  /** Moving an earlier generation's org into this one, when the generation takes one in. */
  readonly migration?: Migration;
  /** Where Construct writes its activity records in a project at `root`, or null when the generation keeps none. */
  activity(root: string): ActivityFiles | null;
  /** The files and folders the studio writes in a project, which git must see for them to be reviewed. */
  gitVisible(paths: ProjectFolders): GitVisible[];
}

export type LocateInput = {
  root: string;
  appDir: string;
  /** `$XDG_CONFIG_HOME`, else `~/.config`; `configHomeGiven` when a caller named it. */
  configHome: string;
  configHomeGiven: boolean;
  install: ConstructInstall;
};

export type Locations = {
  /** The project's own folder, holding its tier (`org/`), the studio's layout and tests, and runtime state. */
  projectDir: string;
  builtinOrgDir: string;
  skillsDir: string;
  userPacksDir: string;
  projectPacksDir: string;
  packsFile: string;
  /** What the built-in tier's files are shown relative to. */
  builtinDisplayBase: string;
};

export type TierRules = {
  /** The folders a tier of `scope` holds. */
  folders(scope: Scope): readonly TierFolder[];
  /** Reads one tier of `scope` at `dir`, its paths shown relative to `displayBase`. */
  read(scope: "builtin" | "user" | "project", dir: string, displayBase: string): Promise<TierData>;
  /** Tiers that are an installed package rather than files versioned with the project: never read from git. */
  installed: readonly Scope[];
  /** Whether a folder on its own (`validate --tree`) looks like a tier of this generation. */
  recognizes(dir: string): boolean;
};

export type FenceRules = {
  /** The fence a principal really has, inside its team when the generation has teams. */
  effective(record: EntityRecord, team: EntityRecord | null): EffectiveFence;
  /** Why a principal's team adds nothing to its fence, or null (a generation without teams: always null). */
  noTeamReason(teamId: string | undefined, team: EntityRecord | null): string | null;
};

export type PackInspectContext = {
  dir: string;
  shown: string;
  install: ConstructInstall;
  coreVersion: string;
  seen: Record<string, string>;
  overrides: (section: Section, id: string) => boolean;
};

export type PackRules = {
  /** Whether a packs folder's `@scope` folders hold packs, one level down. */
  scopedFolders: boolean;
  /** The folder a pack of `id` installs into. */
  folder(packsDir: string, id: string): string;
  /** Checks a pack's parsed manifest and reads what it contributes, into `row`. */
  inspect(row: LoadedPack, manifest: unknown, ctx: PackInspectContext): Promise<LoadedPack>;
  /** Packs that are part of Construct itself, listed first and always enabled. */
  core(paths: { construct: ConstructInstall; root: string }): LoadedPack[];
  /** Packs shipped inside the installed package, or null. */
  builtinDir(install: ConstructInstall): string | null;
  /** What packs.json records for a pack being enabled (`previous`: its entry before). */
  enabledEntry(pack: LoadedPack | undefined, previous: PacksFile["enabled"][string] | undefined): PacksFileEntry;
  /** What a pack's compatibility is judged against, in words: the core version, or the Construct release. */
  compatLine(install: ConstructInstall, coreVersion: string): string;
  /** Whether a pack tier's worker profiles or records join the org the generation runs. */
  joinsOrg: boolean;
};

export type PacksFileEntry = PacksFile["enabled"][string];

export type PackageValidators = {
  /**
   * Adds what the generation's own package refuses in `records` (custom principal records by id) to
   * the studio's result, and says which validators answered.
   */
  check(
    paths: { root: string; trustFile: string; construct: ConstructInstall },
    result: ValidationResult,
    records: readonly [string, EntityRecord][],
  ): Promise<ValidationResult & { checkedBy: CheckedBy }>;
};

export type EmbedDeps = {
  paths: StudioPaths;
  packs: PackService;
  org: OrgApi;
  resolvePrompt: (id: string) => Promise<PromptResolution>;
  /** For tests: the clock and environment a tick reads. */
  now?: () => Date;
  env?: Record<string, string | undefined>;
};

/** What the dashboard, `/api/embed`, the CLI and the MCP tools ask of embed capabilities. */
export interface EmbedBackend {
  list(): Promise<EmbedList>;
  status(id: string): Promise<CapabilityView>;
  /** The whole resolution chain, executing nothing. */
  dryRun(id: string): Promise<DryRunPlan>;
  enable(id: string, opts?: { ifMatch?: string; dryRun?: boolean }): Promise<EmbedToggleResult>;
  disable(id: string, opts?: { ifMatch?: string; dryRun?: boolean }): Promise<EmbedToggleResult>;
  setOverrides(id: string, body: EmbedOverridesBody, ifMatch: string): Promise<OverridesResponse>;
  tick(id: string, trigger?: TickRecord["trigger"]): Promise<TickRecord>;
  onTick(listener: (event: TickEvent) => void): () => void;
  /** Capabilities or their enable files changed. */
  onChange(listener: () => void): () => void;
}

export type PromptDeps = { org: OrgApi; paths: StudioPaths; packs: PackService; resolver: PromptResolver };

export type PromptRules = {
  resolve(id: string): Promise<PromptResolution>;
  /** Saves over the version `ifMatch` names; `current` reads the prompt as it is now. */
  save(
    id: string,
    content: string,
    opts: { ifMatch: string; current: () => Promise<{ ok: boolean; content?: string; path?: string | null }> },
  ): Promise<void>;
};

export type Migration = {
  run(paths: StudioPaths, opts: { scope: "project" | "user"; dryRun: boolean }): Promise<MigrationOutcome>;
};
/** What a migration did or would do, as a report; `refused` non-empty when nothing was written. */
export type MigrationOutcome = { report: string; refused: { message: string }[]; written: number };

/** Whether the studio may run the code of the Construct package a project uses. */
export type TrustRules = {
  status(paths: TrustPaths): TrustStatus;
  /** Trusts (or, with `revoke`, forgets trusting) the project's own install; throws when there is none to trust. */
  set(paths: TrustPaths, opts: { revoke?: boolean }): Promise<TrustStatus>;
};
export type TrustPaths = { root: string; trustFile: string; construct: ConstructInstall };
/** `offered`: the header offers to trust the project's own install. */
export type TrustStatus = { trusted: boolean; message: string; offered: boolean };

export type ProjectFolders = { root: string; projectDir: string };

/** The active files of the activity records: segments rotated out of them sit beside them. */
export type ActivityFiles = { trail: string; agentLog: string };

/** A path git must not ignore; `dir` for a folder (its contents), else one file. */
export type GitVisible = { path: string; dir: boolean };
