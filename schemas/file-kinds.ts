import { z } from "zod";
import { embedManifestSchema, embedOverlaySchema } from "./embed";
import { ENTITY_SPECS } from "./entity-kinds";
import { layoutSchema } from "./graph";
import { ENTITY_KINDS, type EntityKind } from "./kinds";
import { orgTestFileSchema } from "./org-test";
import { DEPLOYMENT_MODES, packManifestSchema, packsFileSchema } from "./pack-manifest";

/** `<proj>/config.json`: project settings the studio reads; other fields are kept for other tools. */
export const projectConfigSchema = z.looseObject({
  deployment: z.looseObject({ mode: z.enum(DEPLOYMENT_MODES).optional() }).optional(),
});
export type ProjectConfig = z.infer<typeof projectConfigSchema>;

export const FILE_KINDS = [
  ...ENTITY_KINDS,
  "pack-manifest",
  "packs-file",
  "embed-manifest",
  "embed-overlay",
  "layout",
  "config",
  "org-test",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const projectDirs = (rel: string) => [`**/.construct/${rel}`, `**/.cx/${rel}`];

type FileKindSpec = { schema: z.ZodType; title: string; fileMatch: string[] };

const entitySpecs = Object.fromEntries(
  ENTITY_KINDS.map((kind): [EntityKind, FileKindSpec] => [
    kind,
    {
      schema: ENTITY_SPECS[kind].schema,
      title: `Construct ${kind}`,
      // builtin `specialists/org/…`, user `~/.construct/org/…`, project `.cx/org/…`, packs' `org/…`.
      fileMatch: [`**/org/${ENTITY_SPECS[kind].section}/*.json`],
    },
  ]),
) as Record<EntityKind, FileKindSpec>;

/** Every kind of file a person may edit by hand, with the globs (VS Code's `json.schemas[].fileMatch`) it lives in. */
export const FILE_KIND_SPECS: Record<FileKind, FileKindSpec> = {
  ...entitySpecs,
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
  config: { schema: projectConfigSchema, title: "Construct project config", fileMatch: projectDirs("config.json") },
};

const cache = new Map<FileKind, Record<string, unknown>>();

/** Generated from zod; rules a schema cannot say (cross-references) stay with the validator. */
export function fileJsonSchema(kind: FileKind): Record<string, unknown> {
  let schema = cache.get(kind);
  if (!schema) {
    const spec = FILE_KIND_SPECS[kind];
    const generated = z.toJSONSchema(spec.schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
    schema = { ...generated, $id: `construct://schemas/${kind}`, title: spec.title };
    cache.set(kind, schema);
  }
  return schema;
}
