import { z } from "zod";
import { EDGE_KINDS } from "./edge-kinds";
import { ENTITY_KINDS, SCOPES } from "./kinds";
import { NODE_KINDS } from "./node-kinds";

export const graphNodeSchema = z.object({
  id: z.string(),
  kind: z.enum(NODE_KINDS),
  entityId: z.string(),
  label: z.string(),
  sublabel: z.string().optional(),
  /** The containing node: a specialist's team (or group), a team's first group; containment, not an edge. */
  parent: z.string().optional(),
  scope: z.enum(SCOPES).optional(),
  source: z.string().optional(),
  errorCount: z.number().int().optional(),
  warningCount: z.number().int().optional(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

/** Each relationship as data: the canvas, the edge-info box and a delete read these, never the ids. */
export const graphEdgeDataSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("handoff"),
    /** The specialist whose `handoffCandidates[index]` names `role`, and the holder of that role. */
    from: z.string(),
    to: z.string(),
    role: z.string(),
    index: z.number().int(),
  }),
  z.object({
    kind: z.literal("escalation"),
    /** The team or group whose `escalationPath` this is, and the step (1-based) it reaches. */
    owner: z.string(),
    /** A team's or group's escalationPath, or a Construct 2.x policy's escalationWorkerProfiles. */
    ownerKind: z.enum(["team", "group", "policy"]),
    step: z.number().int(),
    role: z.string(),
    /** The step's two ends as records: the owner itself at step 1, else a holder of the previous role. */
    from: z.string(),
    to: z.string(),
  }),
  z.object({
    kind: z.literal("contract"),
    contractId: z.string(),
    producer: z.string(),
    consumer: z.string(),
    /** A Construct 2.x contract lives in a capability's `contracts`. */
    capability: z.string().optional(),
  }),
  z.object({
    kind: z.literal("team-boundary"),
    contractId: z.string(),
    producerTeam: z.string(),
    consumerTeam: z.string(),
  }),
  z.object({
    kind: z.literal("member"),
    parent: z.string(),
    /** A worker profile's parent is the tier its file is in (`builtin`, `user`, `project`). */
    parentKind: z.enum(["team", "group", "tier"]),
    child: z.string(),
  }),
]);
export type GraphEdgeData = z.infer<typeof graphEdgeDataSchema>;

export const graphEdgeSchema = z.object({
  id: z.string(),
  kind: z.enum(EDGE_KINDS),
  source: z.string(),
  target: z.string(),
  label: z.string().optional(),
  carrier: z.string(),
  /** For handoffs: the role named in `handoffCandidates`. */
  role: z.string().optional(),
  data: graphEdgeDataSchema,
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

export const graphSchema = z
  .object({ nodes: z.array(graphNodeSchema), edges: z.array(graphEdgeSchema) })
  .refine((g) => g.edges.every((e) => e.data.kind === e.kind), "an edge's data is of its own kind");
export type Graph = z.infer<typeof graphSchema>;

const positionsSchema = z.record(z.string(), z.object({ x: z.number().finite(), y: z.number().finite() }));

/** `studio/layout.json`; `collapsed` defaults to none, so older files stay valid. */
export const layoutSchema = z.object({
  version: z.literal(1).default(1),
  positions: positionsSchema.default({}),
  collapsed: z.array(z.string().max(200)).max(100_000).optional(),
});
export type Layout = z.infer<typeof layoutSchema>;

/** The automatic layout of one org structure (see `structureKeyOf`), before saved positions. */
export const autoLayoutSchema = z.object({ structureKey: z.string(), positions: positionsSchema });
export type AutoLayout = z.infer<typeof autoLayoutSchema>;

const rectSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite(),
  height: z.number().finite(),
});

/**
 * A big org's first view as the server folds it: the boxes drawn, what each folded box holds, and
 * its relationships summed between them. The editor draws it at first paint and loads the whole org after.
 */
export const foldedViewSchema = z.object({
  nodes: z.array(graphNodeSchema),
  boxes: z.record(z.string(), rectSchema),
  /** Each folded box's member text ("10 specialists"), as the canvas writes it. */
  members: z.record(z.string(), z.string()),
  collapsed: z.array(z.string()),
  sums: z.array(
    z.object({
      kind: z.enum(EDGE_KINDS).exclude(["member"]),
      source: z.string(),
      target: z.string(),
      count: z.number().int(),
    }),
  ),
  /** Relationships of each kind in the whole org, for the toolbar. */
  edgeCounts: z.record(z.string(), z.number().int()),
  specialists: z.number().int(),
  /** The record kinds of the project's generation: the browser then asks for those lists only. */
  kinds: z.optional(z.array(z.enum(ENTITY_KINDS))),
});
export type FoldedView = z.infer<typeof foldedViewSchema>;
