import { describe, expect, it } from "vitest";
import { buildIndex } from "@/lib/org/org-index";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { validateDraft, validateOrg } from "@/lib/org/validate";
import { PATCH_SCHEMAS } from "./patch";
import { contractView, specialistView, teamView } from "./views";

describe("lenient views", () => {
  it("drop a mistyped field and keep the valid ones", () => {
    const view = specialistView({
      id: "cx-writer",
      team: 42,
      role: "writer",
      modelTier: "huge",
      skills: ["docs/write", 7, null, "docs/review"],
      fence: { allowedPaths: "docs/**", deniedActions: ["push"] },
      somethingElse: true,
    });
    expect(view).toEqual({
      id: "cx-writer",
      role: "writer",
      skills: ["docs/write", "docs/review"],
      fence: { deniedActions: ["push"] },
    });
  });

  it("read nested objects and free-form maps by their declared types", () => {
    const view = contractView({
      id: "c",
      output: { schema: 3, mustContainOneOf: [["a", 1], "b"], mustMatchEnum: { status: ["ok", 2], bad: "x" } },
      teamBoundary: { crosses: "yes", producerTeam: "core-team" },
      postconditions: ["legacy", { description: "d", postconditionType: "sometimes", check: "artifact-has-table" }, 5],
    });
    expect(view.output).toEqual({ mustContainOneOf: [["a"]], mustMatchEnum: { status: ["ok"] } });
    expect(view.teamBoundary).toEqual({ producerTeam: "core-team" });
    expect(view.postconditions).toEqual(["legacy", { description: "d", check: "artifact-has-table" }]);
  });

  it("are empty, not a crash, for a value that is no record at all", () => {
    expect(teamView(null)).toEqual({});
    expect(teamView(["core-team"])).toEqual({});
    expect(specialistView("cx-writer")).toEqual({});
  });
});

describe("rules over mistyped records", () => {
  it("report a mistyped team as the right FieldErrors instead of crashing", () => {
    const ix = buildIndex(smallOrg());
    const draft = { ...smallOrg().specialists["cx-engineer"], team: { id: "core-team" } };
    const result = validateDraft(ix, "specialist", draft);
    const atTeam = result.errors.filter((e) => e.field === "team").map((e) => e.id);
    // The schema's type error and the graph rule's missing team, both at /team.
    expect(atTeam).toContain("specialist-missing-team");
    expect(atTeam.some((id) => id !== "specialist-missing-team")).toBe(true);
  });

  it("validate a whole org whose lists hold mistyped items", () => {
    const org = smallOrg();
    (org.teams["core-team"] as Record<string, unknown>).roles = ["architect", 5, "engineer"];
    (org.teams["core-team"] as Record<string, unknown>).escalationPath = "architect";
    const problems = validateOrg(buildIndex(org));
    expect(problems.some((p) => p.location.startsWith("#/teams/core-team/roles"))).toBe(true);
    expect(problems.some((p) => p.location === "#/teams/core-team/escalationPath")).toBe(true);
  });
});

describe("PATCH bodies", () => {
  it("name the kind's fields and leave values to the merged record's validation", () => {
    const parsed = PATCH_SCHEMAS.specialist.safeParse({ team: 5, description: null, extra: "kept" });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ team: 5, description: null, extra: "kept" });
  });

  it("refuse a body that is not an object", () => {
    expect(PATCH_SCHEMAS.team.safeParse(["roles"]).success).toBe(false);
    expect(PATCH_SCHEMAS.team.safeParse("roles").success).toBe(false);
  });
});
