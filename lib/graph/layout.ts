import dagre from "@dagrejs/dagre";
import type { GraphEdge, GraphNode, GraphNodeKind } from "@/schemas/graph";

export const NODE_SIZE: Record<GraphNodeKind, { width: number; height: number }> = {
  specialist: { width: 200, height: 64 },
  team: { width: 210, height: 56 },
  group: { width: 220, height: 56 },
  party: { width: 130, height: 44 },
};

export type Position = { x: number; y: number };

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

/** Whether any two node boxes intersect (the layout promises none do). */
export function overlaps(nodes: readonly GraphNode[], positions: Record<string, Position>): [string, string][] {
  const boxes = nodes.map((n) => ({ id: n.id, ...positions[n.id], ...NODE_SIZE[n.kind] }));
  const out: [string, string][] = [];
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].x < sorted[i].x + sorted[i].width; j++) {
      const a = sorted[i];
      const b = sorted[j];
      if (a.y < b.y + b.height && b.y < a.y + a.height) out.push([a.id, b.id]);
    }
  }
  return out;
}
