import { getViewportForBounds } from "@xyflow/system";
import { describe, expect, it } from "vitest";
import { FIRST_FIT, fitViewport } from "@/lib/graph/fit-view";
import type { Rect } from "@/lib/graph/geometry";

// The picture painted before the canvas's code arrives must sit where React Flow's fitView then
// puts the canvas: the same viewport as React Flow's own function, for orgs small, wide and huge.
function reactFlows(boxes: Rect[], width: number, height: number) {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const bounds = {
    x,
    y,
    width: Math.max(...boxes.map((b) => b.x + b.width)) - x,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - y,
  };
  return getViewportForBounds(bounds, width, height, FIRST_FIT.minZoom, FIRST_FIT.maxZoom, FIRST_FIT.padding);
}

const CASES: [string, Rect[], number, number][] = [
  ["a small org, zoom capped at its most", [{ x: 20, y: 20, width: 240, height: 80 }], 1440, 820],
  [
    "a mid org that fits",
    [
      { x: 20, y: 20, width: 200, height: 600 },
      { x: 260, y: 20, width: 1500, height: 700 },
    ],
    1440,
    820,
  ],
  [
    "a huge org, zoom held at its least (clipped right and below)",
    [
      { x: 20, y: 20, width: 200, height: 900 },
      { x: 260, y: 40, width: 9000, height: 5000 },
    ],
    1440,
    820,
  ],
  ["a tall org in a narrow pane", [{ x: -50, y: 10, width: 300, height: 4000 }], 700, 900],
];

describe("fitViewport", () => {
  for (const [name, boxes, width, height] of CASES)
    it(`is React Flow's fitView viewport: ${name}`, () => {
      const mine = fitViewport(boxes, width, height);
      const theirs = reactFlows(boxes, width, height);
      expect(mine?.zoom).toBeCloseTo(theirs.zoom, 9);
      expect(mine?.x).toBeCloseTo(theirs.x, 9);
      expect(mine?.y).toBeCloseTo(theirs.y, 9);
    });

  it("centres an org too big to fit, at the least zoom", () => {
    const v = fitViewport([{ x: 20, y: 20, width: 9000, height: 5000 }], 1440, 820);
    expect(v?.zoom).toBe(FIRST_FIT.minZoom);
    expect(v && (20 + 4500) * v.zoom + v.x).toBeCloseTo(720, 9);
    expect(v && (20 + 2500) * v.zoom + v.y).toBeCloseTo(410, 9);
  });

  it("has no view for nothing, or for a pane not laid out yet", () => {
    expect(fitViewport([], 1440, 820)).toBeNull();
    expect(fitViewport([{ x: 0, y: 0, width: 10, height: 10 }], 0, 0)).toBeNull();
  });
});
