import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { childrenOf } from "./geometry";

/**
 * The order of siblings inside each container (and of the top-level boxes), chosen so that boxes
 * with many relationships between them sit next to each other: the overview's summed edges are
 * then short and cross less. The layout packs siblings in rows in this order.
 *
 * A relationship between two nodes counts for the two siblings, under their lowest common
 * container, that hold its ends (a handoff between members of teams A and B, both in group G,
 * pulls A and B together inside G; between groups, it pulls the two groups together at the top).
 *
 * Each container's siblings are then chained greedily: the sibling with the most relationships
 * first, and next always the one most related to the chain so far, the latest links weighing
 * most (so a pair ends up side by side, not only in the same row). Ties keep the graph's order, so
 * the result is deterministic. Cost: linear in the relationships, plus k² per container of k
 * siblings (about 10⁴ for the flat 100-box top row of a 1,000-specialist org).
 */
export function orderedChildren(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
): { children: Map<string, string[]>; roots: string[] } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parentOf = (id: string) => {
    const p = byId.get(id)?.parent;
    return p && byId.has(p) ? p : undefined;
  };
  // Each node's containers from the top down to itself, once per node (thousands of edges share them).
  const chains = new Map<string, string[]>();
  const chain = (id: string) => {
    let out = chains.get(id);
    if (!out) {
      out = [id];
      for (let at = parentOf(id); at; at = parentOf(at)) out.push(at);
      out.reverse();
      chains.set(id, out);
    }
    return out;
  };

  // Weights between siblings, keyed by the container ("" for the top level).
  const weights = new Map<string, Map<string, number>>();
  const add = (a: string, b: string) => {
    const row = weights.get(a) ?? new Map<string, number>();
    weights.set(a, row);
    row.set(b, (row.get(b) ?? 0) + 1);
  };
  for (const e of edges) {
    if (e.kind === "member" || !byId.has(e.source) || !byId.has(e.target)) continue;
    const a = chain(e.source);
    const b = chain(e.target);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    // One end holds the other (a team's escalation to its own member): no two siblings to pull.
    if (i >= a.length || i >= b.length) continue;
    add(a[i], b[i]);
    add(b[i], a[i]);
  }

  const weight = (a: string, b: string) => weights.get(a)?.get(b) ?? 0;
  const arrange = (ids: string[]): string[] => {
    if (ids.length < 3) return ids;
    const index = new Map(ids.map((id, i) => [id, i]));
    const total = (id: string) => {
      let sum = 0;
      for (const [other, w] of weights.get(id) ?? []) if (index.has(other)) sum += w;
      return sum;
    };
    const left = new Set(ids);
    const out: string[] = [];
    // How strongly each unplaced sibling is drawn to the chain: the last placed counts double.
    const pull = new Map(ids.map((id) => [id, 0]));
    let next = ids.reduce((best, id) => (total(id) > total(best) ? id : best), ids[0]);
    while (next !== undefined) {
      out.push(next);
      left.delete(next);
      let best: string | undefined;
      let bestScore = -1;
      for (const id of left) {
        const score = (pull.get(id) ?? 0) + 2 * weight(id, next);
        pull.set(id, (pull.get(id) ?? 0) + weight(id, next));
        // Strictly greater: the earliest in the graph's order wins a tie.
        if (score > bestScore) {
          best = id;
          bestScore = score;
        }
      }
      next = best as string;
    }
    return out;
  };

  const children = childrenOf(nodes);
  for (const [parent, ids] of children) children.set(parent, arrange(ids));
  const roots = arrange(nodes.filter((n) => !parentOf(n.id)).map((n) => n.id));
  return { children, roots };
}
