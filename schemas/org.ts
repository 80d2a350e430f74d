import { z } from "zod";
import type { EntityKind } from "./kinds";
import { ENTITY_KINDS, SUB_KIND_SPECS, WRITABLE_SCOPES } from "./kinds";

/** Kinds the API speaks: the five entity kinds, plus `fence` (a sub-resource) and `skill` (read-only). */
export const API_KINDS = [...ENTITY_KINDS, ...(Object.keys(SUB_KIND_SPECS) as (keyof typeof SUB_KIND_SPECS)[])] as [
  ApiKind,
  ...ApiKind[],
];
export type ApiKind = EntityKind | keyof typeof SUB_KIND_SPECS;
export const apiKindSchema = z.enum(API_KINDS);

export const writableScopeSchema = z.enum(WRITABLE_SCOPES);

/** Accepts `specialist` and `specialists` alike in URLs and on the command line. */
export function parseApiKind(raw: string): ApiKind | null {
  const singular = raw === "policies" ? "policy" : raw.endsWith("s") ? raw.slice(0, -1) : raw;
  const parsed = apiKindSchema.safeParse(singular);
  return parsed.success ? parsed.data : null;
}
