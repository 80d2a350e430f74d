import { z } from "zod";
import { acceptedFileSchema } from "./accepted";
import { embedManifestSchema, embedOverlaySchema } from "./embed";
import { ENTITY_SPECS } from "./entity-kinds";
import { layoutSchema } from "./graph";
import { ENTITY_KIND_SPECS, ENTITY_KINDS, type EntityKind } from "./kinds";
import { orgTestFileSchema } from "./org-test";
import { DEPLOYMENT_MODES, packManifestSchema, packsFileSchema } from "./pack-manifest";
import { tierJsonSchema } from "./tier-json-schema";

/** `<proj>/config.json`: project settings the studio reads; other fields are kept for other tools. */
export const projectConfigSchema = z.looseObject({
  deployment: z.looseObject({ mode: z.enum(DEPLOYMENT_MODES).optional() }).optional(),
});
export type ProjectConfig = z.infer<typeof projectConfigSchema>;

/** Record kinds whose tiers merge field by field: their built-in files are whole, every other tier's partial. */
type FieldMergedKind = {
  [K in EntityKind]: (typeof ENTITY_KIND_SPECS)[K]["merge"] extends "fields" ? K : never;
}[EntityKind];
const FIELD_MERGED = ENTITY_KINDS.filter((k): k is FieldMergedKind => ENTITY_KIND_SPECS[k].merge === "fields");
type BuiltinFileKind = `builtin-${FieldMergedKind}`;
const BUILTIN_FILE_KINDS = FIELD_MERGED.map((kind): BuiltinFileKind => `builtin-${kind}`);

export const FILE_KINDS = [
  ...ENTITY_KINDS,
  ...BUILTIN_FILE_KINDS,
  "pack-manifest",
  "packs-file",
  "embed-manifest",
  "embed-overlay",
  "layout",
  "accepted",
  "config",
  "org-test",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const projectDirs = (rel: string) => [`**/.construct/${rel}`, `**/.cx/${rel}`];

/** A file kind's JSON Schema comes from its zod schema, or, for a record kind, from its tier's rules. */
type FileKindSpec = { schema: z.ZodType | (() => Record<string, unknown>); title: string; fileMatch: string[] };

const entitySpecs = Object.fromEntries(
  ENTITY_KINDS.map((kind): [EntityKind, FileKindSpec] => [
    kind,
    {
      schema: () => tierJsonSchema(kind, false),
      title: `Construct ${kind}`,
      // builtin `specialists/org/…`, user `~/.construct/org/…`, project `.cx/org/…`, packs' `org/…`.
      fileMatch: [`**/org/${ENTITY_SPECS[kind].section}/*.json`],
    },
  ]),
) as Record<EntityKind, FileKindSpec>;

// The built-in tier (`specialists/org/…` in this package and in Construct's own) gets the whole record's rules too.
const builtinSpecs = Object.fromEntries(
  FIELD_MERGED.map((kind): [BuiltinFileKind, FileKindSpec] => [
    `builtin-${kind}`,
    {
      schema: () => tierJsonSchema(kind, true),
      title: `Construct built-in ${kind}`,
      fileMatch: [`**/specialists/org/${ENTITY_SPECS[kind].section}/*.json`],
    },
  ]),
) as Record<BuiltinFileKind, FileKindSpec>;

/** Every kind of file a person may edit by hand, with the globs (VS Code's `json.schemas[].fileMatch`) it lives in. */
export const FILE_KIND_SPECS: Record<FileKind, FileKindSpec> = {
  ...entitySpecs,
  ...builtinSpecs,
  "pack-manifest": {
    schema: packManifestSchema,
    title: "Construct pack manifest",
    fileMatch: ["**/pack.manifest.json"],
  },
  "org-test": {
    schema: orgTestFileSchema,
    title: "Construct org tests",
    fileMatch: [...projectDirs("tests/*.test.json"), "**/packs/*/tests/*.test.json"],
  },
  "packs-file": {
    schema: packsFileSchema,
    title: "Construct enabled packs (packs.json)",
    fileMatch: projectDirs("packs.json"),
  },
  "embed-manifest": {
    schema: embedManifestSchema,
    title: "Construct embed capability manifest",
    fileMatch: ["**/workflows/*.manifest.json"],
  },
  "embed-overlay": {
    schema: embedOverlaySchema,
    title: "Construct embed capability project overlay",
    fileMatch: projectDirs("embed/*.manifest.json"),
  },
  layout: {
    schema: layoutSchema,
    title: "Construct Studio graph layout",
    fileMatch: projectDirs("studio/layout.json"),
  },
  accepted: {
    schema: acceptedFileSchema,
    title: "Construct Studio accepted warnings",
    fileMatch: projectDirs("studio/accepted.json"),
  },
  config: { schema: projectConfigSchema, title: "Construct project config", fileMatch: projectDirs("config.json") },
};

const cache = new Map<FileKind, Record<string, unknown>>();

/** Generated from zod; rules a schema cannot say (cross-references) stay with the validator. */
export function fileJsonSchema(kind: FileKind): Record<string, unknown> {
  let schema = cache.get(kind);
  if (!schema) {
    const spec = FILE_KIND_SPECS[kind];
    const generated =
      typeof spec.schema === "function"
        ? spec.schema()
        : (z.toJSONSchema(spec.schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>);
    schema = { ...generated, $id: `construct://schemas/${kind}`, title: spec.title };
    cache.set(kind, schema);
  }
  return schema;
}
