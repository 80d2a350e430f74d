import type { EdgeTypes } from "@xyflow/react";
import { EDGE_KINDS, type GraphEdgeKind } from "@/schemas/edge-kinds";
import { RelationshipEdge } from "./edges/relationship-edge";

/** One component draws every kind, from its spec; declared once, as a new object per render would remount every edge. */
export const edgeTypes = Object.fromEntries(EDGE_KINDS.map((kind) => [kind, RelationshipEdge])) as Record<
  GraphEdgeKind,
  typeof RelationshipEdge
> satisfies EdgeTypes;
