import { z } from "zod";
import { contractSchema } from "./contract";
import { ENTITY_KINDS, WRITABLE_SCOPES } from "./kinds";
import { policySchema } from "./policy";
import { specialistSchema } from "./specialist";
import { groupSchema, teamSchema } from "./team";

/** Kinds the API speaks: the five entity kinds, plus `fence` (a sub-resource) and `skill` (read-only). */
export const API_KINDS = [...ENTITY_KINDS, "fence", "skill"] as const;
export type ApiKind = (typeof API_KINDS)[number];
export const apiKindSchema = z.enum(API_KINDS);

export const ENTITY_SCHEMAS = {
  group: groupSchema,
  team: teamSchema,
  specialist: specialistSchema,
  contract: contractSchema,
  policy: policySchema,
} as const;

export const writableScopeSchema = z.enum(WRITABLE_SCOPES);

/** Accepts `specialist` and `specialists` alike in URLs and on the command line. */
export function parseApiKind(raw: string): ApiKind | null {
  const singular = raw === "policies" ? "policy" : raw.endsWith("s") ? raw.slice(0, -1) : raw;
  const parsed = apiKindSchema.safeParse(singular);
  return parsed.success ? parsed.data : null;
}
