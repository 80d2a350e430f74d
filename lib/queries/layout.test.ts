import { describe, expect, it } from "vitest";
import { withPositions } from "./layout";

describe("withPositions", () => {
  it("sets the positions given, forgets those given as null, and keeps the rest and the folds", () => {
    const layout = { version: 1 as const, positions: { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } }, collapsed: ["t"] };
    expect(withPositions(layout, { a: { x: 9, y: 9 }, b: null, c: { x: 3, y: 3 } })).toEqual({
      version: 1,
      positions: { a: { x: 9, y: 9 }, c: { x: 3, y: 3 } },
      collapsed: ["t"],
    });
    expect(layout.positions.b).toEqual({ x: 2, y: 2 });
  });
});
