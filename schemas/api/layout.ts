import * as z from "zod/mini";
import type { AutoLayout, Layout } from "../graph";

// zod/mini twins of `schemas/graph.ts` for the client's first load; the type checks below hold them to the same shape.
const positionsSchema = z.record(z.string(), z.object({ x: z.number(), y: z.number() }));

export const layoutResponseSchema = z.object({
  version: z.literal(1),
  positions: positionsSchema,
  collapsed: z.optional(z.array(z.string())),
});
export const autoLayoutResponseSchema = z.object({ structureKey: z.string(), positions: positionsSchema });

// Mutual assignability alone lets an optional field exist on one side only; the keys are compared too.
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
const sameLayout: Same<z.infer<typeof layoutResponseSchema>, Layout> = true;
const sameAutoLayout: Same<z.infer<typeof autoLayoutResponseSchema>, AutoLayout> = true;
void sameLayout;
void sameAutoLayout;
