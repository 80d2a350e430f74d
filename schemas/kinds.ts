import type { EntityKindSpec, RecordOf } from "./kind-spec";
import { ADR_KIND_SPECS } from "./kinds-adr";
import { CONSTRUCT_2_KIND_SPECS } from "./kinds-construct-2";

import type { Unchecked } from "./views";

// Plain constants, no zod: the editor's first load needs these names, and zod weighs about 40 kB gz.

/**
 * The two generations of Construct the studio edits: the org of specialists, teams, groups and
 * contract files (`adr`), and Construct 2.x's worker profiles over its package's registry (`2`).
 * A project is one or the other; a kind belongs to one.
 */
export const GENERATIONS = ["adr", "2"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** The side panel's forms; components/panel maps each to its component. */
export type FormName = "specialist" | "team" | "contract" | "policy" | "worker-profile" | "registry";

/** A record as a file's JSON (or a request body) holds it, before anything is known about its fields. */
export type EntityRecord = Record<string, unknown>;

/**
 * Every record kind of an org tier, in the order sections are listed and exported. Zod-free, so
 * the editor's first load reads it; ./entity-kinds adds each kind's schema.
 */
export const ENTITY_KIND_SPECS = { ...ADR_KIND_SPECS, ...CONSTRUCT_2_KIND_SPECS } as const satisfies {
  [K in keyof RecordOf]: EntityKindSpec<K>;
};

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
 * The API's kinds beside the record kinds: the fence of the project's principal kind (a specialist,
 * or a worker profile), served and written as part of its record, and skills, read from
 * `<skills>/<bundle>/<name>.md`.
 */
export const SUB_KIND_SPECS = {
  fence: {
    titles: "fences",
    writable: true,
    id: "file-name",
    files: "org/specialists/",
  },
  skill: {
    titles: "skills",
    writable: false,
    id: "skill-path",
    files: "specialists/skills/",
  },
} as const;

/** Tiers from lowest to highest precedence; enabled packs sit between the built-in org and the user tier. */
export const SCOPES = ["builtin", "pack", "user", "project"] as const;
export type Scope = (typeof SCOPES)[number];
export const WRITABLE_SCOPES = ["user", "project"] as const;
export type WritableScope = (typeof WRITABLE_SCOPES)[number];

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
export const ENFORCEMENT_LEVELS = ["advisory", "soft", "hard"] as const;

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

/** Specialists first, then what holds them; every other kind after, in its spec's order. */
const LISTED_FIRST: readonly EntityKind[] = ["specialist", "team", "group"];

/** Record kinds in the order the list page and the New menu give them. */
export function inListOrder(kinds: readonly EntityKind[]): EntityKind[] {
  return [...LISTED_FIRST.filter((k) => kinds.includes(k)), ...kinds.filter((k) => !LISTED_FIRST.includes(k))];
}
