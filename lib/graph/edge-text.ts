import { edgeSpec } from "@/schemas/edge-kinds";
import type { GraphEdge, GraphEdgeData } from "@/schemas/graph";

/**
 * Where a relationship is written, in the words of the records ("from cx-a's handoffCandidates"),
 * rather than as the JSON pointer the editor uses to open it.
 */
export function edgeOrigin(data: GraphEdgeData): string {
  return edgeSpec(data.kind).origin(data);
}

/** The two records an edge joins, as the user names them: `cx-a → cx-b`. */
export function edgeEnds(data: GraphEdgeData): [string, string] {
  return edgeSpec(data.kind).ends(data);
}

/** One line for the edge-info box: `cx-a → cx-b · role · from cx-a's handoffCandidates`. */
export function describeEdge(edge: Pick<GraphEdge, "data" | "label">): string {
  const [from, to] = edgeEnds(edge.data);
  return `${from} → ${to}${edge.label ? ` · ${edge.label}` : ""} · ${edgeOrigin(edge.data)}`;
}
