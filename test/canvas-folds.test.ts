import { describe, expect, it } from "vitest";
import { flowEdges } from "@/components/graph/flow-edges";
import { flowNodes } from "@/components/graph/flow-nodes";
import { nodeBoxes } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { neighbourhood } from "@/lib/graph/overview";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
const collapsed = new Set(["team:quality-team"]);
const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, collapsed), collapsed);
const kinds = new Set(EDGE_KINDS);

describe("the canvas with a folded team", () => {
  it("gives the folded box its member count and draws none of its members", () => {
    const nodes = flowNodes(
      graph,
      boxes,
      { selected: null, highlights: {}, changes: null, focus: null, collapsed, tabStop: "team:quality-team" },
      new Map(),
    );
    const team = nodes.find((n) => n.id === "team:quality-team");
    expect(team?.data).toMatchObject({ collapsed: true, memberText: "2 specialists", tabStop: true });
    expect(team?.ariaLabel).toBe("Team Quality, 2 specialists, folded");
    expect(nodes.filter((n) => n.data.parent === "team:quality-team")).toEqual([]);
  });

  it("draws a focused node's relationships with a hidden member on the folded box, never on the hidden node", () => {
    const focus = "specialist:cx-engineer";
    const around = neighbourhood(graph, focus, 1, kinds);
    const hiddenEnds = graph.edges.filter(
      (e) => around.edges.has(e.id) && [e.source, e.target].some((id) => id.startsWith("specialist:cx-qa")),
    );
    expect(hiddenEnds.length).toBeGreaterThan(0);
    const edges = flowEdges(graph, {
      visibleKinds: kinds,
      boxes,
      shown: around.edges,
      focusMode: true,
      selected: null,
      hovered: null,
      changes: null,
    });
    expect(edges.filter((e) => !boxes[e.source] || !boxes[e.target])).toEqual([]);
    // Each on its own line, or in the one line (with a count) standing for all of its kind between the same two boxes.
    const shownEnd = (id: string) => (id.startsWith("specialist:cx-qa") ? "team:quality-team" : id);
    for (const e of hiddenEnds) {
      const drawn =
        edges.find((d) => d.id === e.id) ??
        edges.find((d) => d.id === `fold:${e.kind}|${shownEnd(e.source)}|${shownEnd(e.target)}`);
      expect(drawn && [drawn.source, drawn.target]).toContain("team:quality-team");
    }
  });

  it("draws relationships of one kind that a fold puts on the same two boxes as one line with their count", () => {
    const all = new Set(graph.edges.map((e) => e.id));
    const folded = new Set(["team:quality-team", "team:engineering-team"]);
    const closed = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, folded), folded);
    const edges = flowEdges(graph, {
      visibleKinds: kinds,
      boxes: closed,
      shown: all,
      focusMode: true,
      selected: null,
      hovered: null,
      changes: null,
    });
    const bundles = edges.filter((e) => e.id.startsWith("fold:"));
    expect(bundles.length).toBeGreaterThan(0);
    for (const b of bundles) {
      expect(b.data?.count).toBeGreaterThan(1);
      expect(b.data?.edge).toBeNull();
      // No relationship of the bundle is drawn on its own as well.
      const [kind, source, target] = b.id.slice("fold:".length).split("|");
      expect(edges.filter((e) => e.data?.edge?.kind === kind && e.source === source && e.target === target)).toEqual(
        [],
      );
    }
    // Every relationship between two different drawn boxes is drawn once: alone or counted in one line.
    const counted = edges.reduce((n, e) => n + (e.data?.count ?? 0), 0);
    const end = (id: string) => {
      for (let at: string | undefined = id; at; at = graph.nodes.find((n) => n.id === at)?.parent)
        if (closed[at]) return at;
      return null;
    };
    const between = graph.edges.filter((e) => {
      if (e.kind === "member") return false;
      const [a, b] = [end(e.source), end(e.target)];
      return a && b && a !== b;
    });
    expect(counted).toBe(between.length);
  });
});
