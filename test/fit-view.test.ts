import { getViewportForBounds } from "@xyflow/system";
import { describe, expect, it } from "vitest";
import { initialCollapsed } from "@/lib/graph/collapse";
import {
  CANVAS_ZOOM,
  cssFit,
  FIRST_FIT,
  FIRST_PANE,
  FOCUS_FIT,
  firstFit,
  fitViewport,
  focusViewport,
  NARROW_PANE_PX,
  type Viewport,
} from "@/lib/graph/fit-view";
import { nodeBoxes, type Rect } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { FIT_CASES as CASES } from "./support/fit-cases";
import { loadOrg } from "./support/org-on-disk";
import { BUILTIN_ORG_DIR } from "./support/temp-project";

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
  const fit = firstFit(width);
  return getViewportForBounds(bounds, width, height, fit.minZoom, fit.maxZoom, fit.padding);
}

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

describe("firstFit", () => {
  /** Whether every box lies wholly inside a `width` × `height` pane at this viewport. */
  const allInside = (v: Viewport, boxes: Rect[], width: number, height: number) =>
    boxes.every(
      (b) =>
        b.x * v.zoom + v.x >= 0 &&
        b.y * v.zoom + v.y >= 0 &&
        (b.x + b.width) * v.zoom + v.x <= width &&
        (b.y + b.height) * v.zoom + v.y <= height,
    );
  const builtin = () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const collapsed = initialCollapsed(graph, undefined);
    return Object.values(nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, collapsed), collapsed));
  };
  // 390 × 844 less the header's row.
  const PHONE_PANE = { width: 390, height: 801 };

  it("is the legible first fit on a pane as wide as a tablet or wider", () => {
    for (const width of [NARROW_PANE_PX, 1024, FIRST_PANE.width, 2560]) expect(firstFit(width)).toEqual(FIRST_FIT);
  });

  it("lets a narrower pane go down to the canvas's least zoom, keeping the padding and the most", () => {
    expect(firstFit(NARROW_PANE_PX - 1)).toEqual({ ...FIRST_FIT, minZoom: CANVAS_ZOOM.min });
    expect(firstFit(390).minZoom).toBe(CANVAS_ZOOM.min);
  });

  it("shows the whole built-in org on a phone, where the legible least zoom cut it off on both sides", () => {
    const boxes = builtin();
    const { width, height } = PHONE_PANE;
    const held = fitViewport(boxes, width, height, FIRST_FIT) as Viewport;
    const left = Math.min(...boxes.map((b) => b.x * held.zoom + held.x));
    const right = Math.max(...boxes.map((b) => (b.x + b.width) * held.zoom + held.x));
    expect([left < 0, right > width]).toEqual([true, true]);
    const v = fitViewport(boxes, width, height) as Viewport;
    expect(v.zoom).toBeLessThan(FIRST_FIT.minZoom);
    expect(allInside(v, boxes, width, height)).toBe(true);
  });

  it("leaves the desktop's first view of the built-in org as it was", () => {
    const boxes = builtin();
    const { width, height } = FIRST_PANE;
    expect(fitViewport(boxes, width, height)).toEqual(fitViewport(boxes, width, height, FIRST_FIT));
  });

  it("fits an org 6,000 px wide whole on a phone, and holds it at the legible least on a desktop", () => {
    const huge = [{ x: 20, y: 20, width: 6000, height: 5000 }];
    expect(allInside(fitViewport(huge, 390, 801) as Viewport, huge, 390, 801)).toBe(true);
    expect(fitViewport(huge, 1440, 820)?.zoom).toBe(FIRST_FIT.minZoom);
  });
});

describe("focusViewport", () => {
  const box = (x: number, y: number, width = 200, height = 64): Rect => ({ x, y, width, height });
  /** Whether a box is wholly on screen in a `width` × `height` pane at this viewport. */
  const onScreen = (v: Viewport, b: Rect, width: number, height: number) =>
    b.x * v.zoom + v.x >= 0 &&
    b.y * v.zoom + v.y >= 0 &&
    (b.x + b.width) * v.zoom + v.x <= width &&
    (b.y + b.height) * v.zoom + v.y <= height;

  it("frames the focused node and every neighbour when they fit at a legible zoom", () => {
    const focused = box(1186, 108);
    const around = [box(20, 76, 130, 44), box(226, 272), box(814, 598), box(1158, 20, 256, 180)];
    const v = focusViewport(focused, around, 960, 810);
    expect(v?.zoom).toBeGreaterThanOrEqual(FOCUS_FIT.minZoom);
    for (const b of [focused, ...around]) expect(onScreen(v as Viewport, b, 960, 810)).toBe(true);
  });

  it("never zooms past the most, for a lone node", () => {
    expect(focusViewport(box(0, 0), [], 960, 810)?.zoom).toBe(FOCUS_FIT.maxZoom);
  });

  it("at the least legible zoom, shows the focused node and as many neighbours as fit, not a window centred on nothing", () => {
    // Eight neighbours in a cluster to the right, one far to the left: all of them cannot fit legibly.
    const focused = box(0, 0);
    const cluster = Array.from({ length: 8 }, (_, i) => box(400 + (i % 4) * 240, 200 + Math.floor(i / 4) * 120));
    const far = box(-5000, 0);
    const v = focusViewport(focused, [far, ...cluster], 960, 810) as Viewport;
    expect(v.zoom).toBe(FOCUS_FIT.minZoom);
    expect(onScreen(v, focused, 960, 810)).toBe(true);
    expect(cluster.filter((b) => onScreen(v, b, 960, 810)).length).toBeGreaterThanOrEqual(
      // Centred on the focused node, the right half of the pane holds only part of the cluster.
      cluster.filter((b) => {
        const centred = { zoom: v.zoom, x: 480 - 100 * v.zoom, y: 405 - 32 * v.zoom };
        return onScreen(centred, b, 960, 810);
      }).length + 1,
    );
  });

  it("does not count a neighbour left under the minimap as shown", () => {
    // Only one of two neighbours, far off to the right, can share the view with the focused node;
    // the one below could only stand under the minimap, so the one above is shown, though farther.
    const focused = box(0, 0);
    const belowRight = box(1200, 1100);
    const aboveRight = box(1228, -1140);
    const v = focusViewport(focused, [belowRight, aboveRight], 960, 810) as Viewport;
    expect(v.zoom).toBe(FOCUS_FIT.minZoom);
    expect(onScreen(v, focused, 960, 810)).toBe(true);
    expect(onScreen(v, aboveRight, 960, 810)).toBe(true);
  });

  it("stays centred on the focused node when its neighbours lie all round it, too far to show", () => {
    const focused = box(0, 0);
    const v = focusViewport(focused, [box(-9000, 0), box(9000, 0), box(0, -9000), box(0, 9000)], 960, 810) as Viewport;
    expect(v.zoom).toBe(FOCUS_FIT.minZoom);
    expect(100 * v.zoom + v.x).toBeCloseTo(480, 0);
    expect(32 * v.zoom + v.y).toBeCloseTo(405, 0);
  });

  it("has no view for a pane not laid out yet", () => {
    expect(focusViewport(box(0, 0), [], 0, 0)).toBeNull();
  });
});

describe("cssFit", () => {
  it("gives the bounds and holds the picture's size between the zoom's limits", () => {
    const fit = cssFit([
      { x: -50, y: 10, width: 300, height: 400 },
      { x: 400, y: 100, width: 200, height: 100 },
    ]);
    expect(fit?.viewBox).toEqual({ x: -50, y: 10, width: 650, height: 400 });
    expect(fit?.min).toEqual({ width: 650 * FIRST_FIT.minZoom, height: 400 * FIRST_FIT.minZoom });
    expect(fit?.max).toEqual({ width: 650 * FIRST_FIT.maxZoom, height: 400 * FIRST_FIT.maxZoom });
    expect(fit?.narrowMin).toEqual({ width: 650 * CANVAS_ZOOM.min, height: 400 * CANVAS_ZOOM.min });
    expect(fit?.inset).toMatch(/^round\(down, calc\(100% \* 0\.0192\d+\), 1px\)$/);
  });

  it("has no fit for nothing", () => {
    expect(cssFit([])).toBeNull();
  });
});
