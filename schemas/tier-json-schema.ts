import { z } from "zod";
import { houseStrictOf } from "./common";
import { ENTITY_SCHEMAS } from "./entity-kinds";
import { ENTITY_KIND_SPECS, type EntityKind } from "./kinds";

/**
 * The JSON Schema of one tier's file of a record kind, for editors such as VS Code. Tiers merge field
 * by field, so a user or project file may hold one field (and no `id`: its file name gives it); the
 * built-in tier's files are whole records. Where the studio warns (a house check, a field nobody
 * defines), the schema says so with `deprecationMessage`, which VS Code's JSON engine always reports
 * as a warning; everything else it reports is what the studio refuses.
 */

type Json = Record<string, unknown>;

export const UNKNOWN_FIELD_MESSAGE =
  "unknown field: Construct Studio keeps it as it is on save (check its spelling; it may be a typo)";

function expected(strict: Json): string {
  if (Array.isArray(strict.enum)) return `one of ${strict.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (typeof strict.pattern === "string") return `a string matching ${strict.pattern}`;
  if (typeof strict.type === "string") return strict.type === "array" ? "a list" : `a ${strict.type}`;
  return "another value";
}

/** A house check as an editor's warning: the value passes when it meets the strict schema, else a warning. */
function houseWarning(strict: z.ZodType, path: readonly (string | number)[]): Json {
  const { $schema: _, ...json } = z.toJSONSchema(strict, { unrepresentable: "any", io: "input" }) as Json;
  let field = "";
  path.forEach((segment, i) => {
    if (path[i - 1] === "properties") field += `${field ? "." : ""}${segment}`;
    else if (segment === "items") field += "[]";
  });
  const subject = field ? `"${field}"` : "this value";
  return {
    if: json,
    else: {
      deprecationMessage: `${subject} should be ${expected(json)}: Construct accepts it, so the studio only warns`,
    },
  };
}

/**
 * A Construct 2.x worker profile's house fields restate Construct's own refusals (lib/org/worker-profile-rules),
 * so there they keep their strict schema; in the earlier org's kinds a house check is a warning.
 */
function generate(kind: EntityKind): Json {
  const warns = ENTITY_KIND_SPECS[kind].beyond === "warnings";
  return z.toJSONSchema(ENTITY_SCHEMAS[kind], {
    unrepresentable: "any",
    io: "input",
    override: (ctx) => {
      const strict = houseStrictOf(ctx.zodSchema);
      if (!strict) return;
      const json = ctx.jsonSchema as Json;
      for (const key of Object.keys(json)) delete json[key];
      if (warns) Object.assign(json, houseWarning(strict, ctx.path));
      else {
        const { $schema: _, ...strictJson } = z.toJSONSchema(strict, { unrepresentable: "any", io: "input" }) as Json;
        Object.assign(json, strictJson);
      }
    },
  }) as Json;
}

/**
 * `complete`: the built-in tier's whole record (its required fields but `id`); otherwise an override's
 * few fields, none required. Construct 2.x replaces a worker profile whole, so its file is always complete.
 */
export function tierJsonSchema(kind: EntityKind, complete: boolean): Json {
  const spec = ENTITY_KIND_SPECS[kind];
  const schema = generate(kind);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const keep = spec.merge === "replace" ? required : complete ? required.filter((key) => key !== "id") : [];
  if (keep.length) schema.required = keep;
  else delete schema.required;
  if (spec.beyond === "warnings") schema.additionalProperties = { deprecationMessage: UNKNOWN_FIELD_MESSAGE };
  return schema;
}
