import { describe, expect, it } from "vitest";
import { overlaps } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { keepPlaces } from "@/lib/graph/place";
import { emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const specialist = (id: string, team: string) => ({
  id,
  name: id,
  role: id,
  description: "A specialist added to check where new boxes go.",
  modelTier: "standard",
  skills: ["architecture/api-design"],
  fence: { allowedPaths: ["docs/**"] },
  team,
});

/** The org before and after `add`, laid out as the canvas draws them: held positions over the fresh layout. */
function added(add: (org: OrgRecords) => void) {
  const before = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
  const org = loadOrg(BUILTIN_ORG_DIR);
  add(org);
  const after = orgToGraph({ org });
  const shown = layoutGraph(before.nodes, before.edges);
  const held = keepPlaces(after.nodes, shown, layoutGraph(after.nodes, after.edges));
  const drawn = { ...layoutGraph(after.nodes, after.edges), ...held };
  const fresh = after.nodes.filter((n) => !before.nodes.some((b) => b.id === n.id)).map((n) => n.id);
  return { before, after, shown, held, drawn, fresh };
}

/** Every existing box where it was, every new one drawn, and no boxes overlapping. */
function expectStable({ before, after, shown, drawn, fresh }: ReturnType<typeof added>) {
  for (const node of before.nodes) expect(drawn[node.id], node.id).toEqual(shown[node.id]);
  for (const id of fresh) expect(drawn[id], id).toBeDefined();
  expect(overlaps(before.nodes, shown)).toEqual([]);
  expect(overlaps(after.nodes, drawn)).toEqual([]);
}

describe("keepPlaces", () => {
  it("keeps every box in place when a specialist joins a team, and puts it beside its team's members", () => {
    const result = added((org) => {
      org.specialists["cx-placed"] = specialist("cx-placed", "research-team");
    });
    expectStable(result);
    const members = result.after.nodes.filter(
      (n) => n.parent === "team:research-team" && n.id !== "specialist:cx-placed",
    );
    expect(members.length).toBeGreaterThan(0);
    const spot = result.drawn["specialist:cx-placed"];
    const nearest = Math.min(
      ...members.map((m) => Math.hypot(result.drawn[m.id].x - spot.x, result.drawn[m.id].y - spot.y)),
    );
    expect(nearest).toBeLessThan(400);
  });

  it("holds only the boxes the fresh layout would move", () => {
    const { held, shown, after } = added((org) => {
      org.specialists["cx-placed"] = specialist("cx-placed", "research-team");
    });
    const next = layoutGraph(after.nodes, after.edges);
    // The fresh layout re-packs the org around the grown team: without holding, boxes would move.
    expect(Object.keys(held).length).toBeGreaterThan(1);
    for (const [id, at] of Object.entries(held))
      if (id !== "specialist:cx-placed") expect(next[id], id).not.toEqual(at);
    for (const [id, at] of Object.entries(shown)) if (!held[id]) expect(next[id]).toEqual(at);
  });

  it("puts a new team with no members in a free spot of the drawing", () => {
    const result = added((org) => {
      org.teams["empty-team"] = {
        id: "empty-team",
        name: "Empty",
        owner: "nobody",
        charter: "A team with no one in it yet.",
      };
    });
    expect(result.fresh).toEqual(["team:empty-team"]);
    expectStable(result);
  });

  it("places an imported team's members together, without moving what was drawn", () => {
    const result = added((org) => {
      org.teams["imported-team"] = {
        id: "imported-team",
        name: "Imported",
        owner: "cx-in-0",
        charter: "A team arriving by import.",
      };
      for (let i = 0; i < 3; i++) org.specialists[`cx-in-${i}`] = specialist(`cx-in-${i}`, "imported-team");
    });
    expect(result.fresh).toHaveLength(4);
    expectStable(result);
  });

  it("in a full team boxed in by its neighbours, the new box still covers no other box", () => {
    const org = (extra: number) => {
      const o = emptyOrg();
      for (let t = 0; t < 9; t++) {
        o.teams[`t${t}`] = { id: `t${t}`, name: `T${t}`, owner: `r${t}-0`, charter: "A team of eight, packed tight." };
        for (let i = 0; i < 8 + (t === 4 ? extra : 0); i++)
          o.specialists[`s${t}-${i}`] = { id: `s${t}-${i}`, name: `s${t}-${i}`, role: `r${t}-${i}`, team: `t${t}` };
      }
      return o;
    };
    const before = orgToGraph({ org: org(0) });
    const after = orgToGraph({ org: org(1) });
    const shown = layoutGraph(before.nodes, before.edges);
    const drawn = {
      ...layoutGraph(after.nodes, after.edges),
      ...keepPlaces(after.nodes, shown, layoutGraph(after.nodes, after.edges)),
    };
    for (const node of before.nodes) expect(drawn[node.id]).toEqual(shown[node.id]);
    const leaves = new Set(after.nodes.filter((n) => n.kind === "specialist").map((n) => n.id));
    const covered = overlaps(after.nodes, drawn).filter(([a, b]) => leaves.has(a) && leaves.has(b));
    expect(covered).toEqual([]);
  });

  it("changes nothing when nothing was added", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const shown = layoutGraph(graph.nodes, graph.edges);
    expect(keepPlaces(graph.nodes, shown, shown)).toEqual({});
  });
});
