import type { FoldedView, Graph, Layout } from "@/schemas/graph";
import { countText, foldedEdges, initialCollapsed, memberCounts } from "./collapse";
import { childrenOf, nodeBoxes } from "./geometry";
import { layoutGraph } from "./layout";
import { separated } from "./separate";

/**
 * Above this many specialists the page ships the folded first view instead of every record: at
 * 10,000 the records are 6 MB of HTML and the lists after them 38 MB, and the first view draws a few hundred boxes.
 */
export const FOLDED_FIRST_VIEW_ABOVE = 2_000;

/** Past this many boxes drawn, folds saved open leave little to save: the page ships the records. */
const FOLDED_NODES_MAX = 2_000;

/**
 * What the editor would draw first, folded as it would fold it (saved folds win, else readable
 * ones) and placed as it would place it (the packed layout under saved positions, set apart); null where
 * the org is small enough, or unfolded enough, for the page to ship its records instead.
 */
export function foldedView(graph: Graph, saved: Pick<Layout, "positions" | "collapsed"> | null): FoldedView | null {
  const specialists = graph.nodes.filter((n) => n.kind === "specialist").length;
  if (specialists <= FOLDED_FIRST_VIEW_ABOVE) return null;
  const collapsed = initialCollapsed(graph, saved?.collapsed);
  if (!collapsed.size) return null;
  const packed = layoutGraph(graph.nodes, graph.edges, {}, collapsed);
  const boxes = nodeBoxes(
    graph.nodes,
    separated(graph.nodes, { ...packed, ...saved?.positions }, collapsed),
    collapsed,
  );
  const nodes = graph.nodes.filter((n) => boxes[n.id]);
  if (nodes.length > FOLDED_NODES_MAX) return null;
  const held = childrenOf(graph.nodes);
  const counts = memberCounts(graph);
  const members: Record<string, string> = {};
  for (const n of nodes) if (held.get(n.id)?.length) members[n.id] = countText(counts.get(n.id));
  const edgeCounts: Record<string, number> = {};
  for (const e of graph.edges) edgeCounts[e.kind] = (edgeCounts[e.kind] ?? 0) + 1;
  return {
    nodes,
    boxes,
    members,
    collapsed: [...collapsed].filter((id) => boxes[id]),
    sums: foldedEdges(graph, collapsed)
      .filter((s) => boxes[s.source] && boxes[s.target])
      .map(({ kind, source, target, count }) => ({ kind, source, target, count })),
    edgeCounts,
    specialists,
  };
}
