import { curve, type Side } from "./edge-ends";
import type { Rect } from "./geometry";

// Labels at a fixed point of each line piled up over a busy node, whose lines leave one handle.

export type LabelLine = {
  id: string;
  ends: { sx: number; sy: number; tx: number; ty: number; sourceSide: Side; targetSide: Side };
  curvature: number;
  text: string;
  /** 0 at the source. */
  prefer: number;
};

/** 11 px monospace, 6 px padding and a border each side, as the canvas draws it. */
export function labelBox(text: string, x: number, y: number): Rect {
  const width = text.length * 6.6 + 14;
  const height = 17;
  return { x: x - width / 2, y: y - height / 2, width, height };
}

/** Never the very ends: an arrowhead is there. */
const TRIED = Array.from({ length: 21 }, (_, i) => Math.round((0.08 + i * 0.04) * 100) / 100);
/** Past this many, lines are unreadable one by one anyway. */
export const SPREAD_AT_MOST = 200;

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Deterministic; an open container is not solid, so labels may stand inside it. */
export function spreadLabels(lines: readonly LabelLine[], solid: readonly Rect[]): Map<string, number> {
  const out = new Map<string, number>();
  if (lines.length > SPREAD_AT_MOST) {
    for (const line of lines) out.set(line.id, line.prefer);
    return out;
  }
  const placed: Rect[] = [];
  // A long label has the fewest free places; a short one fits in between.
  const order = [...lines].sort((a, b) => b.text.length - a.text.length);
  for (const line of order) {
    const at = curve(line.ends, line.curvature).at;
    const tries = [line.prefer, ...TRIED.filter((t) => t !== line.prefer)].sort(
      (a, b) => Math.abs(a - line.prefer) - Math.abs(b - line.prefer),
    );
    let best = { t: line.prefer, covered: Infinity, box: null as Rect | null };
    for (const t of tries) {
      const [x, y] = at(t);
      const box = labelBox(line.text, x, y);
      let covered = 0;
      for (const other of placed) covered += overlap(box, other);
      for (const other of solid) covered += overlap(box, other);
      if (covered < best.covered) best = { t, covered, box };
      if (covered === 0) break;
    }
    out.set(line.id, best.t);
    if (best.box) placed.push(best.box);
  }
  return out;
}
