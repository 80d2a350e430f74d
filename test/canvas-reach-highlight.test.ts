import { describe, expect, it } from "vitest";
import { flowEdges } from "@/components/graph/flow-edges";
import type { Highlight } from "@/components/graph/graph-types";
import { accessGraph } from "@/lib/access/graph";
import { reachOf } from "@/lib/access/reach";
import { nodeBoxes } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const org = loadOrg(BUILTIN_ORG_DIR);
const graph = orgToGraph({ org });
const reach = reachOf(accessGraph(org, graph.edges), "cx-reviewer");
const kinds = new Set(EDGE_KINDS);
const marks = (collapsed: ReadonlySet<string>, reachShown: boolean) => {
  const highlights: Record<string, Highlight> = {};
  if (reachShown) for (const id of [...(reach?.nodes ?? []), ...(reach?.edges ?? [])]) highlights[id] = "reach";
  return {
    visibleKinds: kinds,
    boxes: nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, collapsed), collapsed),
    shown: null,
    focusMode: false,
    selected: null,
    hovered: null,
    changes: null,
    highlights,
    reachShown,
  };
};

describe("the canvas showing a reach", () => {
  it("draws each relationship of the reach on its own, marked, and steps every other line back", () => {
    expect(reach?.edges.length).toBeGreaterThan(3);
    const edges = flowEdges(graph, marks(new Set(), true));
    const lit = edges.filter((e) => e.data?.highlight === "reach");
    expect(lit.map((e) => e.id).sort()).toEqual([...(reach?.edges ?? [])].sort());
    for (const e of lit) expect(e.className).toBe("studio-edge-reach");
    for (const e of edges.filter((x) => x.data?.highlight !== "reach")) {
      expect(e.data?.dimmed).toBe(true);
      // A line of the overview also names the kinds it sums.
      expect(e.className?.split(" ")).toContain("studio-edge-dimmed");
    }
  });

  it("marks the line standing for a folded team's relationships when one of them is the reach's", () => {
    const edges = flowEdges(graph, marks(new Set(["team:engineering-team"]), true));
    const folded = edges.filter((e) => e.data?.highlight === "reach" && e.target === "team:engineering-team");
    expect(folded.length).toBeGreaterThan(0);
    expect(edges.filter((e) => [e.source, e.target].includes("specialist:cx-engineer"))).toEqual([]);
  });

  it("changes nothing while no reach is shown", () => {
    const edges = flowEdges(graph, marks(new Set(), false));
    expect(edges.some((e) => e.data?.highlight || e.className === "studio-edge-reach")).toBe(false);
    expect(edges.every((e) => !e.data?.dimmed)).toBe(true);
  });
});
