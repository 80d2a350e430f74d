import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { childrenOf } from "./geometry";

/**
 * Sibling order that puts related boxes side by side, so summed edges are short and cross less. A
 * relationship pulls together the two siblings holding its ends under their lowest common container;
 * siblings are chained greedily, most related to the latest links first, ties in graph order.
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
    // One end holds the other: no two siblings to pull.
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
    // The last placed counts double, so pairs end up side by side, not only in one row.
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
