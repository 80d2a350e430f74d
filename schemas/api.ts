import { z } from "zod";
import { EDGE_KINDS } from "./edge-kinds";
import { fenceActionSchema } from "./fence";
import type { FieldError } from "./field-error";
import { FEATURE_NAMES } from "./generation";
import { byKind, ENTITY_KINDS, type EntityKind, GENERATIONS, SCOPES, SECTION_OF, type SectionOf } from "./kinds";
import { PATCH_SCHEMAS } from "./patch";

/**
 * Fields named as the kind's schema names them, unknown fields kept; values are checked once merged
 * into the org, so a bad value is a FieldError at its field (422), not a refused body (400).
 */
const specialistBody = PATCH_SCHEMAS.specialist;
// The kind is a sibling field here, so `validateDraft` checks the raw record.
const anyRecordBody = z.record(z.string(), z.unknown());

export const validateBodySchema = z.object({
  kind: z.enum([...ENTITY_KINDS, "fence"]),
  record: anyRecordBody,
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

const section = <S extends z.ZodType>(record: S) => z.record(z.string(), record).default({});
type SectionSchema<S> = S extends z.ZodType ? z.ZodDefault<z.ZodRecord<z.ZodString, S>> : never;
const sections = byKind<{ [K in EntityKind as SectionOf<K>]: SectionSchema<(typeof PATCH_SCHEMAS)[K]> }>(
  (kind) => section(PATCH_SCHEMAS[kind]),
  (kind) => SECTION_OF[kind],
);
export const orgPayloadSchema = z.object({
  scope: z.enum(SCOPES).optional(),
  exportedAt: z.string().optional(),
  ...sections,
});
export type OrgPayload = z.infer<typeof orgPayloadSchema>;

/** Which Construct the studio edits: the header, `/api/health` and every CLI command say it. */
export const constructInfoSchema = z.object({
  generation: z.enum(GENERATIONS),
  version: z.string().nullable(),
  source: z.enum(["env", "project", "path", "none"]),
  reason: z.string(),
  readOnly: z.boolean(),
  /** Whether the package's own code may run to check records (see docs/rules.md). */
  trusted: z.boolean(),
  /** Why the package is trusted or not, with the fix. */
  trust: z.string(),
  /** The header's words for the Construct being edited. */
  label: z.string(),
  /** The record kinds of its org, in list order, and the relationships its graph can hold. */
  kinds: z.array(z.enum(ENTITY_KINDS)),
  edgeKinds: z.array(z.enum(EDGE_KINDS)),
  /** The kind that holds fences, prompts and skills: a specialist, or a worker profile. */
  principal: z.enum(ENTITY_KINDS),
  /** Whether the header offers to trust the project's own install (only a project install waits for that). */
  offersTrust: z.boolean(),
  /** What its generation lacks, each with why, in the words every surface gives. */
  absent: z.partialRecord(z.enum(FEATURE_NAMES), z.string()),
});
export type ConstructInfo = z.infer<typeof constructInfoSchema>;

/** What the editor is told besides: what is wrong with the install, and the workspace preset 2.x runs with. */
export type EditorConstruct = ConstructInfo & { problems: FieldError[]; workspacePreset: string | null };

export const healthSchema = z.object({ ok: z.literal(true), root: z.string(), construct: constructInfoSchema });
export type Health = z.infer<typeof healthSchema>;
