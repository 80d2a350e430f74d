/**
 * The org's vocabulary as plain constants, with no zod behind them: the editor's first load
 * needs these names, and importing them from the schema modules brought zod (about 40 kB gz)
 * into it. The schema modules build their enums from these and re-export them.
 */

/** The five file-backed sections of an org tier, in the order they are listed and exported. */
export const SECTIONS = ["groups", "teams", "specialists", "contracts", "policies"] as const;
export type Section = (typeof SECTIONS)[number];

export const ENTITY_KINDS = ["group", "team", "specialist", "contract", "policy"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const SECTION_OF: Record<EntityKind, Section> = {
  group: "groups",
  team: "teams",
  specialist: "specialists",
  contract: "contracts",
  policy: "policies",
};
export const KIND_OF: Record<Section, EntityKind> = {
  groups: "group",
  teams: "team",
  specialists: "specialist",
  contracts: "contract",
  policies: "policy",
};

/** Tiers from lowest to highest precedence; enabled packs sit between the built-in org and the user tier. */
export const SCOPES = ["builtin", "pack", "user", "project"] as const;
export type Scope = (typeof SCOPES)[number];
export const WRITABLE_SCOPES = ["user", "project"] as const;
export type WritableScope = (typeof WRITABLE_SCOPES)[number];

/** A record as it sits in a file: an object whose fields are checked by the kind's schema once merged. */
export type EntityRecord = Record<string, unknown>;

/** Every section of an org, keyed by id. */
export type OrgRecords = Record<Section, Record<string, EntityRecord>>;

export function emptyOrg(): OrgRecords {
  return { groups: {}, teams: {}, specialists: {}, contracts: {}, policies: {} };
}

/** Parties every org knows besides its specialists. `*` stands for any producer. */
export const WELL_KNOWN_PARTIES = ["user", "construct", "*"] as const;

export const NODE_KINDS = ["specialist", "team", "group", "party"] as const;
export type GraphNodeKind = (typeof NODE_KINDS)[number];

/** The four relationships ADR-0072 names, plus team membership, which is drawn faintly and lays the graph out. */
export const EDGE_KINDS = ["handoff", "escalation", "contract", "team-boundary", "member"] as const;
export type GraphEdgeKind = (typeof EDGE_KINDS)[number];
