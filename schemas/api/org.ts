import * as z from "zod/mini";
import { fieldErrorSchema } from "../field-error";
import { SECTIONS } from "../kinds";
import { entityRecordSchema, scopeSchema } from "./records";

/** A file a row shadows: a lower tier's layer of the same record. */
export const layerRefSchema = z.object({ scope: scopeSchema, path: z.string(), source: z.optional(z.string()) });

/** One merged record of `GET /api/org/<kind>`: the winning tier's file, the ones it shadows, its version. */
export const listRowSchema = z.object({
  id: z.string(),
  scope: scopeSchema,
  /** The pack that contributes the winning file, when it comes from a pack. */
  source: z.optional(z.string()),
  path: z.string(),
  overrides: z.array(layerRefSchema),
  record: entityRecordSchema,
  etag: z.string(),
});
export type ListRow = z.infer<typeof listRowSchema>;

/** `GET /api/org/<kind>`: every record of the kind, and the problems located in its section. */
export const listResponseSchema = z.object({
  items: z.array(listRowSchema),
  count: z.number(),
  errors: z.array(fieldErrorSchema),
});
export type ListResponse = z.infer<typeof listResponseSchema>;

/** A create or patch that was written: the file, the merged record afterwards, its new version. */
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

/** `POST /api/org/import`: the files written (or, for a dry run, that would be). */
export const importResultSchema = z.object({
  ok: z.literal(true),
  dryRun: z.boolean(),
  written: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), action: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * One record as the editor's first paint needs it: its tier and only the fields the canvas draws
 * (see `GRAPH_FIELDS` in lib/api/summary.ts). The full row loads after the page.
 */
export const summaryRowSchema = z.object({
  id: z.string(),
  scope: scopeSchema,
  source: z.optional(z.string()),
  record: entityRecordSchema,
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

/** The org at first paint: slim rows per section and the problems the canvas counts. */
export const orgSummarySchema = z.object({
  sections: z.record(z.enum(SECTIONS), z.array(summaryRowSchema)),
  problems: z.array(fieldErrorSchema),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;
