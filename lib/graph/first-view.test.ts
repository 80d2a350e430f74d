import { describe, expect, it } from "vitest";
import { syntheticOrg } from "@/bench/generate-org";
import { countText, foldedEdges, initialCollapsed, memberCounts } from "@/lib/graph/collapse";
import { FOLDED_FIRST_VIEW_ABOVE, foldedView } from "@/lib/graph/first-view";
import { nodeBoxes } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { emptyOrg, SECTIONS } from "@/schemas/kinds";

function graphOf(specialists: number) {
  const org = emptyOrg();
  const records = syntheticOrg(specialists);
  for (const section of SECTIONS) for (const r of records[section] ?? []) org[section][r.id as string] = r;
  return orgToGraph({ org });
}

describe("foldedView", () => {
  const big = graphOf(FOLDED_FIRST_VIEW_ABOVE + 500);

  it("is null for an org the page ships whole", () => {
    expect(foldedView(graphOf(FOLDED_FIRST_VIEW_ABOVE), null)).toBeNull();
  });

  it("draws what the editor draws first: the same folds, boxes, member texts and summed relationships", () => {
    const view = foldedView(big, null)!;
    const collapsed = initialCollapsed(big, undefined);
    const boxes = nodeBoxes(big.nodes, layoutGraph(big.nodes, big.edges, {}, collapsed), collapsed);
    expect(view.boxes).toEqual(boxes);
    expect(view.nodes.map((n) => n.id).sort()).toEqual(Object.keys(boxes).sort());
    expect(view.nodes.some((n) => n.kind === "specialist")).toBe(false);
    const counts = memberCounts(big);
    for (const id of view.collapsed) expect(view.members[id]).toBe(countText(counts.get(id)));
    expect(view.sums.reduce((n, s) => n + s.count, 0)).toBe(
      foldedEdges(big, collapsed).reduce((n, s) => n + s.count, 0),
    );
    expect(view.specialists).toBe(big.nodes.filter((n) => n.kind === "specialist").length);
    expect(view.edgeCounts.handoff).toBe(big.edges.filter((e) => e.kind === "handoff").length);
    // The point of it: a small part of the graph it stands for.
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(big).length / 20);
  });

  it("keeps saved folds and saved positions", () => {
    const teams = big.nodes.filter((n) => n.kind === "team").map((n) => n.id);
    const [team] = teams;
    const members = big.nodes.filter((n) => n.parent === team).map((n) => n.id);
    const positions = Object.fromEntries(members.map((id) => [id, { x: 90_000, y: 90_000 }]));
    const view = foldedView(big, { positions, collapsed: teams })!;
    expect(view.collapsed.sort()).toEqual([...teams].sort());
    expect(view.nodes.filter((n) => n.kind === "group").every((n) => view.members[n.id])).toBe(true);
    expect(view.boxes[team].x).toBeGreaterThan(80_000);
  });

  it("is null when the saved folds open everything", () => {
    expect(foldedView(big, { positions: {}, collapsed: [] })).toBeNull();
  });
});
