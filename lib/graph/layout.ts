import dagre from "@dagrejs/dagre";
import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { NODE_SIZE, type Position } from "./geometry";

/**
 * Which relationships shape the layout. Only membership does: groups above their teams above their
 * specialists. Relationships between specialists are drawn as arcs below that row (see the canvas),
 * which stays readable where a layered layout of 50 handoffs would only tangle.
 */
const LAYOUT_WEIGHT: Partial<Record<GraphEdge["kind"], number>> = { member: 1 };

/**
 * Above this many nodes the layout is the tree below instead of dagre's, whose cost grows much
 * faster than the graph: measured here 0.47 s at 1,139 nodes, 2.2 s at 3,359 and 37 s at 11,129,
 * all of it blocking the server's event loop (or the browser's main thread).
 */
export const DAGRE_NODE_LIMIT = 1500;

/**
 * Top-left positions for every node, from a layered layout of the membership hierarchy;
 * positions the user saved win over computed ones.
 */
export function layoutGraph(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  saved: Record<string, Position> = {},
): Record<string, Position> {
  const computed = nodes.length > DAGRE_NODE_LIMIT ? treeLayout(nodes, edges) : dagreLayout(nodes, edges);
  const out: Record<string, Position> = {};
  for (const node of nodes) out[node.id] = saved[node.id] ?? computed[node.id];
  return out;
}

const NODESEP = 28;
const RANKSEP = 110;
const MARGIN = 20;

function dagreLayout(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Record<string, Position> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: NODESEP, ranksep: RANKSEP, marginx: MARGIN, marginy: MARGIN });
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
    const { x, y } = g.node(node.id);
    const size = NODE_SIZE[node.kind];
    out[node.id] = { x: Math.round(x - size.width / 2), y: Math.round(y - size.height / 2) };
  }
  return out;
}

/** The row of each kind in the tree layout: groups and parties on top, then teams, then specialists. */
const RANK: Record<GraphNode["kind"], number> = { group: 0, party: 0, team: 1, specialist: 2 };

/**
 * A layered layout in linear time for big orgs: membership is (nearly) a forest, so each node
 * keeps its first parent, specialists stand in a row team by team, and each team and group is
 * centred over its members, pushed right where its row is already taken. No two nodes of a row
 * overlap, since each row is filled left to right.
 */
export function treeLayout(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Record<string, Position> {
  const kindOf = new Map(nodes.map((n) => [n.id, n.kind]));
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const e of edges) {
    const [from, to] = [kindOf.get(e.source), kindOf.get(e.target)];
    if (e.kind !== "member" || !from || !to || RANK[from] >= RANK[to] || hasParent.has(e.target)) continue;
    hasParent.add(e.target);
    const list = children.get(e.source);
    if (list) list.push(e.target);
    else children.set(e.source, [e.target]);
  }
  const rowHeight = [0, 0, 0];
  for (const n of nodes) rowHeight[RANK[n.kind]] = Math.max(rowHeight[RANK[n.kind]], NODE_SIZE[n.kind].height);
  const rowY = [MARGIN, MARGIN + rowHeight[0] + RANKSEP, MARGIN + rowHeight[0] + rowHeight[1] + 2 * RANKSEP];
  const next = [MARGIN, MARGIN, MARGIN];
  const out: Record<string, Position> = {};
  /** Places a node after its members and returns its centre. */
  const place = (id: string): number => {
    const kind = kindOf.get(id);
    // Only ids of `nodes` are ever placed: roots come from it, children were checked above.
    if (!kind) throw new Error(`treeLayout: no node ${id}`);
    const { width } = NODE_SIZE[kind];
    const rank = RANK[kind];
    const centres = (children.get(id) ?? []).map(place);
    const wanted = centres.length ? (centres[0] + centres[centres.length - 1]) / 2 - width / 2 : next[rank];
    const x = Math.round(Math.max(wanted, next[rank]));
    next[rank] = x + width + NODESEP;
    out[id] = { x, y: rowY[rank] };
    return x + width / 2;
  };
  const roots = nodes.filter((n) => !hasParent.has(n.id)).sort((a, b) => RANK[a.kind] - RANK[b.kind]);
  for (const root of roots) place(root.id);
  return out;
}
