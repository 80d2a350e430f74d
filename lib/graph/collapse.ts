import type { GraphEdgeKind } from "@/schemas/edge-kinds";
import type { Graph, GraphNode } from "@/schemas/graph";
import { nodeSpec } from "@/schemas/node-kinds";
import { READABLE_TITLE_PX, TITLE_PX } from "./fit-view";
import { childrenOf, structureKeyOf } from "./geometry";
import { fitZoomer } from "./layout";
import { type AggregateEdge, aggregateEdges, overviewEnd } from "./overview";

/** Above this many specialists an unsaved org opens with teams folded: open ones are unreadable at fit. */
export const FOLD_TEAMS_ABOVE = 150;

const isContainer = (n: GraphNode) => nodeSpec(n.kind).view === "box";

export function foldable(graph: Graph): Set<string> {
  const members = childrenOf(graph.nodes);
  return new Set(graph.nodes.filter((n) => isContainer(n) && members.has(n.id)).map((n) => n.id));
}

export function allTeams(graph: Graph): Set<string> {
  const can = foldable(graph);
  return new Set(graph.nodes.filter((n) => n.kind === "team" && can.has(n.id)).map((n) => n.id));
}

/** A saved `collapsed` list wins, even an empty one (the user unfolded everything). */
export function initialCollapsed(graph: Graph, saved: readonly string[] | undefined): Set<string> {
  if (saved) {
    const can = foldable(graph);
    return new Set(saved.filter((id) => can.has(id)));
  }
  const specialists = graph.nodes.filter((n) => n.kind === "specialist").length;
  return specialists > FOLD_TEAMS_ABOVE ? readableFolds(graph) : new Set();
}

/** Memo: the editor asks again on every refetch of the same org. */
let lastReadable: { pane: string; graph: Graph; key: string; folds: ReadonlySet<string> } | null = null;

/** Every team folded, plus as few of the biggest groups as it takes for titles to read at fit. */
export function readableFolds(graph: Graph, pane?: { width: number; height: number }): Set<string> {
  const size = `${pane?.width}x${pane?.height}`;
  const last = lastReadable?.pane === size ? lastReadable : null;
  if (last?.graph === graph) return new Set(last.folds);
  const key = structureKeyOf(graph);
  if (last?.key === key) return new Set(last.folds);
  const teams = allTeams(graph);
  const can = foldable(graph);
  const counts = memberCounts(graph);
  const held = (id: string) => counts.get(id) ?? { teams: 0, specialists: 0 };
  const groups = graph.nodes
    .filter((n) => n.kind === "group" && can.has(n.id))
    .map((n) => n.id)
    .sort((a, b) => held(b).teams - held(a).teams || held(b).specialists - held(a).specialists);
  // Same-sized groups fold together, never nine of ten arbitrarily. `cuts` = how many to fold.
  const same = (a: string, b: string) => held(a).teams === held(b).teams && held(a).specialists === held(b).specialists;
  const cuts = [0, ...groups.flatMap((id, i) => (i + 1 === groups.length || !same(id, groups[i + 1]) ? [i + 1] : []))];
  const folding = (k: number) => new Set([...teams, ...groups.slice(0, k)]);
  const zoomFor = fitZoomer(graph.nodes, graph.edges, pane);
  const reads = (k: number) => zoomFor(folding(k)) * TITLE_PX >= READABLE_TITLE_PX;
  let [lo, hi] = [0, cuts.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reads(cuts[mid])) hi = mid;
    else lo = mid + 1;
  }
  const folds = folding(cuts[lo]);
  lastReadable = { pane: size, graph, key, folds };
  return new Set(folds);
}

/** Where a node is drawn: itself, or its outermost folded container. */
export function shownEndOf(graph: Graph, collapsed: ReadonlySet<string>): (id: string) => string {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const memo = new Map<string, string>();
  const endOf = (id: string): string => {
    const known = memo.get(id);
    if (known) return known;
    let end = id;
    for (let at = byId.get(id)?.parent; at && byId.has(at); at = byId.get(at)?.parent) if (collapsed.has(at)) end = at;
    memo.set(id, end);
    return end;
  };
  return endOf;
}

export function visibleNodes(graph: Graph, collapsed: ReadonlySet<string>): Set<string> {
  const end = shownEndOf(graph, collapsed);
  return new Set(graph.nodes.filter((n) => end(n.id) === n.id).map((n) => n.id));
}

/** Relationships of hidden nodes count on the folded box standing for them; inside one box, none. */
export function foldedEdges(
  graph: Graph,
  collapsed: ReadonlySet<string>,
  kinds?: ReadonlySet<GraphEdgeKind>,
): AggregateEdge[] {
  const end = shownEndOf(graph, collapsed);
  return aggregateEdges(graph, kinds, (n) => end(overviewEnd(n)));
}

/** `profiles` only where a box holds Construct 2.x worker profiles. */
export type MemberCount = { teams: number; specialists: number; profiles?: number };

export function memberCounts(graph: Graph): Map<string, MemberCount> {
  const members = childrenOf(graph.nodes);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const out = new Map<string, MemberCount>();
  const count = (id: string): MemberCount => {
    const known = out.get(id);
    if (known) return known;
    const c: MemberCount = { teams: 0, specialists: 0 };
    // Set before walking down, so a cycle in bad data ends here.
    out.set(id, c);
    for (const m of members.get(id) ?? []) {
      const kind = byId.get(m)?.kind;
      if (kind === "specialist") c.specialists++;
      else if (kind === "team") c.teams++;
      else if (kind === "worker-profile") c.profiles = (c.profiles ?? 0) + 1;
      const inner = count(m);
      c.teams += inner.teams;
      c.specialists += inner.specialists;
    }
    return c;
  };
  for (const n of graph.nodes) if (isContainer(n)) count(n.id);
  return out;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export function countText(c: MemberCount | undefined): string {
  if (!c || (!c.teams && !c.specialists && !c.profiles)) return "no members";
  return [
    c.teams ? plural(c.teams, "team") : "",
    c.specialists ? plural(c.specialists, "specialist") : "",
    c.profiles ? plural(c.profiles, "worker profile") : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

export function toggled(collapsed: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(collapsed);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** `folds` with only `id` folded or not. */
export function withFold(folds: ReadonlySet<string>, id: string, folded: boolean): Set<string> {
  const next = new Set(folds);
  if (folded) next.add(id);
  else next.delete(id);
  return next;
}

/** The same set when `id` is already shown, so callers can skip a re-render. */
export function revealed(graph: Graph, collapsed: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  const next = new Set(collapsed);
  for (let at = parent.get(id); at; at = parent.get(at)) next.delete(at);
  return next.size === collapsed.size ? collapsed : next;
}
