import { arcBox, arcDepth, arcPath, type Box, roughLength } from "@/lib/graph/arcs";
import { NODE_SIZE, type Position } from "@/lib/graph/geometry";
import type { OrgEdgeData } from "./graph-types";
import { handleAnchor, kindOfNode } from "./handles";

/** Where an edge lies: the box of its two nodes (what React Flow culls by) and, for an arc, its path and full extent. */
export type EdgeExtent = { ends: Box; box: Box; arc?: { path: string; length: number } };

export function edgeExtent(
  edge: Pick<OrgEdgeData, "source" | "target" | "kind" | "arc">,
  positions: Readonly<Record<string, Position>>,
): EdgeExtent | null {
  const from = positions[edge.source];
  const to = positions[edge.target];
  if (!from || !to) return null;
  const fromKind = kindOfNode(edge.source);
  const toKind = kindOfNode(edge.target);
  const ends = {
    x1: Math.min(from.x, to.x),
    y1: Math.min(from.y, to.y),
    x2: Math.max(from.x + NODE_SIZE[fromKind].width, to.x + NODE_SIZE[toKind].width),
    y2: Math.max(from.y + NODE_SIZE[fromKind].height, to.y + NODE_SIZE[toKind].height),
  };
  const arc = edge.arc;
  if (!arc) return { ends, box: ends };
  const s = handleAnchor(fromKind, from, "out");
  const t = handleAnchor(toKind, to, "in");
  // The same ends as the edge component: two bottoms for an arc below, two tops above.
  const up = arc.side === "above";
  const [sx, sy, tx, ty] = up ? [s.x, s.y - arc.sourceHeight, t.x, t.y] : [s.x, s.y, t.x, t.y + arc.targetHeight];
  const kind = edge.kind;
  const box = arcBox(kind, sx, sy, tx, ty, up);
  return {
    ends,
    box: {
      x1: Math.min(box.x1, ends.x1),
      y1: Math.min(box.y1, ends.y1),
      x2: Math.max(box.x2, ends.x2),
      y2: Math.max(box.y2, ends.y2),
    },
    arc: { path: arcPath(kind, sx, sy, tx, ty, up)[0], length: roughLength(sx, sy, tx, ty, arcDepth(kind, sx, tx)) },
  };
}
