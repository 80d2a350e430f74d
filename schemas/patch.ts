import { z } from "zod";
import { ENTITY_SCHEMAS } from "./entity-kinds";
import { fenceSchema } from "./fence";
import { byKind, type EntityKind } from "./kinds";
import type { ApiKind } from "./org";

/**
 * Checked for shape only; each value is checked once merged, so a bad one is a FieldError at its field
 * (422), as a form's save reports it. Undeclared fields pass through and are kept on save.
 */
function patchOf<Shape extends z.ZodRawShape>(schema: { shape: Shape }) {
  const fields: Record<string, z.ZodOptional<z.ZodUnknown>> = {};
  for (const key of Object.keys(schema.shape)) fields[key] = z.unknown().optional();
  return z.looseObject(fields as { [K in keyof Shape]: z.ZodOptional<z.ZodUnknown> });
}
type PatchOf<S extends { shape: z.ZodRawShape }> = ReturnType<typeof patchOf<S["shape"]>>;

const RECORD_PATCHES = byKind<{ [K in EntityKind]: PatchOf<(typeof ENTITY_SCHEMAS)[K]> }>((kind) =>
  patchOf<z.ZodRawShape>(ENTITY_SCHEMAS[kind]),
);

export const PATCH_SCHEMAS = {
  ...RECORD_PATCHES,
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
