import type { GraphEdgeKind } from "@/schemas/edge-kinds";
import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";

/** Relationships summed between the boxes holding their ends: 165 edges become a few dozen. */
export type AggregateEdge = {
  id: string;
  kind: Exclude<GraphEdgeKind, "member">;
  /** In first-seen direction; `both` when some run the other way. */
  source: string;
  target: string;
  count: number;
  both: boolean;
  edges: string[];
};

/** Teams, not their groups, are what the overview shows. */
export function overviewEnd(node: GraphNode): string {
  return node.kind === "specialist" && node.parent ? node.parent : node.id;
}

/** Relationships inside one box, or into a box it holds, are left to focus mode: no loops. */
export function aggregateEdges(
  graph: Graph,
  kinds?: ReadonlySet<GraphEdgeKind>,
  endOfNode: (node: GraphNode) => string | null = overviewEnd,
): AggregateEdge[] {
  const endOf = new Map(graph.nodes.map((n) => [n.id, endOfNode(n)]));
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  const holds = (outer: string, inner: string) => {
    for (let at = parent.get(inner); at; at = parent.get(at)) if (at === outer) return true;
    return false;
  };
  const out = new Map<string, AggregateEdge>();
  for (const e of graph.edges) {
    if (e.kind === "member" || (kinds && !kinds.has(e.kind))) continue;
    const a = endOf.get(e.source);
    const b = endOf.get(e.target);
    if (!a || !b || a === b || holds(a, b) || holds(b, a)) continue;
    const key = `${e.kind}|${a < b ? `${a}|${b}` : `${b}|${a}`}`;
    const found = out.get(key);
    if (found) {
      found.count++;
      found.edges.push(e.id);
      if (found.source !== a) found.both = true;
    } else out.set(key, { id: `agg:${key}`, kind: e.kind, source: a, target: b, count: 1, both: false, edges: [e.id] });
  }
  return [...out.values()];
}

/** Membership is not a step, but focusing a team or group starts from its members too. */
export function neighbourhood(
  graph: Graph,
  start: string,
  depth: number,
  kinds?: ReadonlySet<GraphEdgeKind>,
): { nodes: Set<string>; edges: Set<string> } {
  const around = new Map<string, GraphEdge[]>();
  for (const e of graph.edges) {
    if (e.kind === "member" || (kinds && !kinds.has(e.kind))) continue;
    for (const end of [e.source, e.target]) {
      const list = around.get(end);
      if (list) list.push(e);
      else around.set(end, [e]);
    }
  }
  const members = graph.nodes.filter((n) => n.parent === start).map((n) => n.id);
  const nodes = new Set([start, ...members]);
  const edges = new Set<string>();
  let frontier = [start, ...members];
  for (let step = 0; step < depth; step++) {
    const next: string[] = [];
    for (const id of frontier)
      for (const e of around.get(id) ?? []) {
        edges.add(e.id);
        const other = e.source === id ? e.target : e.source;
        if (!nodes.has(other)) {
          nodes.add(other);
          next.push(other);
        }
      }
    frontier = next;
  }
  return { nodes, edges };
}
