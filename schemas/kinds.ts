import type { Contract } from "./contract";
import type { Policy } from "./policy";
import type { Specialist } from "./specialist";
import type { Group, Team } from "./team";
import type { Known, Unchecked } from "./views";

// Plain constants, no zod: the editor's first load needs these names, and zod weighs about 40 kB gz.

/** The fields a record of type `T` has, and one level into its object fields (`teamBoundary.producerTeam`). */
type FieldOf<T> = {
  [K in keyof Known<T> & string]:
    | K
    | (NonNullable<Known<T>[K]> extends readonly unknown[]
        ? never
        : NonNullable<Known<T>[K]> extends object
          ? `${K}.${keyof Known<NonNullable<Known<T>[K]>> & string}`
          : never);
}[keyof Known<T> & string];

/** The inferred type of each record kind's schema (the schemas themselves are in ./entity-kinds). */
type RecordOf = {
  group: Group;
  team: Team;
  specialist: Specialist;
  contract: Contract;
  // Construct checks only that a policy is an object; a file's `name` is still shown when it has one.
  policy: Policy & { name?: string };
};

/** The side panel's forms; components/panel maps each to its component. */
export type FormName = "specialist" | "team" | "contract" | "policy";

type EntityKindSpec<K extends keyof RecordOf> = {
  /** Its folder in each tier (`org/<section>/<id>.json`) and its key in `OrgRecords`. */
  section: string;
  /** One record and the heading of many ("Team", "Teams"). */
  title: string;
  titles: string;
  /** Whether the studio writes it (user and project tiers), or only shows it. */
  writable: boolean;
  /** Ids name files, so every kind takes the file-name grammar of `idProblem` (schemas/common). */
  id: "file-name";
  /** What the canvas reads at first paint (lib/api/summary): a field the graph starts reading goes here. */
  graphFields: readonly FieldOf<RecordOf[K]>[];
  /** The field order files are written in, so app-written files read like hand-written ones. */
  keys: readonly (keyof Known<RecordOf[K]> & string)[];
  form: FormName;
  /** The list page's line for a record: the fields a person scans for. */
  line: (r: EntityRecord) => string;
  /** What the palette searches besides id and name; never a prompt body, which would match everything. */
  searchText: (r: EntityRecord) => unknown[];
};

const text = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown) => (Array.isArray(v) ? v.join(", ") : "");
const ownerLine = (r: EntityRecord) => `owner ${text(r.owner)} · roles ${list(r.roles)}`;
const teamText = (r: EntityRecord) => [r.owner, r.charter, r.groupId, r.roles, r.squads];

/**
 * Every record kind of an org tier, in the order sections are listed and exported. Zod-free, so
 * the editor's first load reads it; ./entity-kinds adds each kind's schema.
 */
export const ENTITY_KIND_SPECS = {
  group: {
    section: "groups",
    title: "Group",
    titles: "Groups",
    writable: true,
    id: "file-name",
    graphFields: ["name", "squads", "escalationPath"],
    keys: [
      "id",
      "kind",
      "name",
      "owner",
      "roles",
      "squads",
      "decisionRights",
      "forbiddenDecisions",
      "escalationPath",
      "charter",
      "contact",
      "evidence",
    ],
    form: "team",
    line: ownerLine,
    searchText: teamText,
  },
  team: {
    section: "teams",
    title: "Team",
    titles: "Teams",
    writable: true,
    id: "file-name",
    graphFields: ["name", "owner", "escalationPath"],
    keys: [
      "id",
      "kind",
      "groupId",
      "name",
      "owner",
      "roles",
      "specialists",
      "collaborators",
      "decisionRights",
      "forbiddenDecisions",
      "escalationPath",
      "charter",
      "contact",
      "evidence",
    ],
    form: "team",
    line: ownerLine,
    searchText: teamText,
  },
  specialist: {
    section: "specialists",
    title: "Specialist",
    titles: "Specialists",
    writable: true,
    id: "file-name",
    graphFields: ["name", "displayName", "role", "team", "groupId", "handoffCandidates"],
    keys: [
      "id",
      "name",
      "role",
      "displayName",
      "description",
      "when_to_use",
      "modelTier",
      "reasoningEffort",
      "skills",
      "events",
      "fence",
      "handoffCandidates",
      "team",
      "teamId",
      "groupId",
      "promptFile",
      "claudeTools",
    ],
    form: "specialist",
    line: (r) => `${text(r.role)} · ${text(r.team)} · ${text(r.description)}`,
    searchText: (r) => [r.role, r.team, r.description, r.skills],
  },
  contract: {
    section: "contracts",
    title: "Contract",
    titles: "Contracts",
    writable: true,
    id: "file-name",
    graphFields: ["producer", "consumer", "teamBoundary.producerTeam", "teamBoundary.consumerTeam"],
    keys: [
      "id",
      "description",
      "producer",
      "consumer",
      "trigger",
      "input",
      "output",
      "preconditions",
      "postconditions",
      "teamBoundary",
    ],
    form: "contract",
    line: (r) => `${text(r.producer)} → ${text(r.consumer)}${r.teamBoundary ? " · crosses teams" : ""}`,
    searchText: (r) => {
      const boundary = (r.teamBoundary ?? {}) as EntityRecord;
      return [r.producer, r.consumer, r.description, boundary.producerTeam, boundary.consumerTeam];
    },
  },
  policy: {
    section: "policies",
    title: "Policy",
    titles: "Policies",
    writable: true,
    id: "file-name",
    graphFields: ["name"],
    keys: [
      "id",
      "owner",
      "description",
      "enforcement",
      "mode",
      "requiresApprovalFrom",
      "mayVetoFrom",
      "escalatesTo",
      "decisionRights",
      "conditions",
      "evidence",
    ],
    form: "policy",
    line: (r) => `${text(r.mode)} · ${text(r.description)}`,
    searchText: (r) => [r.owner, r.mode, r.enforcement, r.description, r.decisionRights],
  },
} as const satisfies { [K in keyof RecordOf]: EntityKindSpec<K> };

export type EntityKind = keyof typeof ENTITY_KIND_SPECS;
/** The record kinds the studio writes: each needs a new record's template and its graph rules. */
export type WritableEntityKind = {
  [K in EntityKind]: (typeof ENTITY_KIND_SPECS)[K]["writable"] extends true ? K : never;
}[EntityKind];
export const isWritableKind = (kind: EntityKind): kind is WritableEntityKind => ENTITY_KIND_SPECS[kind].writable;
export const ENTITY_KINDS = Object.keys(ENTITY_KIND_SPECS) as [EntityKind, ...EntityKind[]];
export const WRITABLE_ENTITY_KINDS = ENTITY_KINDS.filter(isWritableKind) as [
  WritableEntityKind,
  ...WritableEntityKind[],
];
export type SectionOf<K extends EntityKind> = (typeof ENTITY_KIND_SPECS)[K]["section"];
/** The file-backed sections of an org tier, in the order they are listed and exported. */
export type Section = SectionOf<EntityKind>;
export const SECTIONS = ENTITY_KINDS.map((kind) => ENTITY_KIND_SPECS[kind].section) as [Section, ...Section[]];

export const SECTION_OF = Object.fromEntries(ENTITY_KINDS.map((k) => [k, ENTITY_KIND_SPECS[k].section])) as {
  [K in EntityKind]: SectionOf<K>;
};
export const KIND_OF = Object.fromEntries(ENTITY_KINDS.map((k) => [ENTITY_KIND_SPECS[k].section, k])) as Record<
  Section,
  EntityKind
>;

/**
 * The API's kinds beside the record kinds: a specialist's fence (served and written as part of
 * its specialist), and skills, read from `specialists/skills/<bundle>/<name>.md`.
 */
export const SUB_KIND_SPECS = {
  fence: { of: "specialist", titles: "fences", writable: true, id: "file-name", files: "org/specialists/" },
  skill: { of: "specialist", titles: "skills", writable: false, id: "skill-path", files: "specialists/skills/" },
} as const;

/** Tiers from lowest to highest precedence; enabled packs sit between the built-in org and the user tier. */
export const SCOPES = ["builtin", "pack", "user", "project"] as const;
export type Scope = (typeof SCOPES)[number];
export const WRITABLE_SCOPES = ["user", "project"] as const;
export type WritableScope = (typeof WRITABLE_SCOPES)[number];

/** A record as a file's JSON (or a request body) holds it, before anything is known about its fields. */
export type EntityRecord = Record<string, unknown>;

/**
 * Each section's records merged from the tiers, unvalidated: fields are typed `unknown` until read
 * through the kind's view, and a field the schema does not declare fails to compile.
 */
export type OrgRecords = { [K in EntityKind as SectionOf<K>]: Record<string, Unchecked<RecordOf[K]>> };

/** One value per section, in SECTIONS order: an empty org, a tier's maps. */
export function bySection<T>(make: (section: Section) => T): Record<Section, T> {
  return Object.fromEntries(SECTIONS.map((section) => [section, make(section)])) as Record<Section, T>;
}

/**
 * One value per record kind, keyed by kind or by `key` (its section). `R` names each kind's own type:
 * a map over the kinds' union loses it (zod's generics cannot follow a kind through a union), so the
 * one cast from the built object to `R` is here.
 */
export function byKind<R>(make: (kind: EntityKind) => unknown, key: (kind: EntityKind) => string = (kind) => kind): R {
  return Object.fromEntries(ENTITY_KINDS.map((kind) => [key(kind), make(kind)])) as R;
}

export function emptyOrg(): OrgRecords {
  return bySection(() => ({})) as OrgRecords;
}

/** Parties every org knows besides its specialists. `*` stands for any producer. */
export const WELL_KNOWN_PARTIES = ["user", "construct", "*"] as const;

export const MODEL_TIERS = ["fast", "standard", "reasoning"] as const;
export const REASONING_EFFORTS = ["low", "medium", "high"] as const;
export const TEAM_KINDS = ["squad", "team"] as const;
export const POSTCONDITION_TYPES = ["advisory", "executable"] as const;

export const POSTCONDITION_CHECKS = {
  "artifact-has-frontmatter-field": "field",
  "artifact-has-section": "section",
  "artifact-section-nonempty": "section",
  "artifact-claims-cited": null,
  "artifact-has-mermaid": null,
  "artifact-has-table": null,
  "artifact-table-has-columns": "columns",
  "artifact-reviewers-seen": null,
} as const;
export type PostconditionCheck = keyof typeof POSTCONDITION_CHECKS;
export const POSTCONDITION_CHECK_NAMES = Object.keys(POSTCONDITION_CHECKS) as [
  PostconditionCheck,
  ...PostconditionCheck[],
];
