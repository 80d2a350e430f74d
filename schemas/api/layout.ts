import * as z from "zod/mini";
import type { AutoLayout, Layout } from "../graph";

/**
 * The layout answers as the client parses them. `schemas/graph.ts` defines these files in zod
 * classic (its JSON Schema for editors needs classic); the editor's first load must stay off
 * classic, so the client parses with these zod/mini twins, which the type checks below hold to
 * exactly the same shape: a field added to one and not the other fails typecheck.
 */
const positionsSchema = z.record(z.string(), z.object({ x: z.number(), y: z.number() }));

export const layoutResponseSchema = z.object({ version: z.literal(1), positions: positionsSchema });
export const autoLayoutResponseSchema = z.object({ structureKey: z.string(), positions: positionsSchema });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameLayout: Same<z.infer<typeof layoutResponseSchema>, Layout> = true;
const sameAutoLayout: Same<z.infer<typeof autoLayoutResponseSchema>, AutoLayout> = true;
void sameLayout;
void sameAutoLayout;
