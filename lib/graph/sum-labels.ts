import { facingEnds } from "./edge-ends";
import { type LabelLine, spreadLabelsApart } from "./edge-labels";
import type { Rect } from "./geometry";

/** A line of the overview between two boxes, as the canvas draws it: its lane, its bend and its count. */
export type SumLine = { id: string; source: string; target: string; lane: number; curvature: number; text: string };

/**
 * Where each summed line's count stands along it (0 at the source), clear of the other counts and of
 * the cards; a count that finds no clear place is left off (null): its line says it when hovered.
 */
export function sumLabelPlaces(
  lines: readonly SumLine[],
  boxes: Readonly<Record<string, Rect>>,
  solid: readonly Rect[],
): Map<string, number | null> {
  const laid: LabelLine[] = [];
  for (const line of lines) {
    const [a, b] = [boxes[line.source], boxes[line.target]];
    if (!a || !b) continue;
    laid.push({
      id: line.id,
      ends: facingEnds(a, b, line.lane),
      curvature: line.curvature,
      text: line.text,
      prefer: 0.5 + line.lane * 0.08,
    });
  }
  const { at, crowded } = spreadLabelsApart(laid, solid);
  const out = new Map<string, number | null>();
  for (const [id, t] of at) out.set(id, crowded.has(id) ? null : t);
  return out;
}
