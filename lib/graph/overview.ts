import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";
import type { GraphEdgeKind } from "@/schemas/kinds";

/**
 * What the canvas draws without a focus: relationships summed up between the boxes that hold
 * their ends, so 165 edges of the built-in org become a few dozen, one per pair and kind.
 */
export type AggregateEdge = {
  id: string;
  kind: Exclude<GraphEdgeKind, "member">;
  /** The two boxes (team, group, party, or a specialist outside any team), in first-seen direction. */
  source: string;
  target: string;
  /** How many relationships this one line stands for, and whether some run the other way. */
  count: number;
  both: boolean;
  /** The ids of the relationships summed up. */
  edges: string[];
};

/**
 * The box a node is drawn in, at the level the overview sums up: a specialist's container, a
 * team itself (even inside a group: teams are what the overview shows), a group, a party.
 */
export function overviewEnd(node: GraphNode): string {
  return node.kind === "specialist" && node.parent ? node.parent : node.id;
}

/**
 * One edge per unordered pair of ends and kind, with a count. Relationships inside one box
 * (a team's own handoffs), or between a box and a box inside it, are not summed into a loop:
 * they show when a member is focused.
 * Membership is containment, never an edge here.
 */
export function aggregateEdges(
  graph: Graph,
  kinds?: ReadonlySet<GraphEdgeKind>,
  /** Where a node is shown, when not `overviewEnd` (a folded container stands for its members). */
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
    // Inside one box, or between a box and one it holds (a group's escalation to its own team's
    // owner): a line from a box into itself says nothing at this level; focus shows it.
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

/**
 * The neighbourhood of a node `depth` relationships away (1 or 2), following relationships
 * either way: the nodes reached and the relationships walked. Membership is not a step (a team's
 * members are not its neighbours), but focusing a team or group starts from its members too.
 */
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
