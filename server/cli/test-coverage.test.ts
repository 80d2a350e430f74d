import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { orgTestRunSchema } from "@/schemas/org-test";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/** `test --coverage` and `--min-coverage`, and "never reaches" cases, run as the real bin on a temporary project. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;

const cli = (args: string[]) =>
  runCli(args, { cwd: root, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") } });
async function writeTests(name: string, value: unknown) {
  const dir = path.join(root, ".cx", "tests");
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), JSON.stringify(value, null, 2));
}

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-orgcov-"));
});

afterEach(async () => {
  await cleanup();
});

const cases = [
  { name: "reviewer reads diffs", specialist: "cx-reviewer", action: "bash", target: "git diff", expect: "allowed" },
  {
    name: "no one the reviewer reaches labels a deploy",
    specialist: "cx-reviewer",
    action: "bd-label",
    target: "deploy-prod",
    expect: "unreachable",
  },
];

describe("construct-studio test --coverage", { timeout: 180_000 }, () => {
  it("prints each specialist's tested and untested fence entries and the total, in text and JSON", async () => {
    await writeTests("reviewer.test.json", { cases });
    const run = await cli(["test", "--coverage"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      'PASS .cx/tests/reviewer.test.json "reviewer reads diffs": bash git diff → allowed by allowedCommands[0] "git diff" (inside-fence)',
      expect.stringMatching(
        /^PASS \.cx\/tests\/reviewer\.test\.json "no one the reviewer reaches labels a deploy": bd-label deploy-prod → unreachable: no path from cx-reviewer grants it \(\d+ others reached\)$/,
      ),
      "2 passed, 0 failed, 0 invalid",
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^COVERAGE cx-reviewer 1\/\d+ \(\d+\.\d%\): tested allowedCommands "git diff"; untested /),
    );
    expect(lines.filter((l) => l.startsWith("COVERAGE cx-")).length).toBeGreaterThan(5);
    expect(lines.at(-1)).toMatch(/^coverage: 1 of \d+ fence entries exercised \(\d+\.\d%\)$/);

    const json = orgTestRunSchema.parse(JSON.parse((await cli(["test", "--coverage", "--format", "json"])).stdout));
    const reviewer = json.coverage?.principals.find((p) => p.id === "cx-reviewer");
    expect(reviewer?.entries.find((e) => e.entry === "git diff")?.by).toEqual([
      { file: ".cx/tests/reviewer.test.json", index: 0, name: "reviewer reads diffs" },
    ]);
    expect(json.coverage?.tested).toBe(1);
    // Without --coverage the output is the run alone.
    expect(JSON.parse((await cli(["test", "--format", "json"])).stdout)).not.toHaveProperty("coverage");
  });

  it("--min-coverage exits 1 below the threshold with one clear line, and 0 at or above it", async () => {
    await writeTests("reviewer.test.json", { cases });
    const json = orgTestRunSchema.parse(JSON.parse((await cli(["test", "--coverage", "--format", "json"])).stdout));
    const percent = json.coverage?.percent ?? 100;
    const above = await cli(["test", "--min-coverage", String(Math.floor(percent))]);
    expect(above.code, above.stderr).toBe(0);
    expect(above.stdout).toMatch(/^coverage: 1 of \d+ fence entries exercised/m);
    const below = await cli(["test", "--min-coverage", String(Math.ceil(percent) + 1), "--format", "github"]);
    expect(below.code).toBe(1);
    const message = `fence coverage ${(Math.floor(percent * 10) / 10).toFixed(1)}% is below --min-coverage ${Math.ceil(percent) + 1}%`;
    expect(below.stderr.trim().split("\n").at(-1)).toBe(message);
    expect(below.stdout).toContain(`::error title=org test coverage::${message}`);
  });

  it("refuses a threshold that is not a percentage with a usage error, exit 2, running and writing nothing", async () => {
    await writeTests("reviewer.test.json", { cases });
    const before = await treeOf(root);
    for (const bad of ["150", "abc", "-5", ""]) {
      const run = await cli(["test", `--min-coverage=${bad}`]);
      expect(run.code, bad).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(`--min-coverage takes a percentage from 0 to 100, not ${JSON.stringify(bad)}`);
      expect(run.stderr).toContain("usage:\n  construct-studio test");
    }
    expect(await treeOf(root)).toEqual(before);
  });

  it("fails a never-reaches case naming the path that grants the action", async () => {
    await writeTests("reach.test.json", {
      cases: [
        {
          name: "reviewer never touches infra",
          specialist: "cx-reviewer",
          action: "edit",
          target: "infra/main.tf",
          expect: "unreachable",
        },
      ],
    });
    const run = await cli(["test"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'FAIL .cx/tests/reach.test.json "reviewer never touches infra": edit infra/main.tf → reachable: cx-reviewer → handoff → cx-operations: edit infra/main.tf (with approval) by approvalRequired[2] "edit:infra/**"; expected unreachable',
    );
  });
});
