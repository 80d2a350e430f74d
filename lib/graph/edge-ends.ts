import type { Rect } from "./geometry";

export type Side = "top" | "right" | "bottom" | "left";

/**
 * Ends on the sides that face each other, so arrowheads sit in the open, not under a handle; `lane`
 * slides both ends along their sides so kinds between the same boxes run parallel.
 */
export function facingEnds(
  a: Rect,
  b: Rect,
  lane = 0,
  spacing = 18,
): { sx: number; sy: number; tx: number; ty: number; sourceSide: Side; targetSide: Side } {
  const ca = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const cb = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const gapX = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const gapY = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  const horizontal = gapX > gapY;
  const shift = lane * spacing;
  if (horizontal) {
    const right = cb.x >= ca.x;
    const [sy, ty] = along(a.y, a.height, b.y, b.height, ca.y, cb.y);
    return {
      sx: right ? a.x + a.width : a.x,
      sy: clampTo(sy + shift, a.y + 6, a.y + a.height - 6),
      tx: right ? b.x : b.x + b.width,
      ty: clampTo(ty + shift, b.y + 6, b.y + b.height - 6),
      sourceSide: right ? "right" : "left",
      targetSide: right ? "left" : "right",
    };
  }
  const down = cb.y >= ca.y;
  const [sx, tx] = along(a.x, a.width, b.x, b.width, ca.x, cb.x);
  return {
    sx: clampTo(sx + shift, a.x + 6, a.x + a.width - 6),
    sy: down ? a.y + a.height : a.y,
    tx: clampTo(tx + shift, b.x + 6, b.x + b.width - 6),
    ty: down ? b.y : b.y + b.height,
    sourceSide: down ? "bottom" : "top",
    targetSide: down ? "top" : "bottom",
  };
}

/** The middle of the shared span, so the line runs straight; else each end near the other box. */
function along(a: number, aSize: number, b: number, bSize: number, ca: number, cb: number): [number, number] {
  const lo = Math.max(a, b);
  const hi = Math.min(a + aSize, b + bSize);
  if (hi - lo >= 24) return [(lo + hi) / 2, (lo + hi) / 2];
  return [clampTo(cb, a + aSize / 4, a + (3 * aSize) / 4), clampTo(ca, b + bSize / 4, b + (3 * bSize) / 4)];
}

function clampTo(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), Math.max(lo, hi));
}

/** React Flow's bezier, with any point along it, so labels around a busy node can spread out. */
export function curve(
  ends: { sx: number; sy: number; tx: number; ty: number; sourceSide: Side; targetSide: Side },
  curvature = 0.25,
): { path: string; at: (t: number) => [number, number] } {
  const { sx, sy, tx, ty } = ends;
  const [c1x, c1y] = control(ends.sourceSide, sx, sy, tx, ty, curvature);
  const [c2x, c2y] = control(ends.targetSide, tx, ty, sx, sy, curvature);
  const at = (t: number): [number, number] => {
    const u = 1 - t;
    const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    return [a * sx + b * c1x + c * c2x + d * tx, a * sy + b * c1y + c * c2y + d * ty];
  };
  return { path: `M${sx},${sy} C${c1x},${c1y} ${c2x},${c2y} ${tx},${ty}`, at };
}

function control(side: Side, x1: number, y1: number, x2: number, y2: number, c: number): [number, number] {
  const offset = (distance: number) => (distance >= 0 ? 0.5 * distance : c * 25 * Math.sqrt(-distance));
  switch (side) {
    case "left":
      return [x1 - offset(x1 - x2), y1];
    case "right":
      return [x1 + offset(x2 - x1), y1];
    case "top":
      return [x1, y1 - offset(y1 - y2)];
    default:
      return [x1, y1 + offset(y2 - y1)];
  }
}
