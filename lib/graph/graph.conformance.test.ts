import { describe, expect, it } from "vitest";
import { nodeId, orgToGraph } from "@/lib/graph/org-to-graph";
import type { Graph, GraphEdge } from "@/schemas/graph";
import { checkWellFormed, describeLayouts } from "@/test/support/graph-checks";
import { loadOrg } from "@/test/support/org-on-disk";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";

/** The graph and both layouts on the original project's own org, which we did not write. */

const S = nodeId.specialist;
const of = (graph: Graph, kind: GraphEdge["kind"]) => graph.edges.filter((e) => e.kind === kind);
const node = (graph: Graph, id: string) => graph.nodes.find((n) => n.id === id);

describe("orgToGraph on the upstream fixture", () => {
  const org = loadOrg(UPSTREAM_ORG_DIR);
  const graph = orgToGraph({ org });

  it("has every edge kind, every end a node and unique edge ids", () => checkWellFormed(graph));

  it("draws every contract, all of whose parties are roster ids or well-known parties", () => {
    expect(of(graph, "contract")).toHaveLength(Object.keys(org.contracts).length);
  });

  it("draws team boundaries between groups", () => {
    const boundaries = of(graph, "team-boundary");
    expect(boundaries.length).toBeGreaterThan(0);
    expect(boundaries.every((e) => e.source.startsWith("group:") && e.target.startsWith("group:"))).toBe(true);
  });

  it("draws nothing for cx-debugger's retired `sre` handoff", () => {
    expect(of(graph, "handoff").filter((e) => e.role === "sre")).toEqual([]);
    expect(
      of(graph, "handoff")
        .filter((e) => e.source === S("cx-debugger"))
        .map((e) => e.role),
    ).toEqual(["engineer", "qa"]);
  });

  it("labels specialists whose display name is a sentence by their title-cased name", () => {
    expect(node(graph, S("cx-data-analyst"))?.label).toBe("Data Analyst");
    expect(node(graph, S("cx-product-manager"))?.label).toBe("Product Manager");
  });
});

describeLayouts([["the upstream fixture", () => orgToGraph({ org: loadOrg(UPSTREAM_ORG_DIR) })]]);
