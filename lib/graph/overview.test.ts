import { describe, expect, it } from "vitest";
import { nodeId, orgToGraph } from "@/lib/graph/org-to-graph";
import { aggregateEdges, neighbourhood, overviewEnd } from "@/lib/graph/overview";
import type { Graph } from "@/schemas/graph";
import { emptyOrg } from "@/schemas/kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const S = nodeId.specialist;
const T = nodeId.team;

/** Two teams: a and b in t1, c in t2; handoffs a→b (inside), a→c, c→a; a contract b→c. */
function small(): Graph {
  return orgToGraph({
    org: {
      ...emptyOrg(),
      teams: { t1: { id: "t1", name: "T1" }, t2: { id: "t2", name: "T2" } },
      specialists: {
        a: { id: "a", role: "ra", team: "t1", handoffCandidates: ["rb", "rc"] },
        b: { id: "b", role: "rb", team: "t1" },
        c: { id: "c", role: "rc", team: "t2", handoffCandidates: ["ra"] },
      },
      contracts: { "b-to-c": { id: "b-to-c", producer: "b", consumer: "c" } },
    },
  });
}

describe("aggregateEdges", () => {
  it("sums relationships into one edge per pair of teams and kind, both directions in one", () => {
    const agg = aggregateEdges(small());
    expect(agg.map(({ kind, source, target, count, both }) => ({ kind, source, target, count, both }))).toEqual([
      { kind: "handoff", source: T("t1"), target: T("t2"), count: 2, both: true },
      { kind: "contract", source: T("t1"), target: T("t2"), count: 1, both: false },
    ]);
  });

  it("leaves out relationships inside one team, membership, and kinds toggled off", () => {
    const agg = aggregateEdges(small(), new Set(["contract"]));
    expect(agg.map((e) => e.kind)).toEqual(["contract"]);
    expect(aggregateEdges(small()).flatMap((e) => e.edges)).not.toContain(`handoff:a:rb:b`);
  });

  it("draws the built-in org's 165 relationships as at most one edge per pair and kind, and loses none between boxes", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const agg = aggregateEdges(graph);
    const keys = agg.map((e) => `${e.kind} ${[e.source, e.target].sort().join(" ")}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(agg.length).toBeLessThan(graph.edges.length / 2);
    const endOf = new Map(graph.nodes.map((n) => [n.id, overviewEnd(n)]));
    const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
    const holds = (outer: string, inner: string) => {
      for (let at = parent.get(inner); at; at = parent.get(at)) if (at === outer) return true;
      return false;
    };
    const crossing = graph.edges.filter((e) => {
      const [a, b] = [endOf.get(e.source) as string, endOf.get(e.target) as string];
      return e.kind !== "member" && a !== b && !holds(a, b) && !holds(b, a);
    });
    expect(agg.reduce((n, e) => n + e.count, 0)).toBe(crossing.length);
  });

  it("leaves out a relationship between a box and a box it holds (a group's escalation to its own team)", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const agg = aggregateEdges(graph);
    expect(graph.edges.some((e) => e.source === "group:governance-group" && e.kind === "escalation")).toBe(true);
    expect(agg.filter((e) => e.source === "group:governance-group" && e.target === T("governance-team"))).toEqual([]);
    // Between a group and a team of another group it still counts.
    expect(agg.some((e) => e.kind === "team-boundary" && e.source.startsWith("group:"))).toBe(true);
  });
});

describe("neighbourhood", () => {
  it("at depth 1 is a node's own relationships and the nodes at their other ends", () => {
    const { nodes, edges } = neighbourhood(small(), S("b"), 1);
    expect([...nodes].sort()).toEqual([S("a"), S("b"), S("c")]);
    expect([...edges].sort()).toEqual(["contract:b-to-c", "handoff:a:rb:b"]);
  });

  it("at depth 2 reaches one step further, and never follows membership", () => {
    const graph = small();
    const one = neighbourhood(graph, S("c"), 1);
    const two = neighbourhood(graph, S("c"), 2);
    expect(one.nodes.has(S("b"))).toBe(true);
    expect(two.edges.has("handoff:a:rb:b")).toBe(true);
    expect(one.edges.has("handoff:a:rb:b")).toBe(false);
    expect(two.nodes.has(T("t1"))).toBe(false);
  });

  it("on the built-in org, cx-security's depth-1 edges are exactly those that touch it", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const own = graph.edges.filter(
      (e) => e.kind !== "member" && (e.source === S("cx-security") || e.target === S("cx-security")),
    );
    expect(own.length).toBeGreaterThan(3);
    expect([...neighbourhood(graph, S("cx-security"), 1).edges].sort()).toEqual(own.map((e) => e.id).sort());
  });
});
