import { edgeSpec } from "@/schemas/edge-kinds";
import type { GraphEdge, GraphEdgeData } from "@/schemas/graph";

/** In the records' words ("from cx-a's handoffCandidates"), not the JSON pointer. */
export function edgeOrigin(data: GraphEdgeData): string {
  return edgeSpec(data.kind).origin(data);
}

export function edgeEnds(data: GraphEdgeData): [string, string] {
  return edgeSpec(data.kind).ends(data);
}

export function describeEdge(edge: Pick<GraphEdge, "data" | "label">): string {
  const [from, to] = edgeEnds(edge.data);
  return `${from} → ${to}${edge.label ? ` · ${edge.label}` : ""} · ${edgeOrigin(edge.data)}`;
}
