import * as z from "zod/mini";
import { fieldErrorSchema } from "../field-error";
import { ENTITY_KINDS, SECTIONS } from "../kinds";
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

/**
 * What a write would do, nothing written: the file it would write (`path`, `file` its content),
 * the merged record afterwards, and the etag of the record as it is now (what to apply it with).
 */
export const dryRunOkSchema = z.extend(writeOkSchema, { dryRun: z.literal(true), file: entityRecordSchema });
export type DryRunOk = z.infer<typeof dryRunOkSchema>;

/**
 * A delete: the file removed, the record as it was (what an undo re-creates), and the tier a
 * lower layer of it is `revealed` from, with that version, if one remains. A worker profile's
 * `prompt` in the same tier is kept unless the delete asks to remove it too.
 */
export const removeOkSchema = z.object({
  ok: z.literal(true),
  path: z.string(),
  revealed: z.nullable(scopeSchema),
  record: entityRecordSchema,
  dryRun: z.optional(z.literal(true)),
  etag: z.nullable(z.string()),
  prompt: z.optional(z.object({ path: z.string(), action: z.enum(["kept", "removed"]) })),
});
export type RemoveOk = z.infer<typeof removeOkSchema>;

export const IMPORT_MODES = ["merge", "replace"] as const;
export const importModeSchema = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof importModeSchema>;

/** One field of an updated record: `removed` is a field the import's record lacks (replace drops it, merge keeps it). */
export const fieldChangeSchema = z.object({
  field: z.string(),
  change: z.enum(["added", "changed", "removed"]),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** An update names its record (`key` is `section/id`, what a per-record mode is given under), its mode and its diff. */
export const importFileSchema = z.object({
  path: z.string(),
  action: z.enum(["create", "update", "unchanged"]),
  key: z.optional(z.string()),
  mode: z.optional(importModeSchema),
  diff: z.optional(z.array(fieldChangeSchema)),
});
export type ImportFile = z.infer<typeof importFileSchema>;

/** `etag`: the files the import touches as they were before it, what `ifMatch` takes. */
export const importResultSchema = z.object({
  ok: z.literal(true),
  dryRun: z.boolean(),
  etag: z.string(),
  written: z.array(z.string()),
  files: z.array(importFileSchema),
  warnings: z.array(fieldErrorSchema),
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

/**
 * `problems` holds the errors only; warnings are counted per record (`<section>/<id>`), since at
 * 1,000 specialists their texts were half the page, and the full lists bring them after first paint.
 */
export const orgSummarySchema = z.object({
  sections: z.record(z.enum(SECTIONS), z.array(summaryRowSchema)),
  problems: z.array(fieldErrorSchema),
  warnings: z.record(z.string(), z.number()),
  /** Warnings in records the studio never writes (Construct's, a pack's): counted apart, not per record. */
  readOnlyWarnings: z.optional(z.number()),
  /** Warnings the project accepted (its accepted list): counted apart, not per record. */
  acceptedWarnings: z.optional(z.number()),
  /** Names the org version the summary was made from: renders of one version share what is drawn from it. */
  key: z.optional(z.string()),
  /** The record kinds of the project's generation: the browser then asks for those lists only. */
  kinds: z.optional(z.array(z.enum(ENTITY_KINDS))),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;
