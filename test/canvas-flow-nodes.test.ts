import { describe, expect, it } from "vitest";
import { flowNodes, rovingTarget } from "@/components/graph/flow-nodes";
import { nodeBoxes } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes));
const shown = new Set(Object.keys(boxes));

describe("rovingTarget", () => {
  it("moves down into a container, up to it, and across siblings with wrap-around", () => {
    expect(rovingTarget(graph, shown, "group:engineering-group", "ArrowDown")).toBe("team:engineering-team");
    expect(rovingTarget(graph, shown, "team:engineering-team", "ArrowUp")).toBe("group:engineering-group");
    const team = graph.nodes.filter((n) => n.parent === "team:engineering-team").map((n) => n.id);
    expect(team).toHaveLength(3);
    expect(rovingTarget(graph, shown, team[0], "ArrowRight")).toBe(team[1]);
    expect(rovingTarget(graph, shown, team[0], "ArrowLeft")).toBe(team[2]);
    expect(rovingTarget(graph, shown, team[0], "ArrowDown")).toBeNull();
    expect(rovingTarget(graph, shown, team[0], "Enter")).toBeNull();
  });
});

describe("flowNodes", () => {
  const marks = {
    selected: null,
    highlights: {},
    changes: null,
    focus: null,
    collapsed: new Set<string>(),
    tabStop: "group:engineering-group",
  };
  const nodes = flowNodes(graph, boxes, marks, new Map());

  it("puts containers before their members, members relative to their container, one tab stop", () => {
    const index = new Map(nodes.map((n, i) => [n.id, i]));
    for (const n of nodes) if (n.parentId) expect(index.get(n.parentId)).toBeLessThan(index.get(n.id) as number);
    const architect = nodes.find((n) => n.id === "specialist:cx-architect");
    const team = boxes["team:engineering-team"];
    expect(architect?.parentId).toBe("team:engineering-team");
    expect(architect?.position).toEqual({
      x: boxes["specialist:cx-architect"].x - team.x,
      y: boxes["specialist:cx-architect"].y - team.y,
    });
    expect(nodes.filter((n) => n.domAttributes?.tabIndex === 0).map((n) => n.id)).toEqual(["group:engineering-group"]);
  });

  it("keeps a node's object when nothing about it changed", () => {
    const again = flowNodes(graph, boxes, marks, new Map(nodes.map((n) => [n.id, n])));
    expect(again.every((n, i) => n === nodes[i])).toBe(true);
  });
});
