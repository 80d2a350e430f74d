import { describe, expect, it } from "vitest";
import { nodeBoxes, structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orderedChildren } from "@/lib/graph/order";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { aggregateEdges } from "@/lib/graph/overview";
import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const node = (id: string, kind: GraphNode["kind"], parent?: string): GraphNode => ({
  id,
  kind,
  entityId: id,
  label: id,
  parent,
});
const handoff = (source: string, target: string): GraphEdge => ({
  id: `handoff:${source}:${target}`,
  kind: "handoff",
  source,
  target,
  carrier: `#/specialists/${source}/handoffCandidates/0`,
  data: { kind: "handoff", from: source, to: target, role: target, index: 0 },
});

/** Four teams in a group, one specialist each: `s-x` sits in `t-x`. */
function fourTeams(): GraphNode[] {
  const out = [node("g", "group")];
  for (const t of ["a", "b", "c", "d"]) out.push(node(`t-${t}`, "team", "g"), node(`s-${t}`, "specialist", `t-${t}`));
  return out;
}

describe("orderedChildren", () => {
  it("keeps the graph's order where nothing relates the siblings", () => {
    const { children, roots } = orderedChildren(fourTeams(), []);
    expect(children.get("g")).toEqual(["t-a", "t-b", "t-c", "t-d"]);
    expect(roots).toEqual(["g"]);
  });

  it("puts teams whose members work together side by side", () => {
    const edges = [handoff("s-a", "s-c"), handoff("s-c", "s-a"), handoff("s-b", "s-d"), handoff("s-d", "s-b")];
    const order = orderedChildren(fourTeams(), edges).children.get("g") ?? [];
    const at = (id: string) => order.indexOf(id);
    expect(Math.abs(at("t-a") - at("t-c"))).toBe(1);
    expect(Math.abs(at("t-b") - at("t-d"))).toBe(1);
    expect([...order].sort()).toEqual(["t-a", "t-b", "t-c", "t-d"]);
  });

  it("counts a relationship between two groups' members for the groups, not inside either", () => {
    const nodes = [
      ...["g1", "g2", "g3"].map((g) => node(g, "group")),
      node("t1", "team", "g1"),
      node("t2", "team", "g2"),
      node("t3", "team", "g3"),
      node("s1", "specialist", "t1"),
      node("s2", "specialist", "t2"),
      node("s3", "specialist", "t3"),
    ];
    const { roots } = orderedChildren(nodes, [handoff("s1", "s3"), handoff("s3", "s1")]);
    expect(Math.abs(roots.indexOf("g1") - roots.indexOf("g3"))).toBe(1);
  });

  it("ignores a relationship between a container and its own member", () => {
    const nodes = fourTeams();
    const { children } = orderedChildren(nodes, [handoff("t-c", "s-c"), handoff("g", "s-d")]);
    expect(children.get("g")).toEqual(["t-a", "t-b", "t-c", "t-d"]);
  });

  it("is deterministic", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    expect(orderedChildren(graph.nodes, graph.edges)).toEqual(orderedChildren(graph.nodes, graph.edges));
  });
});

/** The summed overview edges' total length (between box centres) for some positions. */
function overviewLength(graph: Graph, edges: readonly GraphEdge[]): number {
  const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, edges));
  const centre = (id: string) => ({ x: boxes[id].x + boxes[id].width / 2, y: boxes[id].y + boxes[id].height / 2 });
  let sum = 0;
  for (const a of aggregateEdges(graph)) {
    const [p, q] = [centre(a.source), centre(a.target)];
    sum += a.count * Math.hypot(p.x - q.x, p.y - q.y);
  }
  return sum;
}

describe("layoutGraph's order of siblings", () => {
  it("shortens the built-in org's overview edges against the records' own order", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    expect(overviewLength(graph, graph.edges)).toBeLessThan(overviewLength(graph, []));
  });
});

describe("structureKeyOf", () => {
  it("changes with the relationships, which the order of siblings depends on", () => {
    const nodes = fourTeams();
    const one = structureKeyOf({ nodes, edges: [handoff("s-a", "s-c")] });
    expect(structureKeyOf({ nodes, edges: [handoff("s-a", "s-c")] })).toBe(one);
    expect(structureKeyOf({ nodes, edges: [handoff("s-a", "s-d")] })).not.toBe(one);
    expect(structureKeyOf({ nodes, edges: [] })).not.toBe(one);
  });
});
