import { z } from "zod";
import { fenceActionSchema } from "./fence";
import { fieldErrorSchema } from "./field-error";
import { ENTITY_KINDS, SCOPES } from "./org";

const recordBody = z.record(z.string(), z.unknown());

export const validateBodySchema = z.object({
  kind: z.enum([...ENTITY_KINDS, "fence"]),
  record: recordBody,
  /** For `fence`: the specialist the fence belongs to. */
  specialistId: z.string().optional(),
});
export type ValidateBody = z.infer<typeof validateBodySchema>;

export const previewRouteBodySchema = z.object({
  description: z.string().max(10_000),
  draftSpecialist: recordBody.optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const previewFenceBodySchema = z.object({
  draftSpecialist: recordBody,
  teamId: z.string().optional(),
});

export const previewActionBodySchema = z
  .object({
    specialistId: z.string().optional(),
    draftSpecialist: recordBody.optional(),
    teamId: z.string().optional(),
    action: fenceActionSchema,
    target: z.string().max(4096).default(""),
  })
  .refine((b) => b.specialistId || b.draftSpecialist, { error: "give specialistId or draftSpecialist" });

const section = z.record(z.string(), recordBody);
export const orgPayloadSchema = z.object({
  scope: z.enum(SCOPES).optional(),
  exportedAt: z.string().optional(),
  groups: section.default({}),
  teams: section.default({}),
  specialists: section.default({}),
  contracts: section.default({}),
  policies: section.default({}),
});
export type OrgPayload = z.infer<typeof orgPayloadSchema>;

export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  errors: z.array(fieldErrorSchema).optional(),
  current: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const routeCandidateSchema = z.object({
  id: z.string(),
  score: z.number(),
  whenToUse: z.string(),
  matchReason: z.string(),
  matchedTerms: z.array(z.string()),
  draft: z.boolean().optional(),
});
export type RouteCandidate = z.infer<typeof routeCandidateSchema>;
