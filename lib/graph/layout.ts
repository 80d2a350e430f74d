import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { BOX, childrenOf, NODE_SIZE, type Position } from "./geometry";

/**
 * The automatic layout: containment, not layers. A team is a box holding its specialists, a group
 * a box holding its teams; siblings are packed in rows (shelves) whose width is chosen so each
 * box comes out about as wide as the canvas is (16:10), so a big org wraps into a block instead
 * of one row 76,000 px wide. The parties (`user`, `construct`, `*`) stand in a lane of their own
 * at the left.
 *
 * Why not ELK's layered algorithm: the relationships that would give it layers (handoffs,
 * contracts) are not drawn in the overview any more (they are aggregated between teams), so all
 * it would have to place is nested boxes — which this does in one linear pass, synchronously and
 * deterministically, on the server and in the browser alike, without a 1.4 MB worker bundle.
 */

/** The shape a packed row aims at: about the canvas's own (1440 × 900). */
const ASPECT = 1.6;

/** A size and a way to place its content once its top-left is known. */
type Measured = { width: number; height: number; place: (x: number, y: number, out: Record<string, Position>) => void };

/**
 * Top-left positions (absolute, in flow coordinates) for every node; positions the user saved win
 * over computed ones. Edges are not used: containment comes from each node's `parent`. A folded
 * container (`collapsed`) is packed at its closed size.
 */
export function layoutGraph(
  nodes: readonly GraphNode[],
  _edges: readonly GraphEdge[] = [],
  saved: Record<string, Position> = {},
  collapsed: ReadonlySet<string> = new Set(),
): Record<string, Position> {
  const children = childrenOf(nodes);
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const measure = (node: GraphNode): Measured => {
    const kids = children.get(node.id);
    if (!kids?.length) {
      const { width, height } = NODE_SIZE[node.kind];
      const place = (x: number, y: number, out: Record<string, Position>) => {
        out[node.id] = { x, y };
      };
      return { width, height, place };
    }
    const inner = shelf(kids.map((id) => measure(byId.get(id) as GraphNode)));
    // Folded, its members are still placed as if open from its corner (hidden there): the canvas
    // draws a folded box where its open box would begin, so both agree, and unfolding re-packs.
    const folded = collapsed.has(node.id);
    return {
      width: folded ? NODE_SIZE[node.kind].width : Math.max(inner.width + 2 * BOX.pad, NODE_SIZE[node.kind].width),
      height: folded ? NODE_SIZE[node.kind].height : inner.height + BOX.header + BOX.pad,
      place: (x, y, out) => {
        out[node.id] = { x, y };
        inner.place(x + BOX.pad, y + BOX.header, out);
      },
    };
  };

  const roots = nodes.filter((n) => !n.parent || !byId.has(n.parent));
  const parties = roots.filter((n) => n.kind === "party").map(measure);
  const rest = shelf(roots.filter((n) => n.kind !== "party").map(measure));
  const lane = column(parties);
  const out: Record<string, Position> = {};
  lane.place(BOX.margin, BOX.margin, out);
  rest.place(BOX.margin + (parties.length ? lane.width + BOX.laneGap : 0), BOX.margin, out);
  for (const node of nodes) if (saved[node.id]) out[node.id] = saved[node.id];
  return out;
}

/** Items one under another. */
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

/**
 * Items left to right in rows no wider than a target (but at least the widest item), each row
 * as tall as its tallest item. The target makes the block about ASPECT times as wide as tall.
 */
function shelf(items: Measured[]): Measured {
  const area = items.reduce((a, i) => a + (i.width + BOX.gap) * (i.height + BOX.gap), 0);
  const target = Math.max(Math.sqrt(area * ASPECT), ...items.map((i) => i.width));
  const rows: Measured[][] = [];
  let row: Measured[] = [];
  let rowWidth = 0;
  for (const item of items) {
    if (row.length && rowWidth + BOX.gap + item.width > target) {
      rows.push(row);
      row = [];
      rowWidth = 0;
    }
    rowWidth += (row.length ? BOX.gap : 0) + item.width;
    row.push(item);
  }
  if (row.length) rows.push(row);
  const widthOf = (r: Measured[]) => r.reduce((w, i) => w + i.width, 0) + (r.length - 1) * BOX.gap;
  const heightOf = (r: Measured[]) => Math.max(...r.map((i) => i.height));
  return {
    width: Math.max(0, ...rows.map(widthOf)),
    height: rows.reduce((h, r) => h + heightOf(r), 0) + Math.max(0, rows.length - 1) * BOX.gap,
    place: (x, y, out) => {
      let top = y;
      for (const r of rows) {
        let left = x;
        for (const item of r) {
          item.place(left, top, out);
          left += item.width + BOX.gap;
        }
        top += heightOf(r) + BOX.gap;
      }
    },
  };
}
