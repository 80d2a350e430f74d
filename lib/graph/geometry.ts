import type { Graph, GraphNode } from "@/schemas/graph";
import { type GraphNodeKind, nodeSpec } from "@/schemas/node-kinds";

// Sizes and keys apart from `./layout`, which the browser loads only when it must lay a graph out.
export const nodeSize = (kind: GraphNodeKind): { width: number; height: number } => nodeSpec(kind).size;

/** A folded container is wider where its kind says so, so "group · 10 teams · 100 specialists" reads whole. */
export function foldedSize(kind: GraphNodeKind): { width: number; height: number } {
  const { size, foldedWidth } = nodeSpec(kind);
  return foldedWidth ? { width: foldedWidth, height: size.height } : size;
}

export type Position = { x: number; y: number };
export type Rect = Position & { width: number; height: number };

/** The smallest rect holding every one of `rects` (a loop: spreading thousands of boxes into Math.min overflows). */
export function boundsOf(rects: readonly Rect[]): Rect {
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const r of rects) {
    x1 = Math.min(x1, r.x);
    y1 = Math.min(y1, r.y);
    x2 = Math.max(x2, r.x + r.width);
    y2 = Math.max(y2, r.y + r.height);
  }
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

export const BOX = {
  header: 44,
  pad: 14,
  // Summed edges end with arrowheads between boxes, and most run between top-level ones: wider gaps.
  gap: 18,
  boxGap: 40,
  topGap: 64,
  margin: 20,
  laneGap: 48,
  laneHeader: 56,
} as const;

/** In the order of `nodes`, which keeps the layout deterministic. */
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

/** A container's box follows its members wherever they were laid out or dragged. */
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
      const held = boundsOf(boxes);
      const x = held.x - BOX.pad;
      const y = held.y - BOX.header;
      const right = held.x + held.width + BOX.pad;
      const bottom = held.y + held.height + BOX.pad;
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
  return out;
}

const structureKeys = new WeakMap<Graph, string>();

/**
 * Everything the layout depends on; relationships hashed, so the key stays small at thousands. A
 * graph is never changed once drawn, so each is hashed once however many hooks ask.
 */
export function structureKeyOf(graph: Graph): string {
  let key = structureKeys.get(graph);
  if (key === undefined) {
    key = structureKeyFrom(graph);
    structureKeys.set(graph, key);
  }
  return key;
}

function structureKeyFrom(graph: Graph): string {
  // FNV-1a over each relationship's ends.
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

/** Intersecting boxes drawn, apart from a container and the members it holds. */
export function overlaps(
  nodes: readonly GraphNode[],
  positions: Readonly<Record<string, Position>>,
  collapsed: ReadonlySet<string> = new Set(),
): [string, string][] {
  const parent = new Map(nodes.map((n) => [n.id, n.parent]));
  const holds = (outer: string, inner: string) => {
    for (let p = parent.get(inner); p; p = parent.get(p)) if (p === outer) return true;
    return false;
  };
  const rects = nodeBoxes(nodes, positions, collapsed);
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
