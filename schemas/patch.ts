import { z } from "zod";
import { contractSchema } from "./contract";
import { fenceSchema } from "./fence";
import type { ApiKind } from "./org";
import { policySchema } from "./policy";
import { specialistSchema } from "./specialist";
import { groupSchema, teamSchema } from "./team";

/**
 * The body of a PATCH, per kind: the fields to replace, `null` to delete one. The body is checked
 * for its shape only (an object, each declared field named as the schema names it); each value is
 * checked once merged into the record, by the kind's strict schema, so a bad value comes back as a
 * FieldError at its field (422) exactly as a form's save does, rather than as a refused body (400).
 * Fields the schema does not declare pass through: unknown fields are kept on save (design §2).
 */
function patchOf<Shape extends z.ZodRawShape>(schema: { shape: Shape }) {
  const fields: Record<string, z.ZodOptional<z.ZodUnknown>> = {};
  for (const key of Object.keys(schema.shape)) fields[key] = z.unknown().optional();
  return z.looseObject(fields as { [K in keyof Shape]: z.ZodOptional<z.ZodUnknown> });
}

export const PATCH_SCHEMAS = {
  group: patchOf(groupSchema),
  team: patchOf(teamSchema),
  specialist: patchOf(specialistSchema),
  contract: patchOf(contractSchema),
  policy: patchOf(policySchema),
  fence: patchOf(fenceSchema),
  // Skills are read-only: the body is only checked to be an object, the service refuses the write.
  skill: z.record(z.string(), z.unknown()),
} as const satisfies Record<ApiKind, z.ZodType>;

export type SpecialistPatch = z.infer<typeof PATCH_SCHEMAS.specialist>;
export type TeamPatch = z.infer<typeof PATCH_SCHEMAS.team>;
export type GroupPatch = z.infer<typeof PATCH_SCHEMAS.group>;
export type ContractPatch = z.infer<typeof PATCH_SCHEMAS.contract>;
export type PolicyPatch = z.infer<typeof PATCH_SCHEMAS.policy>;

/** The PATCH body schema of a kind. */
export function patchSchemaFor(kind: ApiKind): z.ZodType<Record<string, unknown>> {
  return PATCH_SCHEMAS[kind];
}
