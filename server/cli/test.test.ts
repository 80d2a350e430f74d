import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { orgTestRunSchema } from "@/schemas/org-test";
import { planSchema } from "@/schemas/plan";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs, readBuiltin, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";
import { manifest, writePack } from "../packs/test-support/pack-fixtures";

/** `test` (and the routing moves `plan` takes from it), run as the real bin on a temporary project. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;

const cli = (args: string[]) =>
  runCli(args, { cwd: root, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") } });
const testsDir = () => path.join(root, ".cx", "tests");
async function writeTests(name: string, value: unknown, dir = testsDir()) {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-orgtest-"));
});

afterEach(async () => {
  await cleanup();
});

const reviewerCases = [
  {
    name: "reviewer reads diffs",
    specialist: "cx-reviewer",
    action: "bash",
    target: "git diff HEAD~1",
    expect: "allowed",
  },
  {
    name: "reviewer never pushes unasked",
    specialist: "cx-reviewer",
    action: "bash",
    target: "git push",
    expect: "needs-approval",
  },
  { name: "reviews route to the reviewer", task: "code review of a pull request", expect: { top: "cx-reviewer" } },
];

// Each case runs the real bin several times; under a full parallel run that takes more than the default 30 s.
describe("construct-studio test", { timeout: 180_000 }, () => {
  it("passes on the built-in org: one PASS line per case, a summary, exit 0", async () => {
    await writeTests("reviewer.test.json", { cases: reviewerCases });
    const run = await cli(["test"]);
    // Only the line naming the generation the command works on.
    expect(run.stderr).toMatch(/^construct-studio: the earlier org \(specialists, teams\) — [^\n]*\n$/);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.filter((l) => l.startsWith("PASS .cx/tests/reviewer.test.json"))).toHaveLength(3);
    expect(lines.at(-1)).toBe("3 passed, 0 failed, 0 invalid");
    const json = orgTestRunSchema.parse(JSON.parse((await cli(["test", "--format", "json"])).stdout));
    expect(json.summary.passed).toBe(3);
  });

  it("fails with exit 1 when an edit breaks a case, and says which rule decided", async () => {
    await writeTests("reviewer.test.json", { cases: reviewerCases });
    const builtin = await readBuiltin("specialists", "cx-reviewer");
    const fence = builtin.fence as { allowedCommands: string[] };
    await writeRecord(path.join(root, ".cx", "org"), "specialists", {
      id: "cx-reviewer",
      fence: { ...fence, allowedCommands: fence.allowedCommands.filter((c) => c !== "git diff") },
    });
    const run = await cli(["test"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'FAIL .cx/tests/reviewer.test.json "reviewer reads diffs": bash git diff HEAD~1 → needs-approval by approvalRequired[2] "bash"',
    );
    expect(run.stdout.trim().split("\n").at(-1)).toBe("2 passed, 1 failed, 0 invalid");
    const gh = await cli(["test", "--format", "github"]);
    expect(gh.code).toBe(1);
    expect(gh.stdout).toMatch(
      /^::error file=\.cx\/tests\/reviewer\.test\.json,title=org test failed::reviewer reads diffs/m,
    );
  });

  it("reports a malformed file and an unknown specialist with file and pointer, runs the rest, changes nothing", async () => {
    await writeTests("a.test.json", {
      cases: [
        { name: "ghost", specialist: "cx-ghost", action: "edit", target: "x", expect: "allowed" },
        { name: "deploys", specialist: "cx-reviewer", action: "deploy", expect: "allowed" },
        reviewerCases[0],
      ],
    });
    await writeTests("b.test.json", "{ not json");
    const before = await treeOf(root);
    const run = await cli(["test"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("PASS .cx/tests/a.test.json");
    expect(run.stdout).toContain("INVALID .cx/tests/a.test.json #/cases/0/specialist: test-unknown-specialist");
    expect(run.stdout).toContain("INVALID .cx/tests/a.test.json #/cases/1/action: test-unknown-action");
    expect(run.stdout).toMatch(/INVALID \.cx\/tests\/b\.test\.json #: test-file-unreadable/);
    expect(await treeOf(root)).toEqual(before);
  });

  it("runs the tests an enabled pack ships", async () => {
    const packs = path.join(root, ".cx", "packs");
    const dir = await writePack(packs, "review-pack", manifest("review-pack"));
    await writeTests("pack.test.json", { cases: [reviewerCases[2]] }, path.join(dir, "tests"));
    await fs.writeFile(
      path.join(root, ".cx", "packs.json"),
      JSON.stringify({ version: 1, enabled: { "review-pack": {} } }),
    );
    const run = await cli(["test"]);
    expect(run.stdout).toContain("PASS .cx/packs/review-pack/tests/pack.test.json");
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it("plan reports a routing move for a saved routing test", async () => {
    execFileSync("git", ["init", "-q"], { cwd: root });
    await writeTests("routing.test.json", { cases: [reviewerCases[2]] });
    execFileSync("git", ["-c", "user.email=t@e", "-c", "user.name=T", "add", "-A"], { cwd: root });
    execFileSync("git", ["-c", "user.email=t@e", "-c", "user.name=T", "commit", "-qm", "one"], { cwd: root });
    // A specialist written for exactly this task takes the top of the ranking.
    await writeRecord(
      path.join(root, ".cx", "org"),
      "specialists",
      specialistRecord("cx-pr-reviewer", {
        team: "quality-team",
        description: "Code review of every pull request.",
        when_to_use: "Code review of a pull request; pull request review; code review.",
      }),
    );
    const run = await cli(["plan", "--format", "json"]);
    const plan = planSchema.parse(JSON.parse(run.stdout));
    const move = plan.changes.find((c) => c.kind === "route");
    expect(move).toMatchObject({ id: "reviews route to the reviewer", file: ".cx/tests/routing.test.json" });
    expect(move && "before" in move ? [move.before[0], move.after[0]] : []).toEqual(["cx-reviewer", "cx-pr-reviewer"]);
    expect(plan.summary.routingMoves).toBe(1);
  });
});
