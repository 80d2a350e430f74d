import dagre from "@dagrejs/dagre";
import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { NODE_SIZE, type Position } from "./geometry";

/**
 * Which relationships shape the layout. Only membership does: groups above their teams above their
 * specialists. Relationships between specialists are drawn as arcs below that row (see the canvas),
 * which stays readable where a layered layout of 50 handoffs would only tangle.
 */
const LAYOUT_WEIGHT: Partial<Record<GraphEdge["kind"], number>> = { member: 1 };

/**
 * Top-left positions for every node, from a layered layout of the membership hierarchy;
 * positions the user saved win over computed ones.
 */
export function layoutGraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[], saved: Record<string, Position> = {}): Record<string, Position> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 28, ranksep: 110, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) g.setNode(node.id, { ...NODE_SIZE[node.kind] });
  const known = new Set(nodes.map((n) => n.id));
  for (const edge of edges) {
    if (!known.has(edge.source) || !known.has(edge.target) || edge.source === edge.target) continue;
    const weight = LAYOUT_WEIGHT[edge.kind];
    if (!weight || g.hasEdge(edge.source, edge.target) || g.hasEdge(edge.target, edge.source)) continue;
    g.setEdge(edge.source, edge.target, { weight, minlen: 1 });
  }
  dagre.layout(g);
  const out: Record<string, Position> = {};
  for (const node of nodes) {
    if (saved[node.id]) {
      out[node.id] = saved[node.id];
      continue;
    }
    const { x, y } = g.node(node.id);
    const size = NODE_SIZE[node.kind];
    out[node.id] = { x: Math.round(x - size.width / 2), y: Math.round(y - size.height / 2) };
  }
  return out;
}
