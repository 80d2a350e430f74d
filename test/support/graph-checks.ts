import { describe, expect, it } from "vitest";
import { overlaps } from "@/lib/graph/geometry";
import { layoutGraph, treeLayout } from "@/lib/graph/layout";
import { EDGE_KINDS, type Graph, graphSchema } from "@/schemas/graph";

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

/** Both layouts, held to the same properties on each graph given. */
export function describeLayouts(graphs: [string, () => Graph][]) {
  const layouts: [string, (g: Graph) => ReturnType<typeof layoutGraph>][] = [
    ["layoutGraph", (g) => layoutGraph(g.nodes, g.edges)],
    ["treeLayout (big orgs)", (g) => treeLayout(g.nodes, g.edges)],
  ];

  describe.each(
    layouts.flatMap(([layoutName, layout]) =>
      graphs.map(([graphName, build]) => [layoutName, graphName, build, layout] as const),
    ),
  )("%s on %s", (_layoutName, _graphName, build, layout) => {
    const graph = build();
    const positions = layout(graph);
    const at = (id: string) => positions[id];

    it("positions every node at finite coordinates", () => {
      expect(Object.keys(positions).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
      const bad = Object.entries(positions).filter(([, p]) => !Number.isFinite(p.x) || !Number.isFinite(p.y));
      expect(bad).toEqual([]);
    });

    it("lays no two nodes over each other", () => {
      expect(overlaps(graph.nodes, positions)).toEqual([]);
    });

    it("reports an overlap planted in that layout", () => {
      const [first, last] = [graph.nodes[0], graph.nodes[graph.nodes.length - 1]];
      const planted = { ...positions, [last.id]: { x: positions[first.id].x + 10, y: positions[first.id].y + 5 } };
      expect(overlaps(graph.nodes, planted).map((pair) => [...pair].sort())).toEqual([[first.id, last.id].sort()]);
    });

    it("puts groups above their teams and teams above their specialists", () => {
      const member = graph.edges.filter((e) => e.kind === "member");
      expect(member.length).toBeGreaterThan(0);
      const inverted = member
        .filter((e) => !(at(e.source).y < at(e.target).y))
        .map((e) => `${e.source} (${at(e.source).y}) above ${e.target} (${at(e.target).y})`);
      expect(inverted).toEqual([]);
      const groupToTeam = member.filter((e) => e.source.startsWith("group:") && e.target.startsWith("team:"));
      expect(groupToTeam.length).toBeGreaterThan(0);
    });

    it("is deterministic", () => {
      expect(layout(graph)).toEqual(positions);
    });
  });
}
