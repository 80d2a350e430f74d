import { z } from "zod";
import type { EntityKind } from "./kinds";
import { ENTITY_KIND_SPECS, ENTITY_KINDS, SUB_KIND_SPECS, WRITABLE_SCOPES } from "./kinds";

/** Kinds the API speaks: the record kinds of both generations, plus `fence` (a sub-resource) and `skill` (read-only). */
export const API_KINDS = [...ENTITY_KINDS, ...(Object.keys(SUB_KIND_SPECS) as (keyof typeof SUB_KIND_SPECS)[])] as [
  ApiKind,
  ...ApiKind[],
];
export type ApiKind = EntityKind | keyof typeof SUB_KIND_SPECS;
export const apiKindSchema = z.enum(API_KINDS);

export const writableScopeSchema = z.enum(WRITABLE_SCOPES);

const KIND_OF_PLURAL: Record<string, ApiKind> = {
  ...Object.fromEntries(ENTITY_KINDS.map((kind) => [ENTITY_KIND_SPECS[kind].section, kind])),
  fences: "fence",
  skills: "skill",
};

/** Accepts `specialist` and `specialists`, `capability` and `capabilities`, alike in URLs and on the command line. */
export function parseApiKind(raw: string): ApiKind | null {
  if (Object.hasOwn(KIND_OF_PLURAL, raw)) return KIND_OF_PLURAL[raw];
  const parsed = apiKindSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
