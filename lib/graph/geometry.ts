import type { Graph, GraphNode } from "@/schemas/graph";
import { type GraphNodeKind, nodeSpec } from "@/schemas/node-kinds";

/**
 * Node sizes, container boxes and the layout's identity, without the layout itself: the canvas
 * needs these on first load, while `./layout` is loaded only when the browser must lay a graph out.
 */

/** A node's size on the canvas, its kind's. */
export const nodeSize = (kind: GraphNodeKind): { width: number; height: number } => nodeSpec(kind).size;

/** A folded container's box: its kind's size, wider where its kind's spec says what it holds needs it. */
export function foldedSize(kind: GraphNodeKind): { width: number; height: number } {
  const { size, foldedWidth } = nodeSpec(kind);
  return foldedWidth ? { width: foldedWidth, height: size.height } : size;
}

export type Position = { x: number; y: number };
export type Rect = Position & { width: number; height: number };

/** How a container box (team, group) holds its members: the layout and the canvas share these. */
export const BOX = {
  /** Space above the members, for the container's name and count. */
  header: 44,
  /** Space left, right and below the members. */
  pad: 14,
  /** Space between siblings: specialists in a team; boxes (teams in a group), where summed edges
   * end with their arrowheads; the top-level boxes, where most of those edges run. */
  gap: 18,
  boxGap: 40,
  topGap: 64,
  /** Space around the whole org, and between the parties' lane and the rest. */
  margin: 20,
  laneGap: 48,
  /** Space above the parties' lane, for its heading. */
  laneHeader: 56,
} as const;

/** Each container's members, in the order of `nodes` (which keeps the layout deterministic). */
export function childrenOf(nodes: readonly GraphNode[]): Map<string, string[]> {
  const ids = new Set(nodes.map((n) => n.id));
  const out = new Map<string, string[]>();
  for (const n of nodes) {
    if (!n.parent || !ids.has(n.parent)) continue;
    const list = out.get(n.parent);
    if (list) list.push(n.id);
    else out.set(n.parent, [n.id]);
  }
  return out;
}

/**
 * The box of every node, in flow coordinates: a leaf (or a collapsed or empty container) is its
 * kind's size at its position; a container is drawn around its members' boxes, so it follows
 * them wherever they were laid out or dragged. Nodes without a position, and members of a
 * collapsed container, have no box.
 */
export function nodeBoxes(
  nodes: readonly GraphNode[],
  positions: Readonly<Record<string, Position>>,
  collapsed: ReadonlySet<string> = new Set(),
): Record<string, Rect> {
  const children = childrenOf(nodes);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: Record<string, Rect> = {};
  const visit = (node: GraphNode, record: boolean): Rect | null => {
    const folded = collapsed.has(node.id);
    const boxes = (children.get(node.id) ?? [])
      .map((id) => visit(byId.get(id) as GraphNode, record && !folded))
      .filter((b): b is Rect => !!b);
    const size = nodeSize(node.kind);
    let box: Rect | null = null;
    if (boxes.length) {
      const x = Math.min(...boxes.map((b) => b.x)) - BOX.pad;
      const y = Math.min(...boxes.map((b) => b.y)) - BOX.header;
      const right = Math.max(...boxes.map((b) => b.x + b.width)) + BOX.pad;
      const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + BOX.pad;
      // Folded where its open box begins, so unfolding puts everything back in place.
      box = folded
        ? { x, y, ...foldedSize(node.kind) }
        : { x, y, width: Math.max(right - x, size.width), height: bottom - y };
    } else {
      const p = positions[node.id];
      box = p ? { x: p.x, y: p.y, ...size } : null;
    }
    if (record && box) out[node.id] = box;
    return box;
  };
  for (const node of nodes) if (!node.parent || !byId.has(node.parent)) visit(node, true);
  // Members of a collapsed container were not visited: they have no box, and are not drawn.
  return out;
}

/**
 * What the automatic layout depends on: which nodes exist, in order, who belongs where, and which
 * nodes are related (the order of siblings follows relationships), the last as a hash so the key
 * stays small at thousands of relationships. Two graphs with the same key get the same positions,
 * wherever they are laid out.
 */
export function structureKeyOf(graph: Graph): string {
  // FNV-1a over each relationship's ends, in the graph's order.
  let hash = 0x811c9dc5;
  for (const e of graph.edges) {
    if (e.kind === "member") continue;
    const text = `${e.source}>${e.target};`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return (
    graph.nodes.map((n) => n.id).join("|") +
    "#" +
    graph.edges
      .filter((e) => e.kind === "member")
      .map((e) => e.id)
      .join("|") +
    "#" +
    (hash >>> 0).toString(36)
  );
}

/**
 * Which two node boxes intersect (the layout promises none do), apart from a container and the
 * members it holds, whose boxes hold theirs by design.
 */
export function overlaps(nodes: readonly GraphNode[], positions: Record<string, Position>): [string, string][] {
  const parent = new Map(nodes.map((n) => [n.id, n.parent]));
  const holds = (outer: string, inner: string) => {
    for (let p = parent.get(inner); p; p = parent.get(p)) if (p === outer) return true;
    return false;
  };
  const rects = nodeBoxes(nodes, positions);
  const boxes = nodes.filter((n) => rects[n.id]).map((n) => ({ id: n.id, ...rects[n.id] }));
  const out: [string, string][] = [];
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].x < sorted[i].x + sorted[i].width; j++) {
      const a = sorted[i];
      const b = sorted[j];
      if (a.y < b.y + b.height && b.y < a.y + a.height && !holds(a.id, b.id) && !holds(b.id, a.id))
        out.push([a.id, b.id]);
    }
  }
  return out;
}
