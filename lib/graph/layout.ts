import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";
import { FIRST_FIT, FIRST_PANE, fitViewport, MINIMAP_CORNER } from "./fit-view";
import { BOX, foldedSize, nodeSize, type Position } from "./geometry";
import { orderedChildren } from "./order";

/**
 * Teams box their specialists and groups their teams, packed in rows shaped like the canvas. Not ELK's
 * layered algorithm: nothing drawn is layered, and this runs synchronously anywhere without a 1.4 MB worker.
 */

/** Inner packing shapes tried (width against height); the one that fits the whole org largest wins. */
const INNER_ASPECTS = [1.6, 3, 6, 1000];

type Measured = { width: number; height: number; place: (x: number, y: number, out: Record<string, Position>) => void };

type Order = ReturnType<typeof orderedChildren>;

const packedOnce = new WeakMap<Graph, { folds: string; positions: Record<string, Position> }>();

/** The org packed around its folds, once per graph and set of folds: renders of one graph share it. */
export function packedLayout(graph: Graph, collapsed: ReadonlySet<string>): Readonly<Record<string, Position>> {
  const folds = [...collapsed].sort().join("|");
  const hit = packedOnce.get(graph);
  if (hit?.folds === folds) return hit.positions;
  const positions = layoutGraph(graph.nodes, graph.edges, {}, collapsed);
  packedOnce.set(graph, { folds, positions });
  return positions;
}

/** Top-left flow positions for every node; saved positions win, relationships only order siblings. */
export function layoutGraph(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[] = [],
  saved: Record<string, Position> = {},
  collapsed: ReadonlySet<string> = new Set(),
): Record<string, Position> {
  const out: Record<string, Position> = {};
  pack(nodes, orderedChildren(nodes, edges), collapsed).place(0, 0, out);
  for (const node of nodes) if (saved[node.id]) out[node.id] = saved[node.id];
  return out;
}

/** The unclamped zoom the first view fits the org at, per set of folds; siblings are ordered once. */
export function fitZoomer(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  pane: { width: number; height: number } = FIRST_PANE,
): (collapsed: ReadonlySet<string>) => number {
  const order = orderedChildren(nodes, edges);
  return (collapsed) => {
    const { width, height } = pack(nodes, order, collapsed);
    if (!width || !height) return FIRST_FIT.maxZoom;
    const drawn = { x: BOX.margin, y: BOX.margin, width, height };
    return fitViewport([drawn], pane.width, pane.height, { ...FIRST_FIT, minZoom: 0, maxZoom: Infinity })?.zoom ?? 0;
  };
}

function pack(nodes: readonly GraphNode[], { children, roots: rootIds }: Order, collapsed: ReadonlySet<string>) {
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const measure = (node: GraphNode, aspect: number): Measured => {
    const kids = children.get(node.id);
    if (!kids?.length) {
      const { width, height } = nodeSize(node.kind);
      const place = (x: number, y: number, out: Record<string, Position>) => {
        out[node.id] = { x, y };
      };
      return { width, height, place };
    }
    const members = kids.map((id) => byId.get(id) as GraphNode);
    const inner = () =>
      shelf(
        members.map((m) => measure(m, aspect)),
        aspect,
        members.some((m) => children.has(m.id)) ? BOX.boxGap : BOX.gap,
      );
    // Folded members are still placed (hidden) from the box's corner, where the canvas draws the open
    // box; they are packed only when placed, since the folded size does not depend on them.
    if (collapsed.has(node.id)) {
      const { width, height } = foldedSize(node.kind);
      return {
        width,
        height,
        place: (x, y, out) => {
          out[node.id] = { x, y };
          inner().place(x + BOX.pad, y + BOX.header, out);
        },
      };
    }
    const open = inner();
    return {
      width: Math.max(open.width + 2 * BOX.pad, nodeSize(node.kind).width),
      height: open.height + BOX.header + BOX.pad,
      place: (x, y, out) => {
        out[node.id] = { x, y };
        open.place(x + BOX.pad, y + BOX.header, out);
      },
    };
  };

  const roots = rootIds.map((id) => byId.get(id) as GraphNode);
  const lane = column(roots.filter((n) => n.kind === "party").map((n) => measure(n, INNER_ASPECTS[0])));
  const laneWidth = lane.width ? lane.width + BOX.laneGap : 0;
  const laneHeight = lane.height ? lane.height + BOX.laneHeader : 0;
  const others = roots.filter((n) => n.kind !== "party");
  const tried: { shelf: Shelf; zoom: number }[] = [];
  for (const aspect of INNER_ASPECTS) {
    const items = others.map((n) => measure(n, aspect));
    for (const target of rowWidths(items, BOX.topGap)) {
      const candidate = shelfTo(items, target, BOX.topGap);
      const zoom = Math.min(
        FIRST_PANE.width / (laneWidth + candidate.width + 2 * BOX.margin),
        FIRST_PANE.height / (Math.max(lane.height + BOX.laneHeader, candidate.height) + 2 * BOX.margin),
      );
      tried.push({ shelf: candidate, zoom });
    }
  }
  // The largest fit wins, unless the minimap over the bottom-right corner would cover boxes: then a
  // nearly-as-large fit that leaves that corner free.
  const fitsLargest = (list: typeof tried) =>
    list.reduce<(typeof tried)[number] | null>((best, c) => (!best || c.zoom > best.zoom * 1.001 ? c : best), null);
  const largest = fitsLargest(tried);
  const clear = (c: (typeof tried)[number]) => !underMinimap(c.shelf, laneWidth, laneHeight);
  const chosen =
    largest && !clear(largest)
      ? (fitsLargest(tried.filter((c) => c.zoom >= largest.zoom * CORNER_COST && clear(c))) ?? largest)
      : largest;
  const rest = chosen?.shelf ?? null;
  return {
    width: laneWidth + (rest?.width ?? 0),
    height: Math.max(laneHeight, rest?.height ?? 0),
    place: (_x: number, _y: number, out: Record<string, Position>) => {
      lane.place(BOX.margin, BOX.margin + BOX.laneHeader, out);
      rest?.place(BOX.margin + laneWidth, BOX.margin, out);
    },
  };
}

/** A first view gives up at most this share of its zoom to keep its boxes from under the minimap. */
const CORNER_COST = 0.9;

function underMinimap(shelf: Shelf, laneWidth: number, laneHeight: number): boolean {
  const width = laneWidth + shelf.width;
  const height = Math.max(laneHeight, shelf.height);
  const room = 1 + FIRST_FIT.padding;
  const zoom = Math.min(FIRST_PANE.width / room / width, FIRST_PANE.height / room / height, FIRST_FIT.maxZoom);
  // The minimap's top-left relative to the boxes' top-left, the pane's spare room split evenly.
  const left = (FIRST_PANE.width / zoom + width) / 2 - MINIMAP_CORNER.width / zoom;
  const top = (FIRST_PANE.height / zoom + height) / 2 - MINIMAP_CORNER.height / zoom;
  return shelf.rows.some((r) => laneWidth + r.right > left && r.bottom > top);
}

function column(items: Measured[]): Measured {
  const width = Math.max(0, ...items.map((i) => i.width));
  const height = items.reduce((h, i) => h + i.height, 0) + Math.max(0, items.length - 1) * BOX.gap;
  return {
    width,
    height,
    place: (x, y, out) => {
      let top = y;
      for (const item of items) {
        item.place(x, top, out);
        top += item.height + BOX.gap;
      }
    },
  };
}

/** Rows no wider than a target chosen so the block is about `aspect` times as wide as tall. */
function shelf(items: Measured[], aspect: number, gap: number): Measured {
  const area = items.reduce((a, i) => a + (i.width + gap) * (i.height + gap), 0);
  return shelfTo(items, Math.sqrt(area * aspect), gap);
}

/** At most 48 row widths worth trying: the widths of the first k items in a row, spread over k. */
function rowWidths(items: Measured[], gap: number): number[] {
  const out: number[] = [];
  let width = -gap;
  const step = Math.max(1, Math.ceil(items.length / 48));
  items.forEach((item, k) => {
    width += gap + item.width;
    if (k % step === 0 || k === items.length - 1) out.push(width);
  });
  return out;
}

type Shelf = Measured & { rows: { right: number; bottom: number }[] };

function shelfTo(items: Measured[], width: number, gap: number): Shelf {
  const target = Math.max(width, ...items.map((i) => i.width));
  const rows: Measured[][] = [];
  let row: Measured[] = [];
  let rowWidth = 0;
  for (const item of items) {
    if (row.length && rowWidth + gap + item.width > target) {
      rows.push(row);
      row = [];
      rowWidth = 0;
    }
    rowWidth += (row.length ? gap : 0) + item.width;
    row.push(item);
  }
  if (row.length) rows.push(row);
  const widthOf = (r: Measured[]) => r.reduce((w, i) => w + i.width, 0) + (r.length - 1) * gap;
  const heightOf = (r: Measured[]) => Math.max(...r.map((i) => i.height));
  let bottom = -gap;
  return {
    rows: rows.map((r) => {
      bottom += gap + heightOf(r);
      return { right: widthOf(r), bottom };
    }),
    width: Math.max(0, ...rows.map(widthOf)),
    height: rows.reduce((h, r) => h + heightOf(r), 0) + Math.max(0, rows.length - 1) * gap,
    place: (x, y, out) => {
      let top = y;
      for (const r of rows) {
        let left = x;
        for (const item of r) {
          item.place(left, top, out);
          left += item.width + gap;
        }
        top += heightOf(r) + gap;
      }
    },
  };
}
