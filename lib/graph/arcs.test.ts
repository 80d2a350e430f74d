import { describe, expect, it } from "vitest";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { arcBox, arcDepth, arcPath, boxesOverlap, MAX_ARC_DEPTH } from "./arcs";

/** Points along the cubic the path string describes. */
function pointsOf(path: string, steps = 200): { x: number; y: number }[] {
  const n = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
  const [x0, y0, x1, y1, x2, y2, x3, y3] = n;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    return {
      x: u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
      y: u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
    };
  });
}

describe("arcs", () => {
  const cases = EDGE_KINDS.flatMap(
    (kind) =>
      [
        [kind, 0, 100, 600, 100, false],
        [kind, 600, 100, 0, 120, false],
        [kind, 5, 64, 90_000, 64, false],
        [kind, 0, 0, 400, 30, true],
      ] as const,
  );

  it.each(cases)(
    "%s from (%d,%d) to (%d,%d), up %s: the whole curve lies in its box, which it touches on every side",
    (kind, sx, sy, tx, ty, up) => {
      const [path] = arcPath(kind, sx, sy, tx, ty, up);
      const box = arcBox(kind, sx, sy, tx, ty, up);
      const points = pointsOf(path);
      for (const p of points) {
        expect(p.x).toBeGreaterThanOrEqual(box.x1 - 1e-6);
        expect(p.x).toBeLessThanOrEqual(box.x2 + 1e-6);
        expect(p.y).toBeGreaterThanOrEqual(box.y1 - 1e-6);
        expect(p.y).toBeLessThanOrEqual(box.y2 + 1e-6);
      }
      // Loose by no more than the quarter of the depth a cubic falls short of its control points,
      // plus the ends' difference in height.
      const deepest = up ? Math.min(...points.map((p) => p.y)) : Math.max(...points.map((p) => p.y));
      expect(Math.abs((up ? box.y1 : box.y2) - deepest)).toBeLessThanOrEqual(
        arcDepth(kind, sx, tx) / 4 + Math.abs(sy - ty) + 1,
      );
    },
  );

  it("hangs deeper the farther apart its ends are, up to a limit", () => {
    expect(arcDepth("handoff", 0, 1000)).toBeGreaterThan(arcDepth("handoff", 0, 100));
    expect(arcDepth("handoff", 0, 1e6)).toBe(MAX_ARC_DEPTH);
  });

  it("counts boxes that only touch as apart, as React Flow's culling does", () => {
    const a = { x1: 0, y1: 0, x2: 10, y2: 10 };
    expect(boxesOverlap(a, { x1: 10, y1: 0, x2: 20, y2: 10 })).toBe(false);
    expect(boxesOverlap(a, { x1: 9, y1: 9, x2: 20, y2: 20 })).toBe(true);
    expect(boxesOverlap(a, { x1: 2, y1: 2, x2: 3, y2: 3 })).toBe(true);
    expect(boxesOverlap(a, { x1: -5, y1: 11, x2: 20, y2: 20 })).toBe(false);
  });
});
