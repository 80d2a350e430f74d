import type { Graph, GraphNode } from "@/schemas/graph";
import type { GraphEdgeKind } from "@/schemas/kinds";
import { READABLE_TITLE_PX, TITLE_PX } from "./fit-view";
import { childrenOf, structureKeyOf } from "./geometry";
import { fitZoomer } from "./layout";
import { type AggregateEdge, aggregateEdges, overviewEnd } from "./overview";

/**
 * Folded teams and groups: which nodes a fold hides, where the relationships of a hidden node
 * end instead (its nearest folded container), and what a folded box says it holds. The canvas,
 * the layout and the editor read these; none of them decides it again.
 */

/**
 * Above this many specialists an org whose layout file says nothing of folds opens with every team
 * folded: 150 open specialists do not fit a fitted view at a legible size, team boxes do.
 */
export const FOLD_TEAMS_ABOVE = 150;

const isContainer = (n: GraphNode) => n.kind === "team" || n.kind === "group";

/** The teams and groups that hold at least one member: only those can be folded. */
export function foldable(graph: Graph): Set<string> {
  const members = childrenOf(graph.nodes);
  return new Set(graph.nodes.filter((n) => isContainer(n) && members.has(n.id)).map((n) => n.id));
}

/** Every team that holds a member: "Fold all teams" (groups stay open around their folded teams). */
export function allTeams(graph: Graph): Set<string> {
  const can = foldable(graph);
  return new Set(graph.nodes.filter((n) => n.kind === "team" && can.has(n.id)).map((n) => n.id));
}

/**
 * The folds to show: the saved ones when the layout file has a `collapsed` list (even an empty
 * one: the user unfolded everything), else none for a small org and `readableFolds` for a big one.
 */
export function initialCollapsed(graph: Graph, saved: readonly string[] | undefined): Set<string> {
  if (saved) {
    const can = foldable(graph);
    return new Set(saved.filter((id) => can.has(id)));
  }
  const specialists = graph.nodes.filter((n) => n.kind === "specialist").length;
  return specialists > FOLD_TEAMS_ABOVE ? readableFolds(graph) : new Set();
}

/** The last answer of `readableFolds`: the editor asks again on every refetch of the same org. */
let lastReadable: { pane: string; graph: Graph; key: string; folds: ReadonlySet<string> } | null = null;

/**
 * A big org's first view, whole and readable: every team folded, and when folded teams still
 * cannot be read at fit (their titles under READABLE_TITLE_PX on the first pane; about 400
 * specialists in teams of ten), the biggest groups folded too, as few as it takes (groups of one
 * size together), so the first view shows the most detail that reads. A group folds with its teams folded inside, so opening it
 * shows team boxes. The tries share one ordering of siblings and skip what folds hide; a binary
 * search over how many groups to fold keeps them to a handful, once per org structure.
 */
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
    // Biggest first: each fold then takes the most room back. Ties keep the graph's order.
    .sort((a, b) => held(b).teams - held(a).teams || held(b).specialists - held(a).specialists);
  // Groups of one size fold together: ten groups of ten teams are all folded or all open, not
  // nine folded and one, arbitrarily, open. `cuts` are how many of the biggest to fold.
  const same = (a: string, b: string) => held(a).teams === held(b).teams && held(a).specialists === held(b).specialists;
  const cuts = [0, ...groups.flatMap((id, i) => (i + 1 === groups.length || !same(id, groups[i + 1]) ? [i + 1] : []))];
  const folding = (k: number) => new Set([...teams, ...groups.slice(0, k)]);
  const zoomFor = fitZoomer(graph.nodes, graph.edges, pane);
  const reads = (k: number) => zoomFor(folding(k)) * TITLE_PX >= READABLE_TITLE_PX;
  // The least cut that reads (folding a group only ever shrinks the org); every group if none does.
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

/**
 * Where each node is drawn: itself when shown, else its outermost folded container (a specialist
 * of a folded team inside a folded group is drawn as the group). Never a hidden node.
 */
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

/** The nodes a fold does not hide. */
export function visibleNodes(graph: Graph, collapsed: ReadonlySet<string>): Set<string> {
  const end = shownEndOf(graph, collapsed);
  return new Set(graph.nodes.filter((n) => end(n.id) === n.id).map((n) => n.id));
}

/**
 * The overview's sums with folds applied: a relationship of a hidden node is counted on the folded
 * box that stands for it, and one between two members of the same folded box is not drawn.
 */
export function foldedEdges(
  graph: Graph,
  collapsed: ReadonlySet<string>,
  kinds?: ReadonlySet<GraphEdgeKind>,
): AggregateEdge[] {
  const end = shownEndOf(graph, collapsed);
  return aggregateEdges(graph, kinds, (n) => end(overviewEnd(n)));
}

export type MemberCount = { teams: number; specialists: number };

/** What each container holds, all the way down: a group counts its teams' specialists too. */
export function memberCounts(graph: Graph): Map<string, MemberCount> {
  const members = childrenOf(graph.nodes);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const out = new Map<string, MemberCount>();
  const count = (id: string): MemberCount => {
    const known = out.get(id);
    if (known) return known;
    const c: MemberCount = { teams: 0, specialists: 0 };
    // Set before walking down, so a cycle in bad data ends here instead of looping.
    out.set(id, c);
    for (const m of members.get(id) ?? []) {
      const kind = byId.get(m)?.kind;
      if (kind === "specialist") c.specialists++;
      else if (kind === "team") c.teams++;
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

/** "8 specialists", "3 teams · 14 specialists", "1 team · 1 specialist", "no members". */
export function countText(c: MemberCount | undefined): string {
  if (!c || (!c.teams && !c.specialists)) return "no members";
  return [c.teams ? plural(c.teams, "team") : "", c.specialists ? plural(c.specialists, "specialist") : ""]
    .filter(Boolean)
    .join(" · ");
}

/** The folds with `id` flipped. */
export function toggled(collapsed: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(collapsed);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The folds with every container of `id` opened, so that `id` is shown; the same set when it already is. */
export function revealed(graph: Graph, collapsed: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  const next = new Set(collapsed);
  for (let at = parent.get(id); at; at = parent.get(at)) next.delete(at);
  return next.size === collapsed.size ? collapsed : next;
}
