import type { GraphEdgeKind, SummedKind } from "@/schemas/edge-kinds";
import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";

/** Relationships summed between the boxes holding their ends: 165 edges become a few dozen. */
export type AggregateEdge = {
  id: string;
  /** The kind summed; where kinds are summed together, the one with the most relationships. */
  kind: SummedKind;
  /** In first-seen direction; `both` when some run the other way. */
  source: string;
  target: string;
  count: number;
  both: boolean;
  edges: string[];
  /** How many of each kind it stands for: more than one kind where kinds are summed together. */
  kinds: Partial<Record<SummedKind, number>>;
};

/** A view reads at a glance with at most this many lines between its boxes. */
export const OVERVIEW_LINES = 30;

/**
 * How the overview sums relationships: one line per pair of boxes and kind; one per pair of boxes,
 * kinds together; or one per pair of the outermost boxes apart (the two inside the innermost box
 * holding both ends: two groups, or two teams of one group), kinds together.
 */
export type OverviewLevel = "kind" | "pair" | "outer";

/** Teams, not their groups, are what the overview shows. */
export function overviewEnd(node: GraphNode): string {
  return node.kind === "specialist" && node.parent ? node.parent : node.id;
}

type EndOf = (node: GraphNode) => string | null;

/** Each relationship's line, at one level: its key and its two ends, or null where none is drawn. */
function linesOf(graph: Graph, kinds: ReadonlySet<GraphEdgeKind> | undefined, endOfNode: EndOf, level: OverviewLevel) {
  const endOf = new Map(graph.nodes.map((n) => [n.id, endOfNode(n)]));
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  const chain = (id: string) => {
    const out = [id];
    for (let at = parent.get(id); at; at = parent.get(at)) out.push(at);
    return out.reverse();
  };
  const holds = (outer: string, inner: string) => {
    for (let at = parent.get(inner); at; at = parent.get(at)) if (at === outer) return true;
    return false;
  };
  return (e: GraphEdge): { key: string; a: string; b: string } | null => {
    if (e.kind === "member" || (kinds && !kinds.has(e.kind))) return null;
    let a = endOf.get(e.source);
    let b = endOf.get(e.target);
    if (!a || !b || a === b || holds(a, b) || holds(b, a)) return null;
    if (level === "outer") {
      const [ca, cb] = [chain(a), chain(b)];
      let i = 0;
      while (ca[i] === cb[i]) i++;
      [a, b] = [ca[i], cb[i]];
    }
    const pair = a < b ? `${a}|${b}` : `${b}|${a}`;
    return { key: level === "kind" ? `${e.kind}|${pair}` : pair, a, b };
  };
}

/** Relationships inside one box, or into a box it holds, are left to focus mode: no loops. */
export function aggregateEdges(
  graph: Graph,
  kinds?: ReadonlySet<GraphEdgeKind>,
  endOfNode: EndOf = overviewEnd,
  level: OverviewLevel = "kind",
): AggregateEdge[] {
  const line = linesOf(graph, kinds, endOfNode, level);
  const out = new Map<string, AggregateEdge>();
  for (const e of graph.edges) {
    const l = line(e);
    if (!l) continue;
    const kind = e.kind as SummedKind;
    const found = out.get(l.key);
    if (found) {
      found.count++;
      found.edges.push(e.id);
      found.kinds[kind] = (found.kinds[kind] ?? 0) + 1;
      if (found.source !== l.a) found.both = true;
    } else
      out.set(l.key, {
        id: `agg:${l.key}`,
        kind,
        source: l.a,
        target: l.b,
        count: 1,
        both: false,
        edges: [e.id],
        kinds: { [kind]: 1 },
      });
  }
  const sums = [...out.values()];
  if (level !== "kind")
    for (const s of sums)
      s.kind = (Object.entries(s.kinds) as [SummedKind, number][]).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return sums;
}

/**
 * The finest level whose overview draws at most OVERVIEW_LINES lines. Where none does, lines stay
 * per kind: a view that cannot read at a glance keeps its kinds apart, which is how it reads at all.
 */
export function overviewLevel(
  graph: Graph,
  kinds?: ReadonlySet<GraphEdgeKind>,
  endOfNode: EndOf = overviewEnd,
): OverviewLevel {
  for (const level of ["kind", "pair", "outer"] as const) {
    const line = linesOf(graph, kinds, endOfNode, level);
    const keys = new Set<string>();
    for (const e of graph.edges) {
      const l = line(e);
      if (l) keys.add(l.key);
      // Counting stops once past the budget: a big org's edges are not walked three times whole.
      if (keys.size > OVERVIEW_LINES) break;
    }
    if (keys.size <= OVERVIEW_LINES) return level;
  }
  return "kind";
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
