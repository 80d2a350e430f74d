import { describe, expect, it } from "vitest";
import { canConnect, removeHandoff } from "@/lib/graph/connect";
import { nodeId, orgToGraph } from "@/lib/graph/org-to-graph";
import { smallOrg } from "@/lib/org/small-org.fixture";
import type { OrgRecords } from "@/schemas/kinds";

const S = nodeId.specialist;
const handoff = (from: string, role: string) => ({ kind: "handoff" as const, from, to: "", role, index: 0 });

/** The small org plus a specialist without a role and a second holder of `engineer`. */
function org(): OrgRecords {
  const o = smallOrg();
  o.specialists["cx-roleless"] = { id: "cx-roleless", name: "roleless", role: "", team: "core-team" };
  o.specialists["cx-engineer-2"] = { id: "cx-engineer-2", name: "engineer-two", role: "engineer", team: "core-team" };
  return o;
}

describe("canConnect", () => {
  it("accepts a drag between two specialists and returns the patch appending the target's role", () => {
    const o = org();
    const before = structuredClone(o.specialists["cx-engineer"]);
    expect(canConnect(o, S("cx-engineer"), S("cx-researcher"))).toEqual({
      ok: true,
      specialistId: "cx-engineer",
      role: "researcher",
      patch: { handoffCandidates: ["architect", "researcher"] },
    });
    expect(o.specialists["cx-engineer"]).toEqual(before);
  });

  it("starts the list for a specialist that has no handoffCandidates", () => {
    expect(canConnect(org(), S("cx-roleless"), S("cx-pm"))).toMatchObject({
      ok: true,
      patch: { handoffCandidates: ["product-manager"] },
    });
  });

  it.each([
    ["a team", nodeId.team("core-team"), S("cx-engineer")],
    ["a group", S("cx-engineer"), nodeId.group("eng-group")],
    ["a party", nodeId.party("user"), S("cx-engineer")],
    ["the party *", S("cx-engineer"), nodeId.party("*")],
    ["nothing", null, S("cx-engineer")],
    ["an undefined end", S("cx-engineer"), undefined],
  ])("refuses an end that is %s", (_what, source, target) => {
    expect(canConnect(org(), source, target)).toEqual({
      ok: false,
      message: "a handoff goes from one specialist to another",
    });
  });

  it("refuses a specialist handing off to itself", () => {
    expect(canConnect(org(), S("cx-engineer"), S("cx-engineer"))).toEqual({
      ok: false,
      message: "a specialist cannot hand off to itself",
    });
  });

  // Node ids are looked up, never parsed: an id no specialist has is not a specialist's node.
  it("refuses an unknown specialist at either end", () => {
    const refused = { ok: false, message: "a handoff goes from one specialist to another" };
    expect(canConnect(org(), S("cx-ghost"), S("cx-engineer"))).toEqual(refused);
    expect(canConnect(org(), S("cx-engineer"), S("cx-ghost"))).toEqual(refused);
  });

  it("refuses a target without a role", () => {
    expect(canConnect(org(), S("cx-engineer"), S("cx-roleless"))).toEqual({
      ok: false,
      message: "cx-roleless has no role to hand off to",
    });
  });

  it("refuses a target holding the source's own role", () => {
    expect(canConnect(org(), S("cx-engineer"), S("cx-engineer-2"))).toEqual({
      ok: false,
      message: 'cx-engineer already holds the role "engineer"',
    });
  });

  it("refuses a role that is already a handoff", () => {
    expect(canConnect(org(), S("cx-engineer"), S("cx-architect"))).toEqual({
      ok: false,
      message: 'cx-engineer already hands off to "architect"',
    });
  });
});

describe("removeHandoff", () => {
  it("returns the patch without the edge's role, for an edge drawn by orgToGraph", () => {
    const o = org();
    const edge = orgToGraph({ org: o }).edges.find(
      (e) => e.kind === "handoff" && e.source === S("cx-pm") && e.role === "architect",
    );
    expect(edge).toBeDefined();
    expect(removeHandoff(o, edge!)).toEqual({
      specialistId: "cx-pm",
      role: "architect",
      patch: { handoffCandidates: ["researcher"] },
    });
  });

  it("removes a flavored role by the role the edge names, not the target's role", () => {
    expect(removeHandoff(org(), { data: handoff("cx-architect", "product-manager.platform") })).toEqual({
      specialistId: "cx-architect",
      role: "product-manager.platform",
      patch: { handoffCandidates: ["engineer"] },
    });
  });

  it.each(
    orgToGraph({ org: org() })
      .edges.filter((e) => e.kind !== "handoff")
      .filter((e, i, all) => all.findIndex((o) => o.kind === e.kind) === i)
      .map((e) => [e.kind, e] as const),
  )("returns null for a %s edge", (_kind, edge) => {
    expect(removeHandoff(org(), edge)).toBeNull();
  });

  it("returns null for a handoff from an unknown specialist", () => {
    expect(removeHandoff(org(), { data: handoff("cx-ghost", "architect") })).toBeNull();
  });
});
