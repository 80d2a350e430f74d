import { EDGE_KIND_SPECS, type GraphEdgeKind } from "@/schemas/edge-kinds";

// Arc geometry apart from the edge component: the canvas needs arcs' extent to cull them.

export const MAX_ARC_DEPTH = 900;

export function arcDepth(kind: GraphEdgeKind, sx: number, tx: number): number {
  return Math.min(36 + Math.abs(tx - sx) * EDGE_KIND_SPECS[kind].arcDepth, MAX_ARC_DEPTH);
}

export function arcPath(
  kind: GraphEdgeKind,
  sx: number,
  sy: number,
  tx: number,
  ty: number,
  up = false,
): [string, number, number] {
  const c = arcControl(kind, sx, sy, tx, ty, up);
  return [`M ${sx},${sy} C ${sx},${c} ${tx},${c} ${tx},${ty}`, (sx + tx) / 2, (sy + ty) / 8 + (3 * c) / 4];
}

function arcControl(kind: GraphEdgeKind, sx: number, sy: number, tx: number, ty: number, up: boolean): number {
  const depth = arcDepth(kind, sx, tx);
  return up ? Math.min(sy, ty) - depth : Math.max(sy, ty) + depth;
}

// The rasterizer dashes a path's whole length per tile it crosses: a 100,000 px dashed arc takes
// seconds per frame. Past this length the pattern stretches instead of repeating.
export const DASHED_LENGTH_CAP = 4000;

export function roughLength(sx: number, sy: number, tx: number, ty: number, depth: number): number {
  return Math.abs(tx - sx) + Math.abs(ty - sy) + 2 * depth;
}

export type Box = { x1: number; y1: number; x2: number; y2: number };

/** The curve never passes its control points' line. */
export function arcBox(kind: GraphEdgeKind, sx: number, sy: number, tx: number, ty: number, up = false): Box {
  const c = arcControl(kind, sx, sy, tx, ty, up);
  return { x1: Math.min(sx, tx), x2: Math.max(sx, tx), y1: Math.min(sy, ty, c), y2: Math.max(sy, ty, c) };
}

/** Touching edges do not count, as in React Flow's culling. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return Math.min(a.x2, b.x2) > Math.max(a.x1, b.x1) && Math.min(a.y2, b.y2) > Math.max(a.y1, b.y1);
}
