import { describe, expect, it } from "vitest";
import { nodeBoxes, type Rect } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { type Graph, graphSchema } from "@/schemas/graph";

/**
 * Checks shared by the unit tests (built-in and synthetic orgs) and the conformance suite (the
 * upstream org), so both hold every graph to the same properties.
 */
export function checkWellFormed(graph: Graph) {
  expect(() => graphSchema.parse(graph)).not.toThrow();
  const ids = new Set(graph.nodes.map((n) => n.id));
  expect(ids.size).toBe(graph.nodes.length);
  const dangling = graph.edges.filter((e) => !ids.has(e.source) || !ids.has(e.target)).map((e) => e.id);
  expect(dangling).toEqual([]);
  const seen = new Set<string>();
  const duplicates = graph.edges.map((e) => e.id).filter((id) => seen.size === seen.add(id).size);
  expect(duplicates).toEqual([]);
  expect(new Set(graph.edges.map((e) => e.kind))).toEqual(new Set(EDGE_KINDS));
}

/** Sibling boxes (same container, or both at the top) that intersect. */
export function siblingOverlaps(graph: Graph, boxes: Record<string, Rect>): [string, string][] {
  const groups = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const key = n.parent ?? "";
    groups.set(key, [...(groups.get(key) ?? []), n.id]);
  }
  const out: [string, string][] = [];
  for (const ids of groups.values())
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const [a, b] = [boxes[ids[i]], boxes[ids[j]]];
        if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
          out.push([ids[i], ids[j]]);
      }
  return out;
}

/** The layout, held to the same properties on each graph given. */
export function describeLayouts(graphs: [string, () => Graph][]) {
  describe.each(graphs)("layoutGraph on %s", (_graphName, build) => {
    const graph = build();
    const positions = layoutGraph(graph.nodes, graph.edges);
    const boxes = nodeBoxes(graph.nodes, positions);

    it("positions every node at finite coordinates", () => {
      expect(Object.keys(positions).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
      const bad = Object.entries(positions).filter(([, p]) => !Number.isFinite(p.x) || !Number.isFinite(p.y));
      expect(bad).toEqual([]);
    });

    it("draws each container's box where the layout put it", () => {
      const moved = graph.nodes
        .filter((n) => boxes[n.id].x !== positions[n.id].x || boxes[n.id].y !== positions[n.id].y)
        .map((n) => n.id);
      expect(moved).toEqual([]);
    });

    it("lays no two siblings over each other", () => {
      expect(siblingOverlaps(graph, boxes)).toEqual([]);
    });

    it("reports an overlap planted among siblings", () => {
      const specialists = graph.nodes.filter((n) => n.kind === "specialist" && n.parent);
      const [first] = specialists;
      const other = specialists.find((n) => n.parent === first.parent && n.id !== first.id);
      if (!other) throw new Error("the graph has no team of two");
      const planted = { ...boxes, [other.id]: { ...boxes[first.id], x: boxes[first.id].x + 10 } };
      expect(siblingOverlaps(graph, planted)).toEqual([
        [first.id, other.id].sort(
          (a, b) => graph.nodes.findIndex((n) => n.id === a) - graph.nodes.findIndex((n) => n.id === b),
        ),
      ]);
    });

    it("puts every member inside its container's box: groups hold teams, teams hold specialists", () => {
      const outside = graph.nodes
        .filter((n) => n.parent)
        .filter((n) => {
          const [c, p] = [boxes[n.id], boxes[n.parent as string]];
          return !(c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height);
        })
        .map((n) => `${n.id} outside ${n.parent}`);
      expect(outside).toEqual([]);
      const groupToTeam = graph.nodes.filter((n) => n.kind === "team" && n.parent?.startsWith("group:"));
      expect(groupToTeam.length).toBeGreaterThan(0);
    });

    it("keeps the parties in a lane of their own, left of everything else", () => {
      const parties = graph.nodes.filter((n) => n.kind === "party");
      const rest = graph.nodes.filter((n) => n.kind !== "party");
      const laneRight = Math.max(...parties.map((n) => boxes[n.id].x + boxes[n.id].width));
      expect(parties.length).toBeGreaterThan(0);
      expect(rest.filter((n) => boxes[n.id].x < laneRight).map((n) => n.id)).toEqual([]);
    });

    it("is deterministic", () => {
      expect(layoutGraph(graph.nodes, graph.edges)).toEqual(positions);
    });
  });
}
