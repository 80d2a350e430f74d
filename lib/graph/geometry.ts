import type { Graph, GraphNode, GraphNodeKind } from "@/schemas/graph";

/**
 * Node sizes and the layout's identity, without the layout itself: the canvas needs these on
 * first load, while dagre (`./layout`) is loaded only when the browser must lay a graph out.
 */
export const NODE_SIZE: Record<GraphNodeKind, { width: number; height: number }> = {
  specialist: { width: 200, height: 64 },
  team: { width: 210, height: 56 },
  group: { width: 220, height: 56 },
  party: { width: 130, height: 44 },
};

export type Position = { x: number; y: number };

/**
 * What the automatic layout depends on: which nodes exist, in order, and who belongs where.
 * Two graphs with the same key get the same positions, wherever they are laid out.
 */
export function structureKeyOf(graph: Graph): string {
  return (
    graph.nodes.map((n) => n.id).join("|") +
    "#" +
    graph.edges
      .filter((e) => e.kind === "member")
      .map((e) => e.id)
      .join("|")
  );
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
