import { z } from "zod";
import { contractSchema } from "./contract";
import { policySchema } from "./policy";
import { specialistSchema } from "./specialist";
import { groupSchema, teamSchema } from "./team";

/** The five file-backed sections of an org tier, in the order they are listed and exported. */
export const SECTIONS = ["groups", "teams", "specialists", "contracts", "policies"] as const;
export type Section = (typeof SECTIONS)[number];

export const ENTITY_KINDS = ["group", "team", "specialist", "contract", "policy"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** Kinds the API speaks: the five entity kinds, plus `fence` (a sub-resource) and `skill` (read-only). */
export const API_KINDS = [...ENTITY_KINDS, "fence", "skill"] as const;
export type ApiKind = (typeof API_KINDS)[number];
export const apiKindSchema = z.enum(API_KINDS);

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

export const ENTITY_SCHEMAS = {
  group: groupSchema,
  team: teamSchema,
  specialist: specialistSchema,
  contract: contractSchema,
  policy: policySchema,
} as const;

/** Tiers from lowest to highest precedence; enabled packs sit between the built-in org and the user tier. */
export const SCOPES = ["builtin", "pack", "user", "project"] as const;
export type Scope = (typeof SCOPES)[number];
export const WRITABLE_SCOPES = ["user", "project"] as const;
export type WritableScope = (typeof WRITABLE_SCOPES)[number];
export const writableScopeSchema = z.enum(WRITABLE_SCOPES);

/** A record as it sits in a file: an object whose fields are checked by the kind's schema once merged. */
export type EntityRecord = Record<string, unknown>;

/** Every section of an org, keyed by id. */
export type OrgRecords = Record<Section, Record<string, EntityRecord>>;

export function emptyOrg(): OrgRecords {
  return { groups: {}, teams: {}, specialists: {}, contracts: {}, policies: {} };
}

/** Accepts `specialist` and `specialists` alike in URLs and on the command line. */
export function parseApiKind(raw: string): ApiKind | null {
  const singular = raw === "policies" ? "policy" : raw.endsWith("s") ? raw.slice(0, -1) : raw;
  const parsed = apiKindSchema.safeParse(singular);
  return parsed.success ? parsed.data : null;
}
