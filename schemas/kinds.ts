import type { Contract } from "./contract";
import type { Policy } from "./policy";
import type { Specialist } from "./specialist";
import type { Group, Team } from "./team";
import type { Unchecked } from "./views";

// Plain constants, no zod: the editor's first load needs these names, and zod weighs about 40 kB gz.

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

/** A record as a file's JSON (or a request body) holds it, before anything is known about its fields. */
export type EntityRecord = Record<string, unknown>;

/**
 * Each section's records merged from the tiers, unvalidated: fields are typed `unknown` until read
 * through the kind's view, and a field the schema does not declare fails to compile.
 */
export type OrgRecords = {
  groups: Record<string, Unchecked<Group>>;
  teams: Record<string, Unchecked<Team>>;
  specialists: Record<string, Unchecked<Specialist>>;
  contracts: Record<string, Unchecked<Contract>>;
  policies: Record<string, Unchecked<Policy>>;
};

export function emptyOrg(): OrgRecords {
  return { groups: {}, teams: {}, specialists: {}, contracts: {}, policies: {} };
}

/** Parties every org knows besides its specialists. `*` stands for any producer. */
export const WELL_KNOWN_PARTIES = ["user", "construct", "*"] as const;

export const NODE_KINDS = ["specialist", "team", "group", "party"] as const;
export type GraphNodeKind = (typeof NODE_KINDS)[number];

/** The four relationships between entities, plus team membership, which is drawn faintly and lays the graph out. */
export const EDGE_KINDS = ["handoff", "escalation", "contract", "team-boundary", "member"] as const;
export type GraphEdgeKind = (typeof EDGE_KINDS)[number];

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
