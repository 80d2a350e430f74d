import { describe, expect, it } from "vitest";
import { syntheticOrg as benchOrg } from "@/bench/generate-org";
import { allTeams, foldable, readableFolds } from "@/lib/graph/collapse";
import { FIRST_FIT, FIRST_PANE, fitViewport } from "@/lib/graph/fit-view";
import { nodeBoxes, nodeSize, overlaps } from "@/lib/graph/geometry";
import { fitZoomer, layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import type { Graph, GraphNode } from "@/schemas/graph";
import { emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { describeLayouts } from "@/test/support/graph-checks";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

/** 300 specialists in 30 teams under 3 groups, each handing off to the next role, with contracts between neighbours. */
function syntheticOrg(): OrgRecords {
  const org = emptyOrg();
  const pad = (n: number) => String(n).padStart(3, "0");
  for (let g = 0; g < 3; g++) {
    org.groups[`group-${g}`] = {
      id: `group-${g}`,
      name: `Group ${g}`,
      squads: Array.from({ length: 10 }, (_, i) => `team-${pad(g * 10 + i)}`),
      escalationPath: ["role-000"],
    };
  }
  for (let t = 0; t < 30; t++) {
    org.teams[`team-${pad(t)}`] = {
      id: `team-${pad(t)}`,
      name: `Team ${t}`,
      owner: `role-${pad(t * 10)}`,
      escalationPath: [`role-${pad(t * 10)}`, "role-000"],
    };
  }
  for (let s = 0; s < 300; s++) {
    const id = `sp-${pad(s)}`;
    org.specialists[id] = {
      id,
      name: id,
      role: `role-${pad(s)}`,
      team: `team-${pad(Math.floor(s / 10))}`,
      handoffCandidates: [`role-${pad((s + 1) % 300)}`, `role-${pad((s + 37) % 300)}`],
    };
    org.contracts[`c-${pad(s)}`] = {
      id: `c-${pad(s)}`,
      producer: id,
      consumer: `sp-${pad((s + 11) % 300)}`,
      teamBoundary: {
        producerTeam: `team-${pad(Math.floor(s / 10))}`,
        consumerTeam: `team-${pad(Math.floor(((s + 11) % 300) / 10))}`,
      },
    };
  }
  org.contracts["user-in"] = { id: "user-in", producer: "user", consumer: "sp-000" };
  org.contracts["any-in"] = { id: "any-in", producer: "*", consumer: "sp-150" };
  return org;
}

const graphs: [string, () => Graph][] = [
  ["the built-in org", () => orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) })],
  ["a synthetic org of 300 specialists in 30 teams", () => orgToGraph({ org: syntheticOrg() })],
];

describe("overlaps", () => {
  const n = (id: string, kind: GraphNode["kind"] = "specialist"): GraphNode => ({ id, kind, entityId: id, label: id });

  it("finds two boxes that intersect", () => {
    const nodes = [n("a"), n("b"), n("c")];
    const found = overlaps(nodes, {
      a: { x: 0, y: 0 },
      b: { x: 1000, y: 0 },
      c: { x: nodeSize("specialist").width - 1, y: nodeSize("specialist").height - 1 },
    });
    expect(found.map((pair) => [...pair].sort())).toEqual([["a", "c"]]);
  });

  it("finds a small box inside a wide one that starts far to its left", () => {
    const nodes = [n("wide", "group"), n("far", "party"), n("small", "party")];
    const found = overlaps(nodes, { wide: { x: 0, y: 0 }, far: { x: 100, y: 500 }, small: { x: 150, y: 10 } });
    expect(found.map((pair) => [...pair].sort())).toEqual([["small", "wide"]]);
  });

  it("does not count boxes that only touch", () => {
    const { width, height } = nodeSize("specialist");
    const nodes = [n("a"), n("b"), n("c")];
    expect(overlaps(nodes, { a: { x: 0, y: 0 }, b: { x: width, y: 0 }, c: { x: 0, y: height } })).toEqual([]);
  });
});

describeLayouts(graphs);

describe("layoutGraph on a big org", () => {
  it("wraps 1,000 specialists into a block about the canvas's shape, not one long row", () => {
    const org = emptyOrg();
    const big = syntheticOrg();
    for (let copy = 0; copy < 4; copy++) {
      for (const section of ["groups", "teams", "specialists", "contracts"] as const) {
        for (const [id, record] of Object.entries(big[section]))
          org[section][`${id}-${copy}`] = JSON.parse(
            JSON.stringify(record).replace(/"((?:group|team|sp|c|role)-\d{3})"/g, `"$1-${copy}"`),
          );
      }
    }
    const graph = orgToGraph({ org });
    expect(graph.nodes.filter((n) => n.kind === "specialist")).toHaveLength(1200);
    const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges));
    const right = Math.max(...Object.values(boxes).map((b) => b.x + b.width));
    const bottom = Math.max(...Object.values(boxes).map((b) => b.y + b.height));
    expect(right / bottom).toBeGreaterThan(0.8);
    expect(right / bottom).toBeLessThan(3.2);
  });
});

describe("layoutGraph with saved positions", () => {
  it("keeps the saved ones and computes the rest", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const computed = layoutGraph(graph.nodes, graph.edges);
    const saved = {
      "specialist:cx-engineer": { x: -5000, y: 7777 },
      "team:engineering-team": { x: 12.5, y: -3 },
      "specialist:no-such-node": { x: 1, y: 1 },
    };
    const positions = layoutGraph(graph.nodes, graph.edges, saved);
    expect(positions["specialist:cx-engineer"]).toEqual({ x: -5000, y: 7777 });
    expect(positions["team:engineering-team"]).toEqual({ x: 12.5, y: -3 });
    expect(positions).not.toHaveProperty("specialist:no-such-node");
    expect(positions["specialist:cx-qa"]).toEqual(computed["specialist:cx-qa"]);
  });
});

describe("fitZoomer", () => {
  it("gives the zoom the first view fits the laid-out boxes at, for any folds, without a floor or a cap", () => {
    for (const graph of [orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) }), orgToGraph({ org: syntheticOrg() })]) {
      const zoomFor = fitZoomer(graph.nodes, graph.edges, { width: 1200, height: 700 });
      const groups = [...foldable(graph)].filter((id) => id.startsWith("group:"));
      for (const folds of [new Set<string>(), allTeams(graph), new Set([...allTeams(graph), ...groups.slice(0, 2)])]) {
        const boxes = Object.values(nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, folds), folds));
        const fit = fitViewport(boxes, 1200, 700, { ...FIRST_FIT, minZoom: 0, maxZoom: Infinity });
        expect(zoomFor(folds)).toBeCloseTo(fit?.zoom ?? -1, 9);
      }
    }
  });
});

describe("the first view and the minimap", () => {
  it("keeps a 700-specialist org's boxes from under the minimap in the bottom-right corner, at a little less zoom", () => {
    const org = loadOrg(BUILTIN_ORG_DIR);
    const big = benchOrg(700);
    for (const section of Object.keys(big) as (keyof typeof big)[])
      for (const record of big[section]) (org[section] as Record<string, unknown>)[String(record.id)] = record;
    const graph = orgToGraph({ org });
    const folds = readableFolds(graph);
    const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, folds), folds);
    const { width, height } = FIRST_PANE;
    const v = fitViewport(Object.values(boxes), width, height);
    if (!v) throw new Error("no view");
    // The boxes that hold no drawn box (an open group may run under the corner: nothing of it is hidden).
    const holders = new Set(graph.nodes.filter((n) => boxes[n.id] && n.parent).map((n) => n.parent));
    const under = Object.entries(boxes).filter(
      ([id, b]) =>
        !holders.has(id) &&
        (b.x + b.width) * v.zoom + v.x > width - 215 &&
        (b.y + b.height) * v.zoom + v.y > height - 165,
    );
    expect(under.map(([id]) => id)).toEqual([]);
  });
});
