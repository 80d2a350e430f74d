import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { planSchema } from "@/schemas/plan";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs, readBuiltin, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/** `plan` in a real git repository with real commits, run as the real bin. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;

const git = (args: string[], cwd = root) =>
  execFileSync(
    "git",
    ["-c", "user.email=t@example.com", "-c", "user.name=Test", "-c", "init.defaultBranch=main", ...args],
    {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
const cli = (args: string[], cwd = root) =>
  runCli(args, { cwd, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") } });
const orgDir = () => path.join(root, ".cx", "org");

async function reviewerWith(commands: string[]) {
  const builtin = await readBuiltin("specialists", "cx-reviewer");
  const fence = builtin.fence as Record<string, unknown>;
  // A project override holds only the field it changes.
  await writeRecord(orgDir(), "specialists", { id: "cx-reviewer", fence: { ...fence, allowedCommands: commands } });
}

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-plan-"));
  git(["init", "-q"]);
  const builtin = await readBuiltin("specialists", "cx-reviewer");
  await reviewerWith((builtin.fence as { allowedCommands: string[] }).allowedCommands);
  git(["add", "-A"]);
  git(["commit", "-qm", "first"]);
});

afterEach(async () => {
  await cleanup();
});

// Each case runs the real bin several times; under a full parallel run that takes more than the default 30 s.
describe("plan against git", { timeout: 180_000 }, () => {
  it("exits 0 and says so when the org is as committed", async () => {
    const run = await cli(["plan"]);
    // Only the line naming the generation the command works on.
    expect(run.stderr).toMatch(/^construct-studio: the earlier org \(specialists, teams\) — [^\n]*\n$/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Comparing the org now with git revision HEAD");
    expect(run.stdout).toContain("No changes.");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("Plan: 0 to add, 0 to change, 0 to remove");
  });

  it("shows a widening edit in every format, exits 0 (1 with --fail-on change), and never touches the work tree, the index or .git", async () => {
    const builtin = await readBuiltin("specialists", "cx-reviewer");
    await reviewerWith([...(builtin.fence as { allowedCommands: string[] }).allowedCommands, "git push"]);
    const before = await treeOf(root);

    // A change is what a plan shows, not a failure: a gate says which changes fail a build.
    const text = await cli(["plan"]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("~ specialist cx-reviewer  (.cx/org/specialists/cx-reviewer.json)");
    expect(text.stdout).toContain('~ cx-reviewer fence.allowedCommands: + "git push"');
    expect(text.stdout).toContain(
      '! WIDENS cx-reviewer allowedCommands: + "git push"  (may now run "git push"; via specialist)',
    );
    // A push line grants no one a push (that takes approvalRequired), so no one reaches more through it.
    expect(text.stdout).not.toContain("REACH WIDENS");
    expect(text.stdout.trim().split("\n").at(-1)).toBe(
      "Plan: 0 to add, 1 to change, 0 to remove; 1 widens access; 1 problem(s) introduced",
    );

    const json = await cli(["plan", "--format", "json"]);
    expect(json.code).toBe(0);
    const plan = planSchema.parse(JSON.parse(json.stdout));
    expect(plan.summary).toMatchObject({ add: 0, change: 1, remove: 0, widens: 1 });
    for (const c of plan.changes) expect(c.kind && c.id).toBeTruthy();

    const gh = await cli(["plan", "--format", "github"]);
    expect(gh.stdout).toMatch(/^::warning file=\.cx\/org\/specialists\/cx-reviewer\.json,title=widen access::/m);

    const md = await cli(["plan", "--format", "markdown"]);
    expect(md.stdout).toContain("### Org plan");
    // A `git push` line in allowedCommands is also a fence-rule-ineffective warning: the problem introduced.
    expect(md.stdout).toContain("| 0 | 1 | 0 | 1 | 0 | 1 | 0 |");

    const failing = await cli(["plan", "--fail-on", "widen"]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain("1 specialist(s) gain access (--fail-on widen)");
    const errorsOnly = await cli(["plan", "--fail-on", "errors"]);
    expect(errorsOnly.code).toBe(0);
    const anyChange = await cli(["plan", "--fail-on", "change"]);
    expect(anyChange.code).toBe(1);
    expect(anyChange.stderr).toContain("the org changed (--fail-on change)");
    // A typo is a usage mistake (2), never a tripped gate (1).
    const typo = await cli(["plan", "--fail-on", "widn"]);
    expect(typo.code).toBe(2);
    expect((await cli(["plan", "--bogus"])).code).toBe(2);

    expect(await treeOf(root)).toEqual(before);
    expect(git(["status", "--porcelain"])).toBe(" M .cx/org/specialists/cx-reviewer.json\n");
  });

  it("compares with an older revision: a rename is a remove plus an add, and a broken reference is an error introduced", async () => {
    await writeRecord(orgDir(), "specialists", specialistRecord("cx-tester"));
    git(["add", "-A"]);
    git(["commit", "-qm", "add tester"]);
    await fs.rm(path.join(orgDir(), "specialists", "cx-tester.json"));
    await writeRecord(
      orgDir(),
      "specialists",
      specialistRecord("cx-checker", { handoffCandidates: ["nobody-has-this-role"] }),
    );
    const run = await cli(["plan", "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const plan = planSchema.parse(JSON.parse(run.stdout));
    expect(plan.against).toMatchObject({ kind: "git", ref: "HEAD" });
    expect(plan.changes.filter((c) => c.kind === "entity").map((c) => `${c.action} ${c.id}`)).toEqual([
      "remove cx-tester",
      "add cx-checker",
    ]);
    expect(plan.summary.errorsIntroduced + plan.summary.problemsIntroduced).toBeGreaterThan(0);
    const fail = await cli(["plan", "--fail-on", "widen,errors"]);
    expect(fail.code).toBe(1);

    const older = await cli(["plan", "--against", "HEAD~1", "--format", "json"]);
    const p1 = planSchema.parse(JSON.parse(older.stdout));
    expect(p1.changes.filter((c) => c.kind === "entity").map((c) => `${c.action} ${c.id}`)).toEqual(["add cx-checker"]);
  });

  it("refuses an unknown revision, naming it, with exit 1 and nothing written", async () => {
    const before = await treeOf(root);
    const run = await cli(["plan", "--against", "no-such-branch"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown revision "no-such-branch"');
    expect(run.stdout).toBe("");
    expect(await treeOf(root)).toEqual(before);
  });

  it("says a shallow clone lacks the revision", async () => {
    await reviewerWith(["git diff"]);
    git(["commit", "-qam", "second"]);
    const clone = path.join(base, "shallow");
    git(["clone", "-q", "--depth", "1", `file://${root}`, clone], base);
    const before = await treeOf(clone);
    const run = await cli(["plan", "--against", "HEAD~1"], clone);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('revision "HEAD~1" is not in this shallow clone');
    expect(await treeOf(clone)).toEqual(before);
  });

  it("refuses conflict markers in an org file, in the work tree or at the revision, naming the file", async () => {
    const file = path.join(orgDir(), "specialists", "cx-reviewer.json");
    const good = await fs.readFile(file, "utf8");
    await fs.writeFile(file, `<<<<<<< HEAD\n${good}=======\n{}\n>>>>>>> topic\n`);
    const before = await treeOf(root);
    const run = await cli(["plan"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(".cx/org/specialists/cx-reviewer.json holds git conflict markers");
    expect(await treeOf(root)).toEqual(before);

    git(["commit", "-qam", "a bad merge"]);
    await fs.writeFile(file, good);
    const atRev = await cli(["plan"]);
    expect(atRev.code).toBe(1);
    expect(atRev.stderr).toContain("HEAD:.cx/org/specialists/cx-reviewer.json holds git conflict markers");
  });
});

describe("plan against an export, and outside git", { timeout: 180_000 }, () => {
  it("compares with an exported org file and refuses a file that is not one", async () => {
    const exported = path.join(base, "org-export.json");
    expect((await cli(["export", "--out", exported])).code).toBe(0);
    expect((await cli(["plan", "--against", exported])).code).toBe(0);
    await writeRecord(orgDir(), "specialists", specialistRecord("cx-extra"));
    const run = await cli(["plan", "--against", exported]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Comparing the org now with export ${exported}`);
    expect(run.stdout).toContain("+ specialist cx-extra");

    const notExport = path.join(base, "package.json");
    await fs.writeFile(notExport, JSON.stringify({ name: "x", version: "1.0.0" }));
    const before = await treeOf(base);
    const bad = await cli(["plan", "--against", notExport]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${notExport} is not an org export`);
    const missing = await cli(["plan", "--against", path.join(base, "nope.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("nope.json: no such file");
    expect(await treeOf(base)).toEqual(before);
  });

  it("outside a git repository compares with the built-in tier and says so", async () => {
    await fs.rm(path.join(root, ".git"), { recursive: true });
    expect((await cli(["plan"])).code).toBe(0);
    await writeRecord(orgDir(), "specialists", specialistRecord("cx-outside"));
    const run = await cli(["plan"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("the built-in tier");
    expect(run.stdout).toContain("not in a git repository: compared with the built-in tier alone");
    expect(run.stdout).toContain("+ specialist cx-outside");
    const explicit = await cli(["plan", "--against", "main"]);
    expect(explicit.code).toBe(1);
    expect(explicit.stderr).toContain("not in a git repository");
  });
});
