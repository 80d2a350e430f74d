import { z } from "zod";
import { fenceActionSchema } from "./fence";
import { ENTITY_KINDS, SCOPES } from "./kinds";
import { PATCH_SCHEMAS } from "./patch";

/**
 * A record in a request body, typed by its kind where the kind is known: the kind's fields named as
 * its schema names them, unknown fields kept (design §2). Values are checked by the kind's strict
 * schema once the record is merged into the org, so a bad value is a FieldError at its field (422),
 * as a form's save reports it, not a refused body (400) — the reason PATCH bodies are built this way.
 */
const specialistBody = PATCH_SCHEMAS.specialist;
/**
 * Here the kind is a sibling field (`kind`), so the record stays a raw object at this boundary;
 * `validateDraft` checks it against that kind's schema and reports FieldErrors per field.
 */
const anyRecordBody = z.record(z.string(), z.unknown());

export const validateBodySchema = z.object({
  kind: z.enum([...ENTITY_KINDS, "fence"]),
  record: anyRecordBody,
  /** For `fence`: the specialist the fence belongs to. */
  specialistId: z.string().optional(),
});
export type ValidateBody = z.infer<typeof validateBodySchema>;

export const previewRouteBodySchema = z.object({
  description: z.string().max(10_000),
  draftSpecialist: specialistBody.optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const previewFenceBodySchema = z.object({
  draftSpecialist: specialistBody,
  teamId: z.string().optional(),
});

export const previewActionBodySchema = z
  .object({
    specialistId: z.string().optional(),
    draftSpecialist: specialistBody.optional(),
    teamId: z.string().optional(),
    action: fenceActionSchema,
    target: z.string().max(4096).default(""),
  })
  .refine((b) => b.specialistId || b.draftSpecialist, { error: "give specialistId or draftSpecialist" });

/** A section of an import payload: records by id, each typed by the section's kind (see above). */
const section = <S extends z.ZodType>(record: S) => z.record(z.string(), record).default({});
export const orgPayloadSchema = z.object({
  scope: z.enum(SCOPES).optional(),
  exportedAt: z.string().optional(),
  groups: section(PATCH_SCHEMAS.group),
  teams: section(PATCH_SCHEMAS.team),
  specialists: section(PATCH_SCHEMAS.specialist),
  contracts: section(PATCH_SCHEMAS.contract),
  policies: section(PATCH_SCHEMAS.policy),
});
export type OrgPayload = z.infer<typeof orgPayloadSchema>;
