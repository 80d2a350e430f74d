import { z } from "zod";
import { fenceActionSchema } from "./fence";
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

// Response bodies live in schemas/api/ (zod/mini, parsed by the client); re-exported for the
// server modules that name them here.
export { type ApiErrorBody, apiErrorBodySchema } from "./api/error";
export { type RouteCandidate, routeCandidateSchema } from "./api/preview";
