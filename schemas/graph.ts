import { z } from "zod";
import { EDGE_KINDS, NODE_KINDS, SCOPES } from "./kinds";

export type { GraphEdgeKind, GraphNodeKind } from "./kinds";
export { EDGE_KINDS, NODE_KINDS } from "./kinds";

export const graphNodeSchema = z.object({
  id: z.string(),
  kind: z.enum(NODE_KINDS),
  entityId: z.string(),
  label: z.string(),
  sublabel: z.string().optional(),
  scope: z.enum(SCOPES).optional(),
  /** The pack a node's record comes from. */
  source: z.string().optional(),
  errorCount: z.number().int().optional(),
  warningCount: z.number().int().optional(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const graphEdgeSchema = z.object({
  id: z.string(),
  kind: z.enum(EDGE_KINDS),
  source: z.string(),
  target: z.string(),
  label: z.string().optional(),
  /** The record that carries this relationship, e.g. `#/specialists/cx-a/handoffCandidates/1`. */
  carrier: z.string(),
  /** For handoffs: the role named in `handoffCandidates`. */
  role: z.string().optional(),
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

export const graphSchema = z.object({ nodes: z.array(graphNodeSchema), edges: z.array(graphEdgeSchema) });
export type Graph = z.infer<typeof graphSchema>;

const positionsSchema = z.record(z.string(), z.object({ x: z.number().finite(), y: z.number().finite() }));

export const layoutSchema = z.object({
  version: z.literal(1).default(1),
  positions: positionsSchema.default({}),
});
export type Layout = z.infer<typeof layoutSchema>;

/** The automatic layout of one org structure (see `structureKeyOf`), before saved positions. */
export const autoLayoutSchema = z.object({ structureKey: z.string(), positions: positionsSchema });
export type AutoLayout = z.infer<typeof autoLayoutSchema>;
