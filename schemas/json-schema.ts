import { z } from "zod";
import { houseStrictOf } from "./common";
import { ENTITY_SCHEMAS } from "./entity-kinds";
import type { EntityKind } from "./kinds";

const cache = new Map<EntityKind, object>();

/** The JSON Schema of an entity kind, for Monaco's completion and hover; refinements stay in the validator. */
export function jsonSchemaFor(kind: EntityKind): object {
  let schema = cache.get(kind);
  if (!schema) {
    schema = z.toJSONSchema(ENTITY_SCHEMAS[kind], {
      unrepresentable: "any",
      io: "input",
      // A house check accepts anything at save time, but Monaco should still offer what it expects.
      override: (ctx) => {
        const strict = houseStrictOf(ctx.zodSchema);
        if (strict) Object.assign(ctx.jsonSchema, z.toJSONSchema(strict, { unrepresentable: "any", io: "input" }));
      },
    }) as object;
    cache.set(kind, schema);
  }
  return schema;
}
