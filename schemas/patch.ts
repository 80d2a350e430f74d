import { z } from "zod";
import { contractSchema } from "./contract";
import { fenceSchema } from "./fence";
import type { ApiKind } from "./org";
import { policySchema } from "./policy";
import { specialistSchema } from "./specialist";
import { groupSchema, teamSchema } from "./team";

/**
 * Checked for shape only; each value is checked once merged, so a bad one is a FieldError at its field
 * (422), as a form's save reports it. Undeclared fields pass through and are kept on save.
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

export function patchSchemaFor(kind: ApiKind): z.ZodType<Record<string, unknown>> {
  return PATCH_SCHEMAS[kind];
}
