import { describe, expect, it } from "vitest";
import {
  allTeams,
  countText,
  FOLD_TEAMS_ABOVE,
  foldable,
  foldedEdges,
  initialCollapsed,
  memberCounts,
  readableFolds,
  revealed,
  shownEndOf,
  toggled,
  visibleNodes,
} from "@/lib/graph/collapse";
import { READABLE_TITLE_PX, TITLE_PX } from "@/lib/graph/fit-view";
import { nodeBoxes } from "@/lib/graph/geometry";
import { fitZoomer, layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import type { Graph } from "@/schemas/graph";
import { emptyOrg } from "@/schemas/org";
import { siblingOverlaps } from "@/test/support/graph-checks";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const builtin = () => orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });

/** `teams` teams of `size` specialists, the first half of the teams in one group, each handing off to the next. */
function orgOf(teams: number, size: number): Graph {
  const org = emptyOrg();
  org.groups.g = { id: "g", name: "G", squads: Array.from({ length: Math.ceil(teams / 2) }, (_, t) => `t${t}`) };
  for (let t = 0; t < teams; t++) org.teams[`t${t}`] = { id: `t${t}`, name: `T${t}`, owner: `r${t}-0` };
  for (let t = 0; t < teams; t++)
    for (let s = 0; s < size; s++)
      org.specialists[`s${t}-${s}`] = {
        id: `s${t}-${s}`,
        name: `s${t}-${s}`,
        role: `r${t}-${s}`,
        team: `t${t}`,
        handoffCandidates: [`r${(t + 1) % teams}-0`, `r${t}-${(s + 1) % size}`],
      };
  return orgToGraph({ org });
}

/** Groups of teams of `size` specialists, group k holding `teams(k)` teams; each specialist hands off to the next team's first. */
function orgOfGroups(groups: number, teams: (k: number) => number, size: number): Graph {
  const org = emptyOrg();
  let t = 0;
  const all: string[] = [];
  for (let k = 0; k < groups; k++) {
    const squads = Array.from({ length: teams(k) }, () => `t${t++}`);
    org.groups[`g${k}`] = { id: `g${k}`, name: `Group ${k}`, squads };
    all.push(...squads);
  }
  all.forEach((team, i) => {
    org.teams[team] = { id: team, name: `Team ${i}`, owner: `r${i}-0` };
    for (let s = 0; s < size; s++)
      org.specialists[`s${i}-${s}`] = {
        id: `s${i}-${s}`,
        name: `s${i}-${s}`,
        role: `r${i}-${s}`,
        team,
        handoffCandidates: [`r${(i + 1) % all.length}-0`],
      };
  });
  return orgToGraph({ org });
}

describe("which containers start folded", () => {
  it("keeps a small org open and folds every team of a big one when nothing is saved", () => {
    expect(initialCollapsed(builtin(), undefined)).toEqual(new Set());
    const big = orgOf(20, 8);
    expect(big.nodes.filter((n) => n.kind === "specialist").length).toBeGreaterThan(FOLD_TEAMS_ABOVE);
    const folded = initialCollapsed(big, undefined);
    expect(folded).toEqual(allTeams(big));
    expect(folded.size).toBe(20);
    expect([...folded].every((id) => id.startsWith("team:"))).toBe(true);
  });

  it("follows the saved list, even an empty one, and drops ids that are not foldable containers", () => {
    const big = orgOf(20, 8);
    expect(initialCollapsed(big, [])).toEqual(new Set());
    expect(initialCollapsed(big, ["team:t3", "group:g", "specialist:s1-1", "team:gone"])).toEqual(
      new Set(["team:t3", "group:g"]),
    );
  });

  it("can fold only a container that holds something", () => {
    const graph = builtin();
    const can = foldable(graph);
    const members = new Set(graph.nodes.map((n) => n.parent).filter(Boolean));
    expect([...can].sort()).toEqual([...members].filter((id) => /^(team|group):/.test(id as string)).sort());
  });
});

describe("a big org's first view reads whole", () => {
  const titlePx = (graph: Graph, folds: ReadonlySet<string>) => fitZoomer(graph.nodes, graph.edges)(folds) * TITLE_PX;
  const groupsIn = (folds: ReadonlySet<string>) => [...folds].filter((id) => id.startsWith("group:"));

  it("folds only teams while folded teams read at fit", () => {
    const graph = orgOfGroups(2, () => 8, 10);
    expect(titlePx(graph, allTeams(graph))).toBeGreaterThanOrEqual(READABLE_TITLE_PX);
    expect(readableFolds(graph)).toEqual(allTeams(graph));
    expect(initialCollapsed(graph, undefined)).toEqual(allTeams(graph));
  });

  it("folds the biggest groups too, as few as make the titles read, when folded teams do not", () => {
    // 14 groups of 4 to 17 teams: 1,470 specialists, about 150 team boxes.
    const graph = orgOfGroups(14, (k) => 4 + k, 10);
    expect(titlePx(graph, allTeams(graph))).toBeLessThan(READABLE_TITLE_PX);
    const folds = initialCollapsed(graph, undefined);
    for (const team of allTeams(graph)) expect(folds.has(team)).toBe(true);
    const groups = groupsIn(folds);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.length).toBeLessThan(14);
    expect(titlePx(graph, folds)).toBeGreaterThanOrEqual(READABLE_TITLE_PX);
    // The biggest are the ones folded (group k holds 4 + k teams)…
    const open = foldable(graph);
    const index = (id: string) => Number(id.slice("group:g".length));
    expect(Math.min(...groups.map(index))).toBeGreaterThan(
      Math.max(...[...open].filter((id) => id.startsWith("group:") && !folds.has(id)).map(index)),
    );
    // …and not one more than it takes: with the smallest of them open again, the titles do not read.
    const smallest = groups.sort((a, b) => index(a) - index(b))[0];
    const fewer = new Set([...folds].filter((id) => id !== smallest));
    expect(titlePx(graph, fewer)).toBeLessThan(READABLE_TITLE_PX);
  });

  it("folds every group when even that does not read (a tiny pane), and saved folds still win", () => {
    const graph = orgOfGroups(6, () => 6, 10);
    const folds = readableFolds(graph, { width: 160, height: 120 });
    expect(groupsIn(folds).sort()).toEqual(Array.from({ length: 6 }, (_, k) => `group:g${k}`).sort());
    expect(initialCollapsed(graph, ["team:t1"])).toEqual(new Set(["team:t1"]));
  });
});

describe("what a fold hides and where hidden relationships end", () => {
  it("hides a folded team's specialists and draws their ends on the team", () => {
    const graph = orgOf(4, 3);
    const folded = new Set(["team:t3"]);
    const visible = visibleNodes(graph, folded);
    expect(visible.has("team:t3")).toBe(true);
    expect(visible.has("specialist:s3-0")).toBe(false);
    expect(visible.has("specialist:s2-0")).toBe(true);
    const end = shownEndOf(graph, folded);
    expect(end("specialist:s3-1")).toBe("team:t3");
    expect(end("specialist:s2-1")).toBe("specialist:s2-1");
  });

  it("ends inside a folded group at the group, even when its team is folded too", () => {
    const graph = orgOf(4, 3);
    const end = shownEndOf(graph, new Set(["group:g", "team:t0"]));
    expect(end("specialist:s0-0")).toBe("group:g");
    expect(end("team:t1")).toBe("group:g");
    expect(end("team:t3")).toBe("team:t3");
  });

  it("never ends a summed relationship on a hidden node, and keeps every relationship counted once", () => {
    const graph = builtin();
    const folded = allTeams(graph);
    const visible = visibleNodes(graph, folded);
    const sums = foldedEdges(graph, folded);
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.filter((a) => !visible.has(a.source) || !visible.has(a.target))).toEqual([]);
    // Every relationship between two different shown boxes is in exactly one sum.
    const end = shownEndOf(graph, folded);
    const crossing = graph.edges.filter((e) => e.kind !== "member" && end(e.source) !== end(e.target));
    const summed = sums.flatMap((a) => a.edges);
    expect(new Set(summed).size).toBe(summed.length);
    expect(summed.length).toBeLessThanOrEqual(crossing.length);
    expect(sums.reduce((n, a) => n + a.count, 0)).toBe(summed.length);
  });

  it("sums a folded team's relationships with the next team on the folded box, with a count", () => {
    const graph = orgOf(4, 3);
    const sums = foldedEdges(graph, new Set(["team:t2"]), new Set(["handoff"]));
    // s1-* hand off to r2-0 (held by s2-0, hidden): three handoffs, drawn to the folded team.
    const into = sums.find((a) => a.target === "team:t2" || a.source === "team:t2");
    expect(into).toBeDefined();
    expect(sums.filter((a) => a.source === "team:t2" && a.target === "team:t2")).toEqual([]);
    const t1t2 = sums.find((a) => [a.source, a.target].sort().join() === "team:t1,team:t2");
    expect(t1t2?.count).toBe(3);
  });
});

describe("member counts", () => {
  it("counts a team's specialists and a group's teams and their specialists", () => {
    const counts = memberCounts(orgOf(4, 3));
    expect(counts.get("team:t0")).toEqual({ teams: 0, specialists: 3 });
    expect(counts.get("group:g")).toEqual({ teams: 2, specialists: 6 });
  });

  it("says it with the right number", () => {
    expect(countText({ teams: 0, specialists: 8 })).toBe("8 specialists");
    expect(countText({ teams: 3, specialists: 14 })).toBe("3 teams · 14 specialists");
    expect(countText({ teams: 1, specialists: 1 })).toBe("1 team · 1 specialist");
    expect(countText({ teams: 2, specialists: 0 })).toBe("2 teams");
    expect(countText({ teams: 0, specialists: 0 })).toBe("no members");
    expect(countText(undefined)).toBe("no members");
  });
});

describe("changing folds", () => {
  it("flips one container", () => {
    expect(toggled(new Set(["a"]), "a")).toEqual(new Set());
    expect(toggled(new Set(["a"]), "b")).toEqual(new Set(["a", "b"]));
  });

  it("opens every container of a node to show it, and leaves a shown node's folds as they are", () => {
    const graph = orgOf(4, 3);
    const folded = new Set(["group:g", "team:t0", "team:t3"]);
    expect(revealed(graph, folded, "specialist:s0-1")).toEqual(new Set(["team:t3"]));
    expect(revealed(graph, folded, "specialist:s2-1")).toBe(folded);
  });
});

describe("the layout with folds", () => {
  const graph = orgOf(12, 6);
  const folded = allTeams(graph);
  const positions = layoutGraph(graph.nodes, graph.edges, {}, folded);
  const boxes = nodeBoxes(graph.nodes, positions, folded);

  it("packs a folded team at a closed box's size, where the layout put it", () => {
    const open = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges));
    expect(boxes["team:t5"].height).toBeLessThan(open["team:t5"].height);
    for (const id of folded) expect([boxes[id].x, boxes[id].y]).toEqual([positions[id].x, positions[id].y]);
    // The whole org takes less room folded.
    const area = (b: typeof boxes) => {
      const all = Object.values(b);
      return (
        (Math.max(...all.map((r) => r.x + r.width)) - Math.min(...all.map((r) => r.x))) *
        (Math.max(...all.map((r) => r.y + r.height)) - Math.min(...all.map((r) => r.y)))
      );
    };
    expect(area(boxes)).toBeLessThan(area(open) / 3);
  });

  it("draws no hidden member and lays no two shown siblings over each other", () => {
    expect(Object.keys(boxes).filter((id) => id.startsWith("specialist:"))).toEqual([]);
    const shown = { ...graph, nodes: graph.nodes.filter((n) => boxes[n.id]) };
    expect(siblingOverlaps(shown, boxes)).toEqual([]);
  });
});
