import { describe, expect, it } from "vitest";
import { buildIndex } from "@/lib/org/org-index";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { validateOrg } from "@/lib/org/validate";
import { type EntityRecord, emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { planSchema } from "@/schemas/plan";
import { computePlan, isEmptyPlan } from "./plan";
import { renderGithub, renderMarkdown, renderText, summaryLine } from "./render";

const side = (org: OrgRecords) => ({ org, problems: validateOrg(buildIndex(org)) });
const against = { kind: "git" as const, ref: "HEAD" };
const plan = (before: OrgRecords, after: OrgRecords, routing = [] as { name: string; task: string }[]) =>
  planSchema.parse(computePlan(side(before), side(after), { against, routing }));

describe("computePlan", () => {
  it("is empty for the same org, and says so", () => {
    const p = plan(smallOrg(), smallOrg());
    expect(isEmptyPlan(p)).toBe(true);
    expect(summaryLine(p)).toBe("Plan: 0 to add, 0 to change, 0 to remove");
    expect(renderText(p)).toContain("No changes.");
  });

  it("reports a command added to a fence as a field diff and a widening of the specialist's own fence", () => {
    const after = smallOrg();
    (after.specialists["cx-engineer"].fence as { allowedCommands: string[] }).allowedCommands.push("npm test");
    const p = plan(smallOrg(), after);
    expect(p.summary).toMatchObject({ add: 0, change: 1, remove: 0, widens: 1, narrows: 0 });
    expect(p.changes).toContainEqual(
      expect.objectContaining({
        kind: "entity",
        action: "change",
        id: "cx-engineer",
        fields: [{ field: "fence.allowedCommands", added: ["npm test"] }],
      }),
    );
    expect(p.changes).toContainEqual(
      expect.objectContaining({
        kind: "access",
        action: "widen",
        id: "cx-engineer",
        entry: "npm test",
        via: "specialist",
      }),
    );
    const text = renderText(p);
    expect(text).toContain('~ cx-engineer fence.allowedCommands: + "npm test"');
    expect(text).toContain("! WIDENS cx-engineer allowedCommands");
    expect(text.trim().split("\n").at(-1)).toBe(
      "Plan: 0 to add, 1 to change, 0 to remove; 1 widens access; 3 reach more through others",
    );
  });

  it("finds a fence that widens only through a team change, and names the team", () => {
    const before = smallOrg();
    before.teams["core-team"].forbiddenDecisions = ["product-scope", "push"];
    const after = smallOrg(); // the team stops forbidding push; no specialist record changed
    const p = plan(before, after);
    const entityIds = p.changes.filter((c) => c.kind === "entity").map((c) => c.id);
    expect(entityIds).toEqual(["core-team"]);
    const widen = p.changes.filter((c) => c.kind === "access" && c.action === "widen");
    // Both members of core-team regain "push" with approval and lose the denial.
    expect(widen.map((c) => `${c.id} ${"field" in c ? c.field : ""} ${"entry" in c ? c.entry : ""}`).sort()).toEqual([
      "cx-architect approvalRequired push",
      "cx-architect deniedActions push:**",
      "cx-engineer approvalRequired push",
      "cx-engineer deniedActions push:**",
    ]);
    for (const c of widen) expect(c).toMatchObject({ via: "team core-team" });
    expect(p.summary.widens).toBe(2);
  });

  it("finds a widening through a specialist moving to a team that forbids less", () => {
    const after = smallOrg();
    after.specialists["cx-engineer"].team = "product-team"; // forbids architecture, not product-scope
    after.teams["product-team"].roles = [...(after.teams["product-team"].roles as string[]), "engineer"];
    const p = plan(smallOrg(), after);
    expect(p.changes).toContainEqual(
      expect.objectContaining({
        kind: "access",
        action: "widen",
        id: "cx-engineer",
        field: "deniedActions",
        entry: "product-scope:**",
        via: "team product-team",
      }),
    );
    expect(p.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "narrow", id: "cx-engineer", entry: "architecture:**" }),
    );
  });

  it("treats a rename as a remove plus an add, with the edges and problems that follow", () => {
    const after = smallOrg();
    after.specialists["cx-builder"] = { ...after.specialists["cx-engineer"], id: "cx-builder" };
    delete after.specialists["cx-engineer"];
    const p = plan(smallOrg(), after);
    expect(p.summary).toMatchObject({ add: 1, remove: 1, change: 0 });
    expect(p.changes.filter((c) => c.kind === "entity").map((c) => `${c.action} ${c.id}`)).toEqual([
      "remove cx-engineer",
      "add cx-builder",
    ]);
    // The contract architect-to-engineer now names a consumer that does not exist.
    expect(p.changes).toContainEqual(
      expect.objectContaining({
        kind: "edge",
        action: "remove",
        edge: "contract",
        id: "contract:architect-to-engineer",
      }),
    );
    expect(p.summary.errorsIntroduced).toBeGreaterThan(0);
    expect(p.changes).toContainEqual(
      expect.objectContaining({
        kind: "problem",
        action: "introduced",
        location: "#/contracts/architect-to-engineer/consumer",
      }),
    );
    // The new specialist's whole fence is new authority.
    expect(p.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "widen", id: "cx-builder", entry: "src/**", via: "added" }),
    );
    expect(p.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "narrow", id: "cx-engineer", entry: "src/**", via: "removed" }),
    );
  });

  it("lists handoff edges added and removed, and a problem fixed", () => {
    const before = smallOrg();
    before.specialists["cx-researcher"].handoffCandidates = ["product-manager", "nobody-holds-this"];
    const after = smallOrg();
    after.specialists["cx-researcher"].handoffCandidates = ["product-manager", "architect"];
    const p = plan(before, after);
    expect(p.changes).toContainEqual(
      expect.objectContaining({
        kind: "edge",
        action: "add",
        edge: "handoff",
        source: "specialist:cx-researcher",
        target: "specialist:cx-architect",
      }),
    );
    expect(p.changes.some((c) => c.kind === "problem" && c.action === "fixed")).toBe(true);
    expect(p.summary.problemsFixed).toBeGreaterThan(0);
  });

  it("reports a label list emptied as a narrowing (an empty list allows only next:* labels), and a label added as a widening", () => {
    const before = smallOrg();
    (before.specialists["cx-pm"].fence as Record<string, unknown>).allowedBdLabels = ["product"];
    const p = plan(before, smallOrg());
    expect(p.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "narrow", id: "cx-pm", entry: "product" }),
    );
    expect(p.summary.widens).toBe(0);
    const back = plan(smallOrg(), before);
    expect(back.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "widen", id: "cx-pm", entry: "product" }),
    );
  });

  it("reports a routing move for a saved routing test whose ranking changed", () => {
    const after = smallOrg();
    after.specialists["cx-researcher"].when_to_use = "Security audits, threat models and security reviews.";
    const cases = [
      { name: "security goes to research", task: "security review of the login flow" },
      { name: "adr", task: "write an ADR" },
    ];
    const p = plan(smallOrg(), after, cases);
    const moves = p.changes.filter((c) => c.kind === "route");
    expect(moves).toEqual([
      expect.objectContaining({ id: "security goes to research", before: [], after: ["cx-researcher"] }),
    ]);
    expect(p.summary.routingMoves).toBe(1);
  });

  it("renders markdown and GitHub annotations that carry the widening", () => {
    const after = smallOrg();
    (after.specialists["cx-engineer"].fence as { allowedCommands: string[] }).allowedCommands.push("git push");
    const p = computePlan(
      { ...side(smallOrg()), paths: { "specialists/cx-engineer": "specialists/org/specialists/cx-engineer.json" } },
      { ...side(after), paths: { "specialists/cx-engineer": ".cx/org/specialists/cx-engineer.json" } },
      { against },
    );
    const mdText = renderMarkdown(p);
    expect(mdText).toContain("### Org plan");
    // A `git push` line in allowedCommands is also a fence-rule-ineffective warning: the problem introduced.
    expect(mdText).toContain("| 0 | 1 | 0 | 1 | 0 | 1 | 0 |");
    expect(mdText).toContain("[!WARNING]");
    const gh = renderGithub(p);
    expect(gh).toMatch(/^::warning file=\.cx\/org\/specialists\/cx-engineer\.json,title=widen access::/m);
    expect(gh).toMatch(/^::notice file=\.cx\/org\/specialists\/cx-engineer\.json,title=entity change::/m);
  });

  it("trusts equal version tags and compares only records whose tags differ", () => {
    const before = smallOrg();
    const after = smallOrg();
    after.specialists["cx-pm"].description = "Changed, but its tag says it is the same file.";
    after.specialists["cx-engineer"].description = "Changed, with a new tag.";
    const tags = (org: OrgRecords, changed: string[]) =>
      Object.fromEntries(
        Object.keys(org.specialists).map((id) => [`specialists/${id}`, changed.includes(id) ? "new" : "same"]),
      );
    const p = computePlan(
      { ...side(before), versions: tags(before, []) },
      { ...side(after), versions: tags(after, ["cx-engineer"]) },
      { against },
    );
    expect(p.changes.filter((c) => c.kind === "entity").map((c) => c.id)).toEqual(["cx-engineer"]);
  });

  it("bounds the text output of a huge change", () => {
    const after = smallOrg();
    for (let i = 0; i < 50; i++)
      after.policies[`p-${i}`] = { id: `p-${i}`, owner: "core-team", description: "generated" };
    const text = renderText(plan(smallOrg(), after), 10);
    expect(text).toContain("… and 40 more");
    expect(text).toContain("Plan: 50 to add, 0 to change, 0 to remove");
  });
});

describe("computePlan on Construct 2.x worker profiles", () => {
  const profiles = (builderPaths: string[], writerHandoffs: string[]) => {
    const org = emptyOrg();
    const records: Record<string, EntityRecord> = {
      writer: {
        id: "writer",
        name: "writer",
        role: "writer",
        fence: { allowedPaths: ["docs/**"] },
        handoffCandidates: writerHandoffs,
      },
      // A registry profile keeps its fence in policyFence.
      builder: { id: "builder", name: "builder", role: "builder", policyFence: { allowedPaths: builderPaths } },
    };
    org["worker-profiles"] = records as OrgRecords["worker-profiles"];
    return org;
  };

  it("reports a worker profile's own fence widening and the reach it gives others", () => {
    const p = plan(profiles(["src/**"], ["builder"]), profiles(["src/**", "infra/**"], ["builder"]));
    expect(p.changes.filter((c) => c.kind === "access")).toEqual([
      expect.objectContaining({
        action: "widen",
        id: "builder",
        field: "allowedPaths",
        entry: "infra/**",
        via: "worker profile",
      }),
    ]);
    expect(p.changes.filter((c) => c.kind === "reach")).toEqual([
      expect.objectContaining({
        action: "widen",
        id: "writer",
        entry: "infra/**",
        detail: "writer → handoff → builder: edit infra/**",
      }),
    ]);
    expect(p.summary).toMatchObject({ widens: 1, reachWidens: 1 });
  });

  it("reports a reach widening from a new handoff alone", () => {
    const p = plan(profiles(["src/**"], []), profiles(["src/**"], ["builder"]));
    expect(p.changes.filter((c) => c.kind === "access")).toEqual([]);
    expect(renderText(p)).toContain(
      '! REACH WIDENS writer allowedPaths: + "src/**"  (writer → handoff → builder: edit src/**)',
    );
  });
});
