import { z } from "zod";
import { accessHistorySchema, reachSchema } from "./access";
import {
  orgPayloadSchema,
  previewActionBodySchema,
  previewFenceBodySchema,
  previewRouteBodySchema,
  validateBodySchema,
} from "./api";
import { IMPORT_MODES } from "./api/org";
import { routeCandidateSchema } from "./api/preview";
import { idSchema } from "./common";
import { capabilityViewSchema, dryRunPlanSchema } from "./embed";
import { effectiveFenceSchema, fenceDecisionSchema } from "./fence";
import { fieldErrorSchema, validationResultSchema } from "./field-error";
import { SCOPES, WRITABLE_ENTITY_KINDS, WRITABLE_SCOPES } from "./kinds";
import { apiKindSchema } from "./org";
import { orgTestRunSchema, runTestsBodySchema } from "./org-test";
import { planDraftBodySchema, planSchema } from "./plan";
import { skillSchema } from "./skill";

/**
 * Change tools add `apply` (a dry run unless true) and `etag` (required to apply). Records stay loose
 * objects so a bad draft comes back as FieldErrors; their schemas are `construct://schemas/<kind>`.
 */

const record = z.record(z.string(), z.unknown());
const writableEntityKind = z.enum(WRITABLE_ENTITY_KINDS);
const scope = z
  .enum(SCOPES)
  .optional()
  .describe(`the tier to write: ${WRITABLE_SCOPES.join(" or ")} (project by default); builtin and pack are read-only`);
const apply = z
  .boolean()
  .default(false)
  .describe("false (default): a dry run that returns what would be written; true: write it (needs etag)");
const etag = z.string().min(1).max(200).describe("the etag returned when you read the record (org_get or a dry run)");
const fieldErrors = z.array(fieldErrorSchema);

/** What a refused call carries beside `ok: false`. */
const refusalShape = {
  code: z
    .string()
    .optional()
    .describe(
      "when refused: invalid, conflict, forbidden, not_found, not_in_generation, bad_request, precondition_required…",
    ),
  message: z.string().optional().describe("when refused: what is wrong"),
  errors: fieldErrors.optional().describe("when refused: the FieldErrors, each located by a JSON pointer"),
  current: z.unknown().optional().describe("on a conflict: the record (or file) as it is now, with its etag"),
};

// MCP clients check an error result against the output schema too, so one schema holds success and refusal.
function changeResult<S extends z.ZodRawShape>(success: S) {
  return z
    .object({ dryRun: z.boolean(), warnings: fieldErrors, ...success })
    .partial()
    .extend({
      ok: z.boolean().describe("true: done (or, in a dry run, would be done); false: refused, nothing written"),
      ...refusalShape,
    });
}

/** A read tool's answer, or its refusal (`ok: false` with a code): either passes the output schema. */
export function readResult<S extends z.core.$ZodShape>(success: { shape: S }) {
  return z
    .object({
      ok: z.boolean().optional().describe("false when refused (with code, message and errors)"),
      ...refusalShape,
      ...success.shape,
    })
    .partial();
}

export const orgListInput = z.object({ kind: apiKindSchema });
export const orgGetInput = z.object({
  kind: apiKindSchema,
  id: z.string().max(200).describe("an entity id, or for kind skill a skill id such as quality/code-review"),
});
export const skillsListInput = z.object({});
export const graphNeighboursInput = z.object({
  id: idSchema.describe("a specialist id (in Construct 2.x, a worker profile id)"),
});

export const orgValidateInput = validateBodySchema;
export const previewRouteInput = previewRouteBodySchema;
export const previewFenceInput = previewFenceBodySchema;
export const previewActionInput = previewActionBodySchema;

export const orgCreateInput = z.object({
  kind: z.enum([...WRITABLE_ENTITY_KINDS, "fence"]),
  record: record.describe("the whole record, id included (for kind fence: the fence with specialistId)"),
  scope,
  apply,
  etag: etag.optional().describe("not needed: a create fails if any tier holds the id"),
});
export const orgUpdateInput = z.object({
  kind: z.enum([...WRITABLE_ENTITY_KINDS, "fence"]),
  id: idSchema,
  patch: record.describe("fields to set; null deletes a field; id cannot change"),
  scope,
  apply,
  etag: etag.optional(),
});
export const orgRemoveInput = z.object({
  kind: writableEntityKind,
  id: idSchema,
  scope,
  force: z.boolean().default(false).describe("remove even though other records still reference it"),
  deletePrompt: z
    .boolean()
    .default(false)
    .describe("a worker profile: also remove its prompt, <tier>/prompts/<id>.md (kept otherwise)"),
  apply,
  etag: etag.optional(),
});
const importMode = z.enum(IMPORT_MODES);
export const orgImportInput = z.object({
  payload: orgPayloadSchema,
  scope,
  mode: importMode
    .optional()
    .describe("what an update does with fields the import lacks: merge keeps them (the default), replace drops them"),
  modes: z
    .record(z.string(), importMode)
    .optional()
    .describe('one record\'s mode, keyed "section/id" as the dry run lists it'),
  apply,
  etag: etag.optional().describe("the etag the dry run of the same payload returned"),
});
export const packToggleInput = z.object({
  id: z.string().max(200).describe("a pack id"),
  apply,
  etag: etag.optional().describe("the etag of packs.json a dry run returned"),
});
export const embedToggleInput = z.object({
  id: idSchema.describe("an embed capability id"),
  apply,
  etag: etag.optional().describe("the overlay's etag a dry run returned"),
});
export const embedDryRunInput = z.object({ id: idSchema.describe("an embed capability id") });

const rowShape = {
  id: z.string(),
  scope: z.enum(SCOPES),
  path: z.string(),
  source: z.string().optional(),
  overrides: z.array(z.object({ scope: z.enum(SCOPES), path: z.string(), source: z.string().optional() })),
  record,
  etag: z.string(),
};

export const orgListOutput = readResult(
  z.object({
    kind: apiKindSchema,
    count: z.number().int(),
    items: z.array(z.object(rowShape)),
    errors: fieldErrors,
  }),
);
export const orgGetOutput = readResult(z.object({ kind: apiKindSchema, ...rowShape, errors: fieldErrors }));
export const skillsListOutput = readResult(z.object({ count: z.number().int(), skills: z.array(skillSchema) }));

const link = z.object({
  id: z.string().describe("the other party, or for contracts the contract's id"),
  with: z.string().optional().describe("for contracts: the other party"),
  via: z.string().describe("the JSON pointer of the record that carries it"),
});
export const graphNeighboursOutput = readResult(
  z.object({
    id: z.string(),
    team: z.object({ id: z.string(), kind: z.string(), name: z.string() }).nullable(),
    handoffs: z.object({ to: z.array(link), from: z.array(link) }),
    escalations: z.object({ to: z.array(link), from: z.array(link) }),
    contracts: z.object({ produces: z.array(link), consumes: z.array(link) }),
  }),
);

export const orgValidateOutput = readResult(validationResultSchema);
export const previewRouteOutput = readResult(z.object({ candidates: z.array(routeCandidateSchema) }));
export const previewFenceOutput = readResult(
  effectiveFenceSchema.extend({
    teamId: z.string().nullable(),
    forbiddenDecisions: z.array(z.string()),
    message: z.string().optional().describe("why the effective fence is empty: no team, or an unknown one"),
  }),
);
export const previewActionOutput = readResult(
  fenceDecisionSchema.extend({ fence: effectiveFenceSchema, specialistId: z.string(), teamId: z.string().nullable() }),
);

export const entityWriteOutput = changeResult({
  path: z.string().describe("the file written, or that would be"),
  file: record.describe("dry run: the file's content as it would be written"),
  record: record.describe("the merged record after the write"),
  etag: z.string().describe("dry run: the record's current etag (apply with it); applied: its new etag"),
});
export const entityRemoveOutput = changeResult({
  path: z.string(),
  revealed: z.enum(SCOPES).nullable().describe("the tier whose version shows once this file is gone"),
  record,
  etag: z
    .string()
    .nullable()
    .describe(
      "dry run: the record's current etag (apply with it); applied: the version the removal left, null when none",
    ),
  prompt: z
    .object({ path: z.string(), action: z.enum(["kept", "removed"]) })
    .optional()
    .describe("a worker profile's prompt in the same tier, and what the removal does to it"),
});
export const orgImportOutput = changeResult({
  etag: z.string().describe("the version of the files the import replaces: apply with the dry run's"),
  written: z.array(z.string()),
  files: z.array(
    z.object({
      path: z.string(),
      action: z.enum(["create", "update", "unchanged"]),
      key: z.string().optional().describe("section/id: what modes takes for this record"),
      mode: z.enum(IMPORT_MODES).optional(),
      diff: z
        .array(
          z.object({
            field: z.string(),
            change: z.enum(["added", "changed", "removed"]),
            before: z.unknown().optional(),
            after: z.unknown().optional(),
          }),
        )
        .optional()
        .describe("an updated record's fields; removed: the import lacks it, replace drops it, merge keeps it"),
    }),
  ),
});
export const packToggleOutput = changeResult({
  id: z.string(),
  enabled: z.boolean().describe("the pack's state after the change (dry run: what it would be)"),
  wasEnabled: z.boolean(),
  etag: z.string().describe("dry run: packs.json's current etag; applied: its new etag"),
});
export const embedToggleOutput = changeResult({
  id: z.string(),
  enabled: z.boolean(),
  wasEnabled: z.boolean(),
  path: z.string().nullable(),
  etag: z.string().describe('dry run: the overlay\'s current etag ("absent" if none); applied: its new etag'),
  capability: capabilityViewSchema,
});
export const embedDryRunOutput = readResult(dryRunPlanSchema);

export const toolRefusalSchema = z.object({
  ok: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: fieldErrors,
  current: z.unknown().optional(),
});
export type ToolRefusal = z.infer<typeof toolRefusalSchema>;

/** `org_plan`: the org against a git revision, or what one unsaved change would do. */
export const orgPlanInput = z.object({
  against: z
    .string()
    .max(200)
    .optional()
    .describe("a git revision to compare with (default HEAD); not used with draft"),
  draft: planDraftBodySchema
    .optional()
    .describe("plan one unsaved change instead: { kind, record } (saved whole) or { kind, id, remove: true }"),
});
export const orgPlanOutput = readResult(planSchema);

export const orgTestInput = runTestsBodySchema;
export const orgTestOutput = readResult(orgTestRunSchema);

/** `access_reach`: what a task that starts with one specialist can end up doing. */
export const accessReachInput = z.object({
  id: idSchema.describe("a specialist id (in a Construct 2.x project, a worker profile id)"),
});
export const accessReachOutput = readResult(reachSchema);

/** `access_history`: the commits that widened or narrowed what one specialist can do. */
export const accessHistoryInput = z.object({
  id: idSchema.describe("a specialist id (in a Construct 2.x project, a worker profile id)"),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("commits that touch the org to look at, newest first (default 200, capped)"),
});
export const accessHistoryOutput = readResult(accessHistorySchema);
