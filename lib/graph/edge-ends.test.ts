import { describe, expect, it } from "vitest";
import { curve, facingEnds } from "@/lib/graph/edge-ends";

const box = (x: number, y: number, width = 200, height = 100) => ({ x, y, width, height });

describe("facingEnds", () => {
  it("joins boxes side by side from the right side of one to the left side of the other, level", () => {
    const f = facingEnds(box(0, 0), box(400, 20));
    expect(f).toMatchObject({ sx: 200, tx: 400, sourceSide: "right", targetSide: "left" });
    expect(f.sy).toBe(f.ty);
    expect(f.sy).toBeGreaterThan(20);
    expect(f.sy).toBeLessThan(100);
  });

  it("runs right to left when the target stands to the left", () => {
    expect(facingEnds(box(400, 0), box(0, 0))).toMatchObject({
      sx: 400,
      tx: 200,
      sourceSide: "left",
      targetSide: "right",
    });
  });

  it("joins boxes one above the other from bottom to top (and top to bottom going up)", () => {
    expect(facingEnds(box(0, 0), box(50, 300))).toMatchObject({
      sy: 100,
      ty: 300,
      sourceSide: "bottom",
      targetSide: "top",
    });
    expect(facingEnds(box(50, 300), box(0, 0))).toMatchObject({
      sy: 300,
      ty: 100,
      sourceSide: "top",
      targetSide: "bottom",
    });
  });

  it("keeps each end on its own box's border", () => {
    const a = box(0, 0, 600, 400);
    const b = box(900, 500, 100, 60);
    const f = facingEnds(a, b);
    const on = (x: number, y: number, r: typeof a) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
    expect(on(f.sx, f.sy, a)).toBe(true);
    expect(on(f.tx, f.ty, b)).toBe(true);
  });

  it("puts each lane on a line of its own, parallel to the others", () => {
    const lanes = [-1.5, -0.5, 0.5, 1.5].map((lane) => facingEnds(box(0, 0), box(400, 0), lane));
    expect(new Set(lanes.map((f) => f.sy)).size).toBe(4);
    for (const f of lanes) expect(f.sy).toBe(f.ty);
  });
});

describe("curve", () => {
  it("starts and ends at the ends, leaving each side straight out", () => {
    const c = curve({ sx: 0, sy: 0, tx: 100, ty: 200, sourceSide: "bottom", targetSide: "top" });
    expect(c.at(0)).toEqual([0, 0]);
    expect(c.at(1)).toEqual([100, 200]);
    expect(c.path).toBe("M0,0 C0,100 100,100 100,200");
    const [x, y] = c.at(0.5);
    expect(x).toBeCloseTo(50);
    expect(y).toBeCloseTo(100);
  });

  it("puts a label nearer the target at t > 0.5", () => {
    const c = curve({ sx: 0, sy: 0, tx: 400, ty: 0, sourceSide: "right", targetSide: "left" });
    expect(c.at(0.75)[0]).toBeGreaterThan(c.at(0.5)[0]);
  });
});
