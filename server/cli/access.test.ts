import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reachSchema } from "@/schemas/access";
import { planSchema } from "@/schemas/plan";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/** `access` and `plan --fail-on reach`, as the real bin, in a real git repository. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;

const git = (args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=Test", ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
const cli = (args: string[]) =>
  runCli(args, { cwd: root, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") } });
const orgDir = () => path.join(root, ".cx", "org");

/** A docs writer and a deployer in one team; the writer hands off to nobody yet. */
async function writeOrg(writerHandoffs: string[]) {
  await writeRecord(orgDir(), "teams", {
    id: "docs-team",
    kind: "squad",
    name: "Docs",
    owner: "doc-writer",
    roles: ["doc-writer", "deployer"],
    charter: "Writes the documentation and ships it to the site.",
  });
  await writeRecord(
    orgDir(),
    "specialists",
    specialistRecord("doc-writer", {
      team: "docs-team",
      fence: { allowedPaths: ["docs/**"] },
      handoffCandidates: writerHandoffs,
    }),
  );
  await writeRecord(
    orgDir(),
    "specialists",
    specialistRecord("deployer", {
      team: "docs-team",
      fence: { allowedPaths: ["deploy/**"], approvalRequired: ["push"] },
    }),
  );
}

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-access-"));
  git(["init", "-q"]);
  await writeOrg([]);
  git(["add", "-A"]);
  git(["commit", "-qm", "docs team"]);
});

afterEach(async () => {
  await cleanup();
});

describe("access", { timeout: 120_000 }, () => {
  it("prints what a task reaches, each entry with its path, and writes nothing", async () => {
    await writeOrg(["deployer"]);
    const before = await treeOf(root);
    const run = await cli(["access", "doc-writer"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("doc-writer (specialist) can reach, through handoffs and contracts:");
    expect(run.stdout).toContain("  doc-writer: edit docs/**\n");
    expect(run.stdout).toContain("  doc-writer → handoff → deployer: edit deploy/**\n");
    expect(run.stdout).toContain("  doc-writer → handoff → deployer: push with approval\n");
    expect(run.stdout).toContain("3 entries through 1 other");

    const json = await cli(["access", "doc-writer", "--format", "json"]);
    expect(json.code).toBe(0);
    const reach = reachSchema.parse(JSON.parse(json.stdout));
    expect(reach.reached.map((r) => r.id)).toEqual(["doc-writer", "deployer"]);
    expect(reach.edges).toEqual(["handoff:doc-writer:deployer:deployer"]);
    expect(await treeOf(root)).toEqual(before);
  });

  it("refuses an unknown id (exit 1) and bad usage (exit 2), writing nothing", async () => {
    const before = await treeOf(root);
    const unknown = await cli(["access", "nobody"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('access: no specialist or worker profile "nobody" in the org');
    const none = await cli(["access"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("access takes one specialist (or worker profile) id");
    const format = await cli(["access", "doc-writer", "--format", "yaml"]);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("unknown --format yaml");
    expect(await treeOf(root)).toEqual(before);
  });
});

describe("plan --fail-on reach", { timeout: 120_000 }, () => {
  it("catches a widening that comes only from a new handoff, which --fail-on widen does not see", async () => {
    await writeOrg(["deployer"]);
    const widen = await cli(["plan", "--fail-on", "widen"]);
    // No fence changed: the plan shows a change (exit 0) but no specialist's own access widened.
    expect(widen.code, widen.stderr).toBe(0);
    expect(widen.stdout).toContain(
      '! REACH WIDENS doc-writer allowedPaths: + "deploy/**"  (doc-writer → handoff → deployer: edit deploy/**)',
    );
    expect(widen.stdout).not.toContain("! WIDENS");

    const reach = await cli(["plan", "--fail-on", "reach"]);
    expect(reach.code).toBe(1);
    expect(reach.stderr).toContain("plan: 1 specialist(s) reach more through handoffs and contracts (--fail-on reach)");

    const json = await cli(["plan", "--format", "json"]);
    const plan = planSchema.parse(JSON.parse(json.stdout));
    expect(plan.summary).toMatchObject({ widens: 0, reachWidens: 1 });
    expect(plan.changes.filter((c) => c.kind === "reach").map((c) => [c.action, c.id, c.entry])).toEqual([
      ["widen", "doc-writer", "deploy/**"],
      ["widen", "doc-writer", "push"],
    ]);
  });
});
