import { describe, expect, it } from "vitest";
import type { Pane } from "./viewport";
import { viewBox, windowKey, windowOfKey } from "./viewport";

/** A small deterministic generator, so a failure names a case that can be replayed. */
function* panes(count: number): Generator<Pane> {
  let seed = 7;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < count; i++) {
    const zoom = 0.05 * 40 ** next();
    yield {
      width: 300 + Math.round(next() * 1700),
      height: 200 + Math.round(next() * 1000),
      transform: [(next() - 0.5) * 2e5, (next() - 0.5) * 2e4, zoom],
    };
  }
}

describe("the window of edges kept near the view", () => {
  it("always holds the whole view, at any pan and zoom", () => {
    for (const pane of panes(2000)) {
      const view = viewBox(pane)!;
      const window = windowOfKey(windowKey(pane))!;
      expect(window.x1).toBeLessThanOrEqual(view.x1);
      expect(window.y1).toBeLessThanOrEqual(view.y1);
      expect(window.x2).toBeGreaterThanOrEqual(view.x2);
      expect(window.y2).toBeGreaterThanOrEqual(view.y2);
    }
  });

  it("stays the same while the view pans a little, and moves on after a screen", () => {
    const pane: Pane = { width: 1200, height: 800, transform: [-5000, -300, 0.6] };
    const key = windowKey(pane);
    const panned = (dx: number, dy: number): Pane => ({
      ...pane,
      transform: [pane.transform[0] + dx, pane.transform[1] + dy, pane.transform[2]],
    });
    const keys = new Set(Array.from({ length: 20 }, (_, i) => windowKey(panned(i, -i))));
    expect(keys).toEqual(new Set([key]));
    expect(windowKey(panned(-2 * pane.width, 0))).not.toBe(key);
  });

  it("has no window before the canvas has a size", () => {
    expect(windowKey({ width: 0, height: 0, transform: [0, 0, 1] })).toBe("");
    expect(windowOfKey("")).toBeNull();
    expect(viewBox({ width: 0, height: 500, transform: [0, 0, 1] })).toBeNull();
  });
});
