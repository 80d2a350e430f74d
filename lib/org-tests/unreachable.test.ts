import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { reachOrg, workerProfileOrg } from "@/lib/access/reach-org.fixture";
import { fileJsonSchema } from "@/schemas/file-kinds";
import { renderTestRun, runOrgTests } from "./run";

const file = "tests/reach.test.json";
const never = (specialist: string, action: string, target = "") => ({
  name: `${specialist} never ${action} ${target}`.trim(),
  specialist,
  action,
  target,
  expect: "unreachable",
});

describe('"never reaches" cases', () => {
  it("pass when no path grants the action, and fail naming the path that does", () => {
    const run = runOrgTests(reachOrg(), [
      {
        file,
        value: {
          cases: [
            never("cx-reviewer", "edit", "secrets/key.pem"),
            never("cx-reviewer", "edit", "src/app.ts"),
            never("cx-reviewer", "push"),
          ],
        },
      },
    ]);
    expect(run.problems).toEqual([]);
    expect(run.results.map((r) => [r.kind, r.pass, r.detail])).toEqual([
      ["fence", true, "edit secrets/key.pem → unreachable: no path from cx-reviewer grants it (2 others reached)"],
      [
        "fence",
        false,
        'edit src/app.ts → reachable: cx-reviewer → handoff → cx-engineer: edit src/app.ts by allowedPaths[0] "src/**"; expected unreachable',
      ],
      [
        "fence",
        false,
        'push → reachable: cx-reviewer → handoff → cx-engineer: push (with approval) by approvalRequired[0] "push"; expected unreachable',
      ],
    ]);
    expect(renderTestRun(run, "text")).toContain(
      'FAIL tests/reach.test.json "cx-reviewer never edit src/app.ts": edit src/app.ts → reachable: cx-reviewer → handoff → cx-engineer',
    );
  });

  it("terminate on a cycle of handoffs, following it all the way round", () => {
    const run = runOrgTests(reachOrg(), [
      { file, value: { cases: [never("cx-tester", "edit", "src/a.ts"), never("cx-tester", "bd-label", "ops")] } },
    ]);
    expect(run.results.map((r) => r.pass)).toEqual([false, true]);
    expect(run.results[0].detail).toContain("cx-tester → handoff → cx-reviewer → handoff → cx-engineer: edit src/a.ts");
  });

  it("count escalations: a task that escalates to whoever may do it reaches it", () => {
    const org = reachOrg();
    org.teams.eng = { ...org.teams.eng, escalationPath: ["lead"] };
    const run = runOrgTests(org, [{ file, value: { cases: [never("cx-reviewer", "edit", "etc/passwd")] } }]);
    expect(run.results[0]).toMatchObject({
      pass: false,
      detail:
        'edit etc/passwd → reachable: cx-reviewer → escalation → cx-lead: edit etc/passwd by allowedPaths[0] "**"; expected unreachable',
    });
  });

  it("report an unknown specialist as the same problem a fence case gets", () => {
    const run = runOrgTests(reachOrg(), [{ file, value: { cases: [never("cx-ghost", "edit", "a")] } }]);
    expect(run.results).toEqual([]);
    expect(run.problems.map((p) => [p.id, p.location, p.message])).toEqual([
      ["test-unknown-specialist", "#/cases/0/specialist", `${file}: no specialist "cx-ghost" in the org`],
    ]);
  });

  it("name the expectations a case may have when one is misspelled; the JSON Schema `schemas` writes accepts unreachable", () => {
    const run = runOrgTests(reachOrg(), [
      { file, value: { cases: [{ ...never("cx-reviewer", "push"), expect: "never" }] } },
    ]);
    expect(run.problems.map((p) => [p.id, p.location])).toEqual([["test-case-invalid-expect", "#/cases/0/expect"]]);
    expect(run.problems[0].message).toContain("allowed, needs-approval, outside-fence, denied, unreachable");
    const validate = new Ajv2020({ strict: false }).compile(fileJsonSchema("org-test"));
    expect(validate({ cases: [never("cx-reviewer", "push")] })).toBe(true);
    expect(validate({ cases: [{ ...never("cx-reviewer", "push"), expect: "never" }] })).toBe(false);
  });

  it("run for Construct 2.x worker profiles, fence cases and never-reaches cases alike", () => {
    const run = runOrgTests(workerProfileOrg(), [
      {
        file,
        value: {
          cases: [
            { name: "writer edits docs", specialist: "writer", action: "edit", target: "docs/a.md", expect: "allowed" },
            never("writer", "bash", "npm test"),
            never("builder", "edit", "docs/a.md"),
          ],
        },
      },
    ]);
    expect(run.problems).toEqual([]);
    expect(run.results.map((r) => [r.pass, r.detail])).toEqual([
      [true, 'edit docs/a.md → allowed by allowedPaths[0] "docs/**" (inside-fence)'],
      [
        false,
        'bash npm test → reachable: writer → handoff → builder: bash npm test by allowedCommands[0] "npm test"; expected unreachable',
      ],
      [true, "edit docs/a.md → unreachable: no path from builder grants it (0 others reached)"],
    ]);
  });
});
