import { describe, expect, it } from "vitest";
import { reachOrg, spec, workerProfileOrg } from "@/lib/access/reach-org.fixture";
import { orgTestRunSchema } from "@/schemas/org-test";
import { belowMinCoverage, formatPercent, renderCoverage } from "./coverage";
import { runOrgTests } from "./run";

const file = "tests/fence.test.json";
const fenceCase = (specialist: string, action: string, target: string, expect: string) => ({
  name: `${specialist} ${action} ${target}`.trim(),
  specialist,
  action,
  target,
  expect,
});
const covered = (org = reachOrg(), cases: unknown[] = []) => {
  const run = runOrgTests(org, [{ file, value: { cases } }], { coverage: true });
  orgTestRunSchema.parse(run);
  if (!run.coverage) throw new Error("no coverage");
  return run.coverage;
};
const entriesOf = (coverage: ReturnType<typeof covered>, id: string) =>
  coverage.principals.find((p) => p.id === id)?.entries.map((e) => [e.list, e.entry, e.by.map((b) => b.index)]);

describe("fence coverage", () => {
  it("counts the entry each decision names: paths, commands, approvals, denials and labels", () => {
    const org = reachOrg();
    org.specialists["cx-engineer"].fence = {
      allowedPaths: ["src/**", "lib/**"],
      allowedCommands: ["npm test", "npm run lint"],
      allowedBdLabels: ["ops"],
      approvalRequired: ["push", "bash"],
      deniedActions: ["edit:src/secret/**"],
    };
    const coverage = covered(org, [
      fenceCase("cx-engineer", "edit", "src/a.ts", "allowed"),
      fenceCase("cx-engineer", "bash", "npm test && npm run lint", "allowed"),
      fenceCase("cx-engineer", "bash", "git push", "needs-approval"),
      fenceCase("cx-engineer", "edit", "src/secret/k", "denied"),
      fenceCase("cx-engineer", "bd-label", "ops,next:x", "allowed"),
      // A failing case exercises what decided all the same, as in `opa test --coverage`.
      fenceCase("cx-engineer", "edit", "src/b.ts", "outside-fence"),
    ]);
    expect(entriesOf(coverage, "cx-engineer")).toEqual([
      ["allowedPaths", "src/**", [0, 5]],
      ["allowedPaths", "lib/**", []],
      ["allowedCommands", "npm test", [1]],
      ["allowedCommands", "npm run lint", [1]],
      ["allowedBdLabels", "ops", [4]],
      ["approvalRequired", "push", [2]],
      ["approvalRequired", "bash", []],
      ["deniedActions", "edit:src/secret/**", [3]],
    ]);
    expect(coverage.principals.find((p) => p.id === "cx-engineer")).toMatchObject({ tested: 6, total: 8 });
  });

  it("totals over every principal with a fence entry, leaving out those with none", () => {
    const org = reachOrg();
    // No team: the effective fence is empty, so there is nothing to cover.
    org.specialists["cx-loner"] = spec("cx-loner", "loner", undefined, { allowedPaths: ["x/**"] });
    org.specialists["cx-empty"] = spec("cx-empty", "tester", "eng", {});
    const coverage = covered(org, [fenceCase("cx-lead", "edit", "anything", "allowed")]);
    expect(coverage.principals.map((p) => [p.id, p.tested, p.total])).toEqual([
      ["cx-engineer", 0, 3],
      ["cx-lead", 1, 1],
      ["cx-reviewer", 0, 2],
      ["cx-tester", 0, 1],
    ]);
    expect(coverage).toMatchObject({ tested: 1, total: 7 });
    expect(formatPercent(coverage.percent)).toBe("14.2%");
  });

  it("counts a never-reaches case for the denials that stop it, or the entry that grants it", () => {
    const coverage = covered(reachOrg(), [
      { ...fenceCase("cx-reviewer", "edit", "secrets/k", "unreachable") },
      { ...fenceCase("cx-tester", "bash", "npm test", "unreachable") },
    ]);
    expect(entriesOf(coverage, "cx-reviewer")).toEqual([
      ["allowedPaths", "docs/**", []],
      ["deniedActions", "edit:secrets/**", [0]],
    ]);
    // The case fails through cx-tester → cx-reviewer → cx-engineer, whose entry it exercises.
    expect(entriesOf(coverage, "cx-engineer")?.find((e) => e[1] === "npm test")).toEqual([
      "allowedCommands",
      "npm test",
      [1],
    ]);
    expect(entriesOf(coverage, "cx-tester")).toEqual([["allowedPaths", "test/**", []]]);
  });

  it("covers Construct 2.x worker profiles, each with its own fence", () => {
    const coverage = covered(workerProfileOrg(), [fenceCase("builder", "bash", "npm test", "allowed")]);
    expect(coverage.principals.map((p) => [p.id, p.kind, p.tested, p.total])).toEqual([
      ["builder", "worker-profile", 1, 2],
      ["writer", "worker-profile", 0, 1],
    ]);
  });

  it("leaves out what the team takes away and the denials it adds, which no case can exercise as the fence's own", () => {
    const org = reachOrg();
    org.teams.eng = { ...org.teams.eng, forbiddenDecisions: ["push", "architecture"] };
    const coverage = covered(org, [fenceCase("cx-engineer", "push", "", "denied")]);
    expect(entriesOf(coverage, "cx-engineer")).toEqual([
      ["allowedPaths", "src/**", []],
      ["allowedCommands", "npm test", []],
    ]);
    expect(entriesOf(coverage, "cx-reviewer")?.map((e) => e[1])).toEqual(["docs/**", "edit:secrets/**"]);
  });

  it("is left out unless asked for, and is 100% with nothing to cover", () => {
    expect(runOrgTests(reachOrg(), [{ file, value: { cases: [] } }])).not.toHaveProperty("coverage");
    const none = runOrgTests({ ...reachOrg(), specialists: {} }, [], { coverage: true }).coverage;
    expect(none).toEqual({ tested: 0, total: 0, percent: 100, principals: [] });
    if (none) expect(renderCoverage(none)).toBe("coverage: no specialist has a fence entry to exercise\n");
  });

  it("holds a threshold exactly, and never rounds a figure up to it", () => {
    const coverage = covered(reachOrg(), [
      fenceCase("cx-lead", "edit", "a", "allowed"),
      fenceCase("cx-tester", "edit", "test/a", "allowed"),
    ]);
    expect(coverage).toMatchObject({ tested: 2, total: 7 });
    expect(belowMinCoverage(coverage, 28)).toBe(false);
    expect(belowMinCoverage(coverage, 28.6)).toBe(true);
    expect(formatPercent(coverage.percent)).toBe("28.5%");
    expect(formatPercent((2 * 100) / 3)).toBe("66.6%");
    expect(formatPercent(99.99)).toBe("99.9%");
    expect(renderCoverage(coverage).split("\n")).toEqual([
      'COVERAGE cx-engineer 0/3 (0.0%): tested none; untested allowedPaths "src/**", allowedCommands "npm test", approvalRequired "push"',
      'COVERAGE cx-lead 1/1 (100.0%): tested allowedPaths "**"; untested none',
      'COVERAGE cx-reviewer 0/2 (0.0%): tested none; untested allowedPaths "docs/**", deniedActions "edit:secrets/**"',
      'COVERAGE cx-tester 1/1 (100.0%): tested allowedPaths "test/**"; untested none',
      "coverage: 2 of 7 fence entries exercised (28.5%)",
      "",
    ]);
  });
});
