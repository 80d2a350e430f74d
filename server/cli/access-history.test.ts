import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accessHistorySchema } from "@/schemas/access";
import { gitAs } from "@/test/support/git";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";

/** `access ID --history`, as the real bin, in real git repositories; it never writes. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;

const git = (args: string[], cwd = root, date = "2026-11-30T09:00:00+00:00") => gitAs(cwd, args, date);
const cli = (args: string[], cwd = root) =>
  runCli(args, { cwd, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") } });
const orgDir = () => path.join(root, ".cx", "org");

async function writeOrg(reviewerHandoffs: string[]) {
  await writeRecord(orgDir(), "teams", {
    id: "hist-team",
    kind: "squad",
    name: "Hist",
    owner: "hist-reviewer",
    roles: ["hist-reviewer", "hist-engineer"],
    charter: "Reviews and writes the code of the history tests.",
  });
  await writeRecord(
    orgDir(),
    "specialists",
    specialistRecord("hist-reviewer", {
      team: "hist-team",
      fence: { allowedPaths: ["docs/**"] },
      handoffCandidates: reviewerHandoffs,
    }),
  );
  await writeRecord(
    orgDir(),
    "specialists",
    specialistRecord("hist-engineer", { team: "hist-team", fence: { allowedPaths: ["src/**"] } }),
  );
}

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-access-history-"));
  git(["init", "-q"]);
  await writeOrg([]);
  git(["add", "-A"]);
  git(["commit", "-qm", "Start the team"], root, "2026-11-29T09:00:00+00:00");
  await writeOrg(["hist-engineer"]);
  git(["commit", "-qam", "Let reviewers hand off to engineers"]);
});

afterEach(async () => {
  await cleanup();
});

describe("access --history", { timeout: 120_000 }, () => {
  it("prints one block per commit, newest first, and the schema with --format json", async () => {
    const before = snapshotContent(root);
    const head = git(["rev-parse", "--short=7", "HEAD"]).trim();
    const run = await cli(["access", "hist-reviewer", "--history"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `2026-11-30  Ada Lovelace  ${head}  Let reviewers hand off to engineers\n    + reach: hist-reviewer → handoff → hist-engineer: edit src/**\n`,
    );
    expect(run.stdout).toMatch(
      /2026-11-29 {2}Ada Lovelace {2}[0-9a-f]{7} {2}Start the team\n {4}\+ fence: edit docs\/\*\*\n/,
    );
    expect(run.stdout.trim().split("\n").at(-1)).toBe("2 commit(s) changed what hist-reviewer can do (2 looked at)");

    const json = await cli(["access", "hist-reviewer", "--history", "--limit", "1", "--format", "json"]);
    expect(json.code, json.stderr).toBe(0);
    const history = accessHistorySchema.parse(JSON.parse(json.stdout));
    expect(history).toMatchObject({ id: "hist-reviewer", scanned: 1, more: 1, shallow: false });
    expect(history.entries.map((e) => e.subject)).toEqual(["Let reviewers hand off to engineers"]);
    expect(snapshotContent(root)).toEqual(before);
  });

  it("a shallow clone prints that history starts at its oldest commit", async () => {
    const clone = path.join(base, "clone");
    git(["clone", "-q", "--depth", "1", `file://${root}`, clone], base);
    const run = await cli(["access", "hist-reviewer", "--history"], clone);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      "This is a shallow clone: history starts at its oldest commit (git fetch --unshallow for the rest).\nno commit changed what hist-reviewer can do (1 looked at)\n",
    );
  });

  it("outside git answers with a note (exit 0); an unknown id exits 1, a bad --limit 2; nothing is written", async () => {
    const outside = path.join(base, "outside");
    execFileSync("cp", ["-r", root, outside]);
    execFileSync("rm", ["-rf", path.join(outside, ".git")]);
    const before = snapshotContent(outside);
    const run = await cli(["access", "hist-reviewer", "--history"], outside);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^hist-reviewer: .* is not in a git repository, so there is no history to read\n$/);

    const unknown = await cli(["access", "nobody", "--history"], outside);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('access: no specialist or worker profile "nobody" in the org now');
    const limit = await cli(["access", "hist-reviewer", "--history", "--limit", "0"], outside);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain('--limit "0" is not a whole number of commits, 1 or more');
    const alone = await cli(["access", "hist-reviewer", "--limit", "5"], outside);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--limit goes with --history");
    expect(snapshotContent(outside)).toEqual(before);
  });
});
