import { describe, expect, it } from "vitest";
import { buildIndex } from "@/lib/org/org-index";
import { groupReferrers, referrersOf } from "@/lib/org/referrers";
import { SMALL_ORG_SKILLS, smallOrg } from "@/lib/org/small-org.fixture";
import { referencesTo } from "@/lib/org/validate";
import type { EntityKind } from "@/schemas/kinds";

const ix = () => buildIndex(smallOrg(), SMALL_ORG_SKILLS);
const named = (kind: EntityKind, id: string) =>
  referrersOf(ix(), kind, id).map((r) => `${r.kind}:${r.id} ${r.references.map((x) => x.field).join(",")}`);

describe("referrersOf", () => {
  it("names a specialist's team owner, handoffs to its role and contracts it is a party to", () => {
    expect(named("specialist", "cx-architect")).toEqual([
      "team:core-team owner",
      "specialist:cx-engineer handoffCandidates",
      "specialist:cx-pm handoffCandidates",
      "contract:architect-to-engineer producer",
      "contract:pm-to-architect consumer",
    ]);
  });

  it("names a team's members, the group listing it as a squad, contract boundaries and the policies it owns", () => {
    expect(named("team", "core-team").sort()).toEqual(
      [
        "group:eng-group squads",
        "specialist:cx-architect team",
        "specialist:cx-engineer team",
        "contract:pm-to-architect teamBoundary.consumerTeam",
        "policy:architecture owner",
      ].sort(),
    );
  });

  it("names the teams and policies that name a policy", () => {
    expect(named("policy", "architecture").sort()).toEqual(
      [
        "group:eng-group decisionRights",
        "team:core-team decisionRights",
        "team:product-team forbiddenDecisions",
        "policy:product-scope requiresApprovalFrom",
      ].sort(),
    );
  });

  it("names nothing for a record nothing refers to, or one that does not exist", () => {
    const org = smallOrg();
    org.specialists["cx-lone"] = { ...org.specialists["cx-engineer"], id: "cx-lone", name: "lone", role: "loner" };
    expect(referrersOf(buildIndex(org, SMALL_ORG_SKILLS), "specialist", "cx-lone")).toEqual([]);
    expect(referrersOf(ix(), "specialist", "nobody")).toEqual([]);
  });

  it("a handoff to a role another specialist still holds does not dangle", () => {
    const org = smallOrg();
    org.specialists["cx-architect-2"] = {
      ...org.specialists["cx-architect"],
      id: "cx-architect-2",
      name: "architect-2",
    };
    const names = referrersOf(buildIndex(org, SMALL_ORG_SKILLS), "specialist", "cx-architect").map((r) => r.id);
    expect(names).toEqual(["architect-to-engineer", "pm-to-architect"]);
  });

  it("agrees with the server's refusal, which names the same records", () => {
    for (const [kind, id] of [
      ["specialist", "cx-pm"],
      ["team", "product-team"],
      ["group", "eng-group"],
    ] as const) {
      const fromRefusal = groupReferrers(referencesTo(ix(), kind, id)).map((r) => `${r.kind}:${r.id}`);
      expect(fromRefusal).toEqual(referrersOf(ix(), kind, id).map((r) => `${r.kind}:${r.id}`));
      expect(fromRefusal.length).toBeGreaterThan(0);
    }
  });
});
