import { describe, expect, it } from "vitest";
import { buildIndex } from "@/lib/org/org-index";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { shapeErrors, validateDraft, validateNewTeam, validateOrg } from "@/lib/org/validate";
import type { EntityRecord } from "@/schemas/kinds";

/**
 * Validator differences from Construct not covered beside their rules (validate.test.ts,
 * validate-draft.test.ts): input, our answer, and in a comment Construct's answer.
 */

const brief = (problems: { id: string; severity: string; location: string }[]) =>
  problems.map((p) => `${p.severity} ${p.id} ${p.location}`).sort();

describe("a missing or bad id never silences the other rules", () => {
  it("a team without an id still reports that its roles lack its owner", () => {
    // Construct: custom-team-roles ("roles" must include the owner role), whatever the id.
    const org = smallOrg();
    const team: EntityRecord = { ...org.teams["core-team"], roles: ["engineer"] };
    delete team.id;
    const result = validateDraft(buildIndex(org), "team", team);
    expect(brief(result.errors)).toContain("error custom-team-roles #/teams//roles");
    expect(brief(result.errors)).toContain("error invalid-id #/teams//id");
  });

  it("a contract with a bad id reports custom-contract-id and its unknown party", () => {
    // Construct: custom-contract-id, and contract-unknown-consumer for cx-ghost.
    const org = smallOrg();
    const contract = { ...org.contracts["architect-to-engineer"], id: "Bad_Id", consumer: "cx-ghost" };
    expect(brief(validateDraft(buildIndex(org), "contract", contract).errors)).toEqual([
      "error contract-unknown-consumer #/contracts/Bad_Id/consumer",
      "error custom-contract-consumer #/contracts/Bad_Id/consumer",
      "error custom-contract-id #/contracts/Bad_Id/id",
    ]);
  });
});

describe("stricter checks Construct lacks are warnings", () => {
  it.each([
    ["displayName as a number", { displayName: 7 }, "custom-specialist-display-name"],
    ["a role name with spaces", { role: "Senior Architect" }, "custom-specialist-role"],
    ["an unknown reasoningEffort", { reasoningEffort: "extreme" }, "custom-specialist-reasoning-effort"],
    ["teamId different from team", { teamId: "product-team" }, "custom-specialist-team-id"],
  ])("%s is a warning (Construct: accepted)", (_what, change, rule) => {
    const org = smallOrg();
    const draft = { ...org.specialists["cx-architect"], ...change };
    const result = validateDraft(buildIndex(org), "specialist", draft);
    expect(result.warnings.map((w) => w.id)).toContain(rule);
    expect(result.errors.filter((e) => e.location.startsWith("#/specialists/cx-architect"))).toEqual([]);
  });

  it("a misspelt fence key stays an error (safety: it would grant nothing while looking right)", () => {
    // Construct: accepted. Kept as an error here.
    const org = smallOrg();
    const draft = { ...org.specialists["cx-architect"], fence: { allowedPaths: ["docs/**"], allowedCommand: ["ls"] } };
    expect(validateDraft(buildIndex(org), "specialist", draft).errors.map((e) => e.id)).toEqual([
      "custom-specialist-unknown-field",
    ]);
  });
});

describe("Construct 2.1.1 reads a worker profile's name, description and claudeTools through String()", () => {
  const profile = {
    name: "widget-worker",
    description: "Owns widget implementation end to end",
    role: "widget-worker",
    modelTier: "standard",
    skills: ["development/typescript"],
    fence: { allowedPaths: ["src/**"] },
  };
  it.each([
    ["a name in a list", { name: ["widget-worker"] }, "worker-profile-name"],
    [
      "a description in a list",
      { description: ["Owns widget implementation end to end"] },
      "worker-profile-description",
    ],
    ["claudeTools as a list", { claudeTools: ["Read", "Grep"] }, "worker-profile-claude-tools"],
  ])("%s is a warning (Construct: accepted)", (_what, change, rule) => {
    const problems = shapeErrors("worker-profile", "widget-worker", { ...profile, ...change });
    expect(brief(problems)).toEqual([`warning ${rule} #/worker-profiles/widget-worker/${Object.keys(change)[0]}`]);
  });

  it("what String() makes of a value still meets Construct's rule: an unknown tool is an error", () => {
    const problems = shapeErrors("worker-profile", "widget-worker", { ...profile, claudeTools: ["Read", "Nope"] });
    expect(brief(problems)).toEqual(["error worker-profile-claude-tools #/worker-profiles/widget-worker/claudeTools"]);
  });
});

describe("our fixes of upstream bugs stay", () => {
  it("a numeric name is a FieldError (Construct throws)", () => {
    const org = smallOrg();
    const draft = { ...org.specialists["cx-architect"], name: 42 };
    expect(validateDraft(buildIndex(org), "specialist", draft).errors.map((e) => e.id)).toContain(
      "custom-specialist-name",
    );
  });

  it('a team named "unknown" is an unknown team, and a role named "owner" owns nothing', () => {
    // Construct: tolerates team "unknown"; counts role "owner" as any team's owner.
    const org = smallOrg();
    org.specialists["cx-engineer"].team = "unknown";
    org.specialists["cx-architect"].role = "owner";
    const problems = brief(validateOrg(buildIndex(org)));
    expect(problems).toContain("error specialist-unknown-team #/specialists/cx-engineer/team");
    expect(problems).toContain("error team-no-owner-specialist #/teams/core-team/owner");
  });

  it("a name collision is reported on every record involved", () => {
    // Construct: only on the later record.
    const org = smallOrg();
    org.specialists["cx-engineer"].name = org.specialists["cx-architect"].name;
    expect(brief(validateOrg(buildIndex(org))).filter((p) => p.includes("name-collision"))).toEqual([
      "error specialist-name-collision #/specialists/cx-architect/name",
      "error specialist-name-collision #/specialists/cx-engineer/name",
    ]);
  });
});

describe("New team: validated with its owner specialist moved in", () => {
  const team = { id: "ops-team", name: "Ops", owner: "engineer", roles: ["engineer"], charter: "Keeps production up." };
  it("is clean when the owner specialist joins and its former team keeps its owner", () => {
    const org = smallOrg();
    const result = validateNewTeam(
      buildIndex(org),
      { ...team, charter: "Keeps production running day and night." },
      "cx-engineer",
    );
    expect(result).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it("reports the former team losing its owner, and an unknown specialist", () => {
    const org = smallOrg();
    const moved = validateNewTeam(
      buildIndex(org),
      { ...team, owner: "architect", roles: ["architect"], charter: "Keeps production running day and night." },
      "cx-architect",
    );
    expect(brief(moved.errors)).toContain("error team-no-owner-specialist #/teams/core-team/owner");
    expect(brief(validateNewTeam(buildIndex(org), team, "cx-ghost").errors)).toContain(
      "error team-owner-specialist-unknown #/teams/ops-team/ownerSpecialist",
    );
  });
});
