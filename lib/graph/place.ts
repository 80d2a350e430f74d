import type { GraphNode } from "@/schemas/graph";
import { BOX, boundsOf, childrenOf, nodeBoxes, nodeSize, type Position, type Rect } from "./geometry";

/**
 * When the org gains records, every box the user already sees stays where it is drawn and each new
 * box takes a free cell near where it belongs: among its team's members, else beside the drawing.
 * Returns the positions to hold: drawn boxes the fresh layout would move, and the new boxes.
 */
export function keepPlaces(
  nodes: readonly GraphNode[],
  shown: Readonly<Record<string, Position>>,
  next: Readonly<Record<string, Position>>,
): Record<string, Position> {
  const held: Record<string, Position> = {};
  const placed: Record<string, Position> = {};
  for (const node of nodes) {
    const before = shown[node.id];
    if (!before) continue;
    placed[node.id] = before;
    const after = next[node.id];
    if (!after || after.x !== before.x || after.y !== before.y) held[node.id] = before;
  }
  const children = childrenOf(nodes);
  // A new container's box follows its members, so only boxes without members are placed.
  const fresh = nodes.filter((n) => !shown[n.id] && !children.get(n.id)?.length);
  for (const node of fresh) {
    const spot = freeSpot(nodes, placed, node);
    placed[node.id] = spot;
    held[node.id] = spot;
  }
  return held;
}

/**
 * Where no cell keeps every box apart (a full team boxed in by its neighbours), a container's edge
 * may cross a neighbour's, rather than the new box lying in another team, and never over another box;
 * the neighbour then makes room (`separated`).
 */
const COVERS = 1000;
const INSIDE = 30;
const CROSSES = 5;
/** Cells tried past the frame's right and bottom edges. */
const REACH = 4;

/** The cell nearest the box's frame that overlaps nothing, or the one that overlaps least. */
function freeSpot(nodes: readonly GraphNode[], placed: Record<string, Position>, node: GraphNode): Position {
  const boxes = nodeBoxes(nodes, placed);
  const parentOf = new Map(nodes.map((n) => [n.id, n.parent]));
  const kindOf = new Map(nodes.map((n) => [n.id, n.kind]));
  const ancestors: string[] = [];
  for (let p = node.parent; p && kindOf.has(p); p = parentOf.get(p)) ancestors.push(p);
  const size = nodeSize(node.kind);
  const frameId = ancestors.find((a) => boxes[a]);
  const frame = frameId ? boxes[frameId] : drawing(Object.values(boxes));
  const gap = node.parent ? BOX.gap : BOX.topGap;
  const origin = frameId ? { x: frame.x + BOX.pad, y: frame.y + BOX.header } : { x: frame.x, y: frame.y };
  const step = { x: size.width + gap, y: size.height + gap };
  const cols = Math.ceil(frame.width / step.x) + REACH;
  const rows = Math.ceil(frame.height / step.y) + REACH;
  const holders = new Set(nodes.flatMap((n) => (n.parent ? [n.parent] : [])));
  // Boxes inside each container around the new box: its growth may cover them, they are its own.
  const within = new Map(ancestors.map((a) => [a, new Set<string>()]));
  for (const id of Object.keys(boxes)) for (let p = parentOf.get(id); p; p = parentOf.get(p)) within.get(p)?.add(id);
  const near = spatialIndex(Object.entries(boxes).filter(([id]) => id !== node.id));

  // Cheapest growth first, then reading order; the first cell that overlaps nothing ends the search.
  const cells: { at: Position; growth: number; grown: Grown[] }[] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const at = { x: origin.x + i * step.x, y: origin.y + j * step.y };
      const grown = grownBoxes(node, at, ancestors, boxes, kindOf);
      const area = grown.reduce(
        (sum, [, r, before]) => sum + r.width * r.height - (before ? before.width * before.height : 0),
        0,
      );
      // Beside the drawing, the least reach past its edges; inside a container, the least growth of its boxes.
      const past =
        Math.max(0, at.x + size.width - frame.x - frame.width) +
        Math.max(0, at.y + size.height - frame.y - frame.height);
      cells.push({ at, growth: frameId ? area : past, grown });
    }
  }
  cells.sort((a, b) => a.growth - b.growth);

  let best: { at: Position; cost: number } | null = null;
  for (const { at, grown } of cells) {
    let cost = 0;
    // A cell already costing as much as the best so far cannot win: stop counting.
    for (const [id, rect, before] of grown) {
      for (const [other, box] of near(rect)) {
        if (other === id || ancestors.includes(other) || within.get(id)?.has(other)) continue;
        if (hits(rect, box) && !(before && hits(before, box)))
          cost += id !== node.id ? (holders.has(other) ? 1 : CROSSES) : holders.has(other) ? INSIDE : COVERS;
        if (best && cost >= best.cost) break;
      }
      if (best && cost >= best.cost) break;
    }
    if (cost === 0) return at;
    if (!best || cost < best.cost) best = { at, cost };
  }
  return best?.at ?? origin;
}

type Grown = [string, Rect, Rect | undefined];

/** Square buckets of this many flow pixels, so a cell is checked only against the boxes around it. */
const BUCKET = 512;

function spatialIndex(entries: [string, Rect][]): (r: Rect) => Iterable<[string, Rect]> {
  const buckets = new Map<string, [string, Rect][]>();
  const span = (r: Rect) => ({
    x0: Math.floor((r.x - BOX.gap) / BUCKET),
    x1: Math.floor((r.x + r.width + BOX.gap) / BUCKET),
    y0: Math.floor((r.y - BOX.gap) / BUCKET),
    y1: Math.floor((r.y + r.height + BOX.gap) / BUCKET),
  });
  for (const entry of entries) {
    const { x0, x1, y0, y1 } = span(entry[1]);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const key = `${x},${y}`;
        const list = buckets.get(key);
        if (list) list.push(entry);
        else buckets.set(key, [entry]);
      }
  }
  return (r) => {
    const found = new Map<string, Rect>();
    const { x0, x1, y0, y1 } = span(r);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) for (const [id, box] of buckets.get(`${x},${y}`) ?? []) found.set(id, box);
    return found;
  };
}

/** The new box and each container around it, as they would be drawn with it at `at`, beside their old boxes. */
function grownBoxes(
  node: GraphNode,
  at: Position,
  ancestors: readonly string[],
  boxes: Record<string, Rect>,
  kindOf: Map<string, GraphNode["kind"]>,
): Grown[] {
  let inner: Rect = { ...at, ...nodeSize(node.kind) };
  const out: Grown[] = [[node.id, inner, undefined]];
  for (const id of ancestors) {
    const before = boxes[id];
    const x = inner.x - BOX.pad;
    const y = inner.y - BOX.header;
    let box: Rect = { x, y, width: inner.width + 2 * BOX.pad, height: inner.height + BOX.header + BOX.pad };
    if (before) {
      const left = Math.min(box.x, before.x);
      const top = Math.min(box.y, before.y);
      box = {
        x: left,
        y: top,
        width: Math.max(box.x + box.width, before.x + before.width) - left,
        height: Math.max(box.y + box.height, before.y + before.height) - top,
      };
    }
    box.width = Math.max(box.width, nodeSize(kindOf.get(id) as GraphNode["kind"]).width);
    out.push([id, box, before]);
    inner = box;
  }
  return out;
}

function drawing(rects: Rect[]): Rect {
  return rects.length ? boundsOf(rects) : { x: BOX.margin, y: BOX.margin, width: 0, height: 0 };
}

/** Boxes closer than the gap between members count as touching. */
function hits(a: Rect, b: Rect): boolean {
  const m = BOX.gap;
  return a.x < b.x + b.width + m && b.x < a.x + a.width + m && a.y < b.y + b.height + m && b.y < a.y + a.height + m;
}
