import { describe, expect, it } from "vitest";
import { drawnPositions, placesForAdded, placesForMove, wantedPositions } from "@/lib/graph/drawing";
import { nodeBoxes, overlaps, type Position } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { keepPlaces } from "@/lib/graph/place";
import { separated } from "@/lib/graph/separate";
import { emptyOrg } from "@/schemas/kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

/** Two teams side by side, two specialists each. */
function twoTeams() {
  const org = emptyOrg();
  for (const t of ["a", "b"]) {
    org.teams[t] = { id: t, name: t.toUpperCase() };
    for (const i of [1, 2])
      org.specialists[`${t}${i}`] = { id: `${t}${i}`, name: `${t}${i}`, role: `${t}${i}`, team: t };
  }
  const graph = orgToGraph({ org });
  return { graph, positions: layoutGraph(graph.nodes, graph.edges) };
}

describe("separated", () => {
  it("returns the positions themselves when no boxes overlap", () => {
    const { graph, positions } = twoTeams();
    expect(overlaps(graph.nodes, positions)).toEqual([]);
    expect(separated(graph.nodes, positions)).toBe(positions);
  });

  it("moves the later of two overlapping teams right or down, with its members, and leaves the other", () => {
    const { graph, positions } = twoTeams();
    // Team b's members dragged onto team a's, as a layout file might hold them.
    const onTop = {
      ...positions,
      "specialist:b1": positions["specialist:a1"],
      "specialist:b2": positions["specialist:a2"],
    };
    expect(overlaps(graph.nodes, onTop).length).toBeGreaterThan(0);
    const apart = separated(graph.nodes, onTop);
    expect(overlaps(graph.nodes, apart)).toEqual([]);
    expect(apart["specialist:a1"]).toEqual(positions["specialist:a1"]);
    const [b1, b2] = [apart["specialist:b1"], apart["specialist:b2"]];
    // Moved as one, never up or left.
    expect(b2.x - b1.x).toBe(onTop["specialist:b2"].x - onTop["specialist:b1"].x);
    expect(b1.x >= onTop["specialist:b1"].x && b1.y >= onTop["specialist:b1"].y).toBe(true);
  });

  it("keeps a box the user dropped where it was dropped, and moves what it covers", () => {
    const { graph, positions } = twoTeams();
    const dropped = { "specialist:a2": { ...positions["specialist:a1"] } };
    const apart = separated(graph.nodes, { ...positions, ...dropped }, new Set(), Object.keys(dropped));
    expect(apart["specialist:a2"]).toEqual(dropped["specialist:a2"]);
    expect(apart["specialist:a1"]).not.toEqual(positions["specialist:a1"]);
    expect(overlaps(graph.nodes, apart)).toEqual([]);
  });

  it("sets a folded team's box apart as drawn folded, and the open one when it unfolds", () => {
    const { graph, positions } = twoTeams();
    const folded = new Set(["team:a"]);
    const width = nodeBoxes(graph.nodes, positions, folded)["team:a"].width;
    // Team b's members in a's row, just right of a's folded box: apart while a is folded, covered once it opens.
    const shifted: Record<string, Position> = { ...positions };
    for (const i of [1, 2]) {
      const a = positions[`specialist:a${i}`];
      shifted[`specialist:b${i}`] = { x: a.x + width + 10, y: a.y };
    }
    expect(separated(graph.nodes, shifted, folded)).toBe(shifted);
    expect(overlaps(graph.nodes, shifted).length).toBeGreaterThan(0);
    expect(overlaps(graph.nodes, separated(graph.nodes, shifted))).toEqual([]);
  });
});

describe("the drawing", () => {
  const specialist = (id: string, team: string) => ({ id, name: id, role: id, team });

  it("a new specialist in Product Management grows its team box over Design's; the drawing and the places saved set them apart", () => {
    const before = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const org = loadOrg(BUILTIN_ORG_DIR);
    org.specialists["cx-newcomer"] = specialist("cx-newcomer", "product-management-team");
    const after = orgToGraph({ org });
    const shown = layoutGraph(before.nodes, before.edges);
    const next = layoutGraph(after.nodes, after.edges);
    // The places held alone: the team grows over its neighbour, as the reported layout file had it.
    expect(overlaps(after.nodes, { ...next, ...keepPlaces(after.nodes, shown, next) })).toContainEqual([
      "team:design-team",
      "team:product-management-team",
    ]);
    const held = placesForAdded(after, new Set(), shown, {});
    // What is saved for the add is apart by itself, and so is what is drawn.
    expect(overlaps(after.nodes, { ...next, ...held })).toEqual([]);
    const drawn = drawnPositions(after.nodes, new Set(), wantedPositions(next, held, {}));
    expect(overlaps(after.nodes, drawn)).toEqual([]);
    expect(drawn["specialist:cx-newcomer"]).toEqual(held["specialist:cx-newcomer"]);
  });

  it("a layout file saved with boxes over each other opens apart", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const base = layoutGraph(graph.nodes, graph.edges);
    const saved = { "specialist:cx-designer": base["specialist:cx-product-manager"] };
    expect(overlaps(graph.nodes, wantedPositions(base, {}, saved)).length).toBeGreaterThan(0);
    expect(overlaps(graph.nodes, drawnPositions(graph.nodes, new Set(), wantedPositions(base, {}, saved)))).toEqual([]);
  });

  it("a drop saves the box dropped and the boxes making room for it", () => {
    const org = emptyOrg();
    org.teams.a = { id: "a", name: "A" };
    for (const s of ["s1", "s2", "s3"]) org.specialists[s] = specialist(s, "a");
    const graph = orgToGraph({ org });
    const wanted = layoutGraph(graph.nodes, graph.edges);
    const moved = { "specialist:s3": wanted["specialist:s1"] };
    const saved = placesForMove(graph.nodes, new Set(), wanted, wanted, moved);
    expect(saved["specialist:s3"]).toEqual(wanted["specialist:s1"]);
    expect(Object.keys(saved).length).toBeGreaterThan(1);
    expect(overlaps(graph.nodes, { ...wanted, ...saved })).toEqual([]);
  });
});
