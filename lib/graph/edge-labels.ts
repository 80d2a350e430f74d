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
  return spreadLabelsApart(lines, solid, false).at;
}

/**
 * As `spreadLabels`, and which labels found no place clear of the others (`crowded`); with `leaveOff`
 * a crowded label is taken as not drawn, so the labels after it may stand where it would have.
 */
export function spreadLabelsApart(
  lines: readonly LabelLine[],
  solid: readonly Rect[],
  leaveOff = true,
): { at: Map<string, number>; crowded: Set<string> } {
  const out = new Map<string, number>();
  const crowded = new Set<string>();
  if (lines.length > SPREAD_AT_MOST) {
    for (const line of lines) out.set(line.id, line.prefer);
    return { at: out, crowded };
  }
  const placed: Rect[] = [];
  // A long label has the fewest free places; a short one fits in between.
  const order = [...lines].sort((a, b) => b.text.length - a.text.length);
  for (const line of order) {
    const at = curve(line.ends, line.curvature).at;
    const tries = [line.prefer, ...TRIED.filter((t) => t !== line.prefer)].sort(
      (a, b) => Math.abs(a - line.prefer) - Math.abs(b - line.prefer),
    );
    // Another label covered weighs more than a box: a label over a label reads as neither.
    let best = { t: line.prefer, covered: Infinity, labels: Infinity, box: null as Rect | null };
    for (const t of tries) {
      const [x, y] = at(t);
      const box = labelBox(line.text, x, y);
      let labels = 0;
      for (const other of placed) labels += overlap(box, other);
      let covered = labels * LABEL_WEIGHT;
      for (const other of solid) covered += overlap(box, other);
      if (covered < best.covered) best = { t, covered, labels, box };
      if (covered === 0) break;
    }
    out.set(line.id, best.t);
    if (best.labels > 0) crowded.add(line.id);
    if (best.box && !(leaveOff && best.labels > 0)) placed.push(best.box);
  }
  return { at: out, crowded };
}

const LABEL_WEIGHT = 4;
