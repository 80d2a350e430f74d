import ELK, { type ElkNode } from "elkjs/lib/elk.bundled.js";
import { describe, expect, it } from "vitest";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { aggregateEdges } from "@/lib/graph/overview";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";
import { elk, elkGraph, ours } from "../bench/layouts";

// The bench's ELK-vs-containment comparison is evidence for a design choice: it must lay out the
// same nesting and edges the canvas draws, or its figures compare different pictures.

const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });

/** Every ELK node with its absolute box and its parent's id. */
function flatten(node: ElkNode, parent: string | null, x0 = 0, y0 = 0) {
  const out: { id: string; parent: string | null; x: number; y: number; w: number; h: number }[] = [];
  for (const child of node.children ?? []) {
    const x = x0 + (child.x ?? 0);
    const y = y0 + (child.y ?? 0);
    out.push({ id: child.id, parent, x, y, w: child.width ?? 0, h: child.height ?? 0 });
    out.push(...flatten(child, child.id, x, y));
  }
  return out;
}

describe("the bench's ELK input", () => {
  it("nests every node under its canvas parent once, with the overview's aggregated edges", () => {
    const flat = flatten(elkGraph(graph, "RIGHT"), null);
    expect(flat.map((n) => n.id).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    const parentOf = new Map(flat.map((n) => [n.id, n.parent]));
    for (const node of graph.nodes) expect(parentOf.get(node.id)).toBe(node.parent ?? null);
    expect(elkGraph(graph, "RIGHT").edges).toHaveLength(aggregateEdges(graph).length);
  });

  it("comes back from ELK with every member inside its container's box", async () => {
    const laid = await new ELK().layout(elkGraph(graph, "DOWN"));
    const flat = flatten(laid, null);
    const byId = new Map(flat.map((n) => [n.id, n]));
    for (const n of flat) {
      if (!n.parent) continue;
      const box = byId.get(n.parent)!;
      expect(n.x).toBeGreaterThanOrEqual(box.x);
      expect(n.y).toBeGreaterThanOrEqual(box.y);
      expect(n.x + n.w).toBeLessThanOrEqual(box.x + box.w + 1e-6);
      expect(n.y + n.h).toBeLessThanOrEqual(box.y + box.h + 1e-6);
    }
  });
});

describe("the bench's layout figures", () => {
  it("fit each drawing into 1440 × 900 with the canvas's padding, and scale a 14 px label by it", async () => {
    for (const f of [await ours(graph, 1), await elk(graph, "RIGHT", 1)]) {
      expect(f.width).toBeGreaterThan(0);
      expect(f.fitScale).toBeCloseTo(Math.min(1440 / (f.width * 1.04), 900 / (f.height * 1.04)), 9);
      expect(f.labelPx).toBeCloseTo(14 * f.fitScale, 9);
      expect(f.fitsWhole).toBe(f.fitScale >= 0.6);
    }
  });
});
