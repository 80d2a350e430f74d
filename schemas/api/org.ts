import * as z from "zod/mini";
import { fieldErrorSchema } from "../field-error";
import { SECTIONS } from "../kinds";
import { entityRecordSchema, scopeSchema } from "./records";

export const layerRefSchema = z.object({ scope: scopeSchema, path: z.string(), source: z.optional(z.string()) });

export const listRowSchema = z.object({
  id: z.string(),
  scope: scopeSchema,
  source: z.optional(z.string()),
  path: z.string(),
  overrides: z.array(layerRefSchema),
  record: entityRecordSchema,
  etag: z.string(),
});
export type ListRow = z.infer<typeof listRowSchema>;

export const listResponseSchema = z.object({
  items: z.array(listRowSchema),
  count: z.number(),
  errors: z.array(fieldErrorSchema),
});
export type ListResponse = z.infer<typeof listResponseSchema>;

export const writeOkSchema = z.object({
  ok: z.literal(true),
  path: z.string(),
  record: entityRecordSchema,
  etag: z.string(),
  warnings: z.array(fieldErrorSchema),
});
export type WriteOk = z.infer<typeof writeOkSchema>;

/** A delete: the record as it was (what an undo re-creates) and the version left, if a lower tier remains. */
export const removeOkSchema = z.object({
  ok: z.literal(true),
  record: entityRecordSchema,
  etag: z.nullable(z.string()),
});
export type RemoveOk = z.infer<typeof removeOkSchema>;

export const importResultSchema = z.object({
  ok: z.literal(true),
  dryRun: z.boolean(),
  written: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), action: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Only the fields the canvas draws (`GRAPH_FIELDS` in lib/api/summary.ts); the full row loads after the page. */
export const summaryRowSchema = z.object({
  id: z.string(),
  scope: scopeSchema,
  source: z.optional(z.string()),
  record: entityRecordSchema,
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

export const orgSummarySchema = z.object({
  sections: z.record(z.enum(SECTIONS), z.array(summaryRowSchema)),
  problems: z.array(fieldErrorSchema),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;
