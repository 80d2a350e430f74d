import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tickRecordSchema } from "@/schemas/embed-tick";
import { runCli } from "@/test/support/processes";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/**
 * `construct-studio embed …` run as a user would: the real bin, from the app directory, against a
 * temporary project given with `--root`, with the user tiers under temporary CONSTRUCT_HOME and
 * XDG_CONFIG_HOME, and no model or external host configured.
 */

const BUILTINS = ["operations-briefing", "operations-triage", "product-feedback-digest", "repo-activity-review"];

let base: string;
let root: string;
let home: string;
let configHome: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-cli-embed-"));
  configHome = path.join(base, "xdg");
  await fs.mkdir(configHome);
});

afterEach(async () => {
  await cleanup();
});

function cli(args: string[]) {
  return runCli(["embed", ...args], { cwd: APP_DIR, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: configHome } });
}

const overlayFile = (id: string) => path.join(root, ".cx", "embed", `${id}.manifest.json`);

function lineOf(stdout: string, prefix: string): string {
  const line = stdout.split("\n").find((l) => l.trimStart().startsWith(prefix));
  expect(line, `a line starting with ${prefix} in:\n${stdout}`).toBeDefined();
  return line ?? "";
}

describe("construct-studio embed list", () => {
  it("lists the four built-in capabilities, disabled, with no runtime; exit 0", async () => {
    const run = await cli(["list", "--root", root]);
    expect(run.code, run.stderr).toBe(0);
    for (const id of BUILTINS) {
      const line = lineOf(run.stdout, `${id}  `);
      expect(line).toContain("disabled");
      expect(line).toContain(`builtin  specialists/workflows/${id}.manifest.json`);
    }
    expect(run.stdout).toContain("runtime auto → none (no-runtime)");
    expect(run.stdout).toContain("4 capability(ies), 0 enabled");
    // Listing writes nothing into the project.
    expect(await treeOf(root)).toEqual(new Map());
  });

  it("--format json parses and carries each capability's state", async () => {
    const run = await cli(["list", "--root", root, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const listed = JSON.parse(run.stdout) as {
      capabilities: {
        id: string;
        enabled: boolean;
        source: { tier: string };
        runtime: { resolved: string; reason?: string };
      }[];
      problems: unknown[];
    };
    expect(listed.problems).toEqual([]);
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
    for (const c of listed.capabilities)
      expect(c, c.id).toMatchObject({
        enabled: false,
        source: { tier: "builtin" },
        runtime: { resolved: "none", code: "no-runtime" },
      });
  });
});

describe("construct-studio embed enable / dry-run / tick / status", () => {
  it("enable writes the project overlay", async () => {
    const run = await cli(["enable", "operations-triage", "--root", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("operations-triage enabled (.cx/embed/operations-triage.manifest.json)\n");
    expect(await fs.readFile(overlayFile("operations-triage"), "utf8")).toBe(
      `${JSON.stringify({ id: "operations-triage", embed: { enabled: true } }, null, 2)}\n`,
    );

    const listed = await cli(["list", "--root", root]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(lineOf(listed.stdout, "operations-triage  ")).toContain("enabled  builtin");
    expect(listed.stdout).toContain("4 capability(ies), 1 enabled");
  });

  it("dry-run prints the resolution chain and executes nothing", async () => {
    const before = await treeOf(base);
    const run = await cli(["dry-run", "operations-triage", "--root", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("dry-run of operations-triage (executes nothing)");
    expect(lineOf(run.stdout, "specialist ")).toMatch(
      /cx-operations\s+prompt builtin specialists\/prompts\/cx-operations\.md/,
    );
    expect(lineOf(run.stdout, "providers ")).toContain("directory");
    expect(lineOf(run.stdout, "framework ")).toContain(
      "cx-ops-dependency-sequencing specialists/frameworks/cx-ops-dependency-sequencing.md",
    );
    expect(lineOf(run.stdout, "output contract ")).toContain("operations-triage (cx-operations → user)");
    expect(lineOf(run.stdout, "cadence ")).toContain("PT2H");
    expect(lineOf(run.stdout, "runtime ")).toContain("auto → none (no-runtime)");
    expect(run.stdout).toContain("a tick now would skip: no-runtime");
    expect(await treeOf(base)).toEqual(before);
  });

  it("tick records skipped (no-runtime) with exit 0, and status shows it as the last tick", async () => {
    const tick = await cli(["tick", "operations-triage", "--root", root]);
    expect(tick.code, tick.stderr).toBe(0);
    expect(tick.stdout).toMatch(/^operations-triage: skipped \(no-runtime\) in \d+ ms on none\n/);
    const record = tickRecordSchema.parse(
      JSON.parse(await fs.readFile(path.join(root, ".cx", "runtime", "embed", "operations-triage.json"), "utf8")),
    );
    expect(record).toMatchObject({ status: "skipped", code: "no-runtime", runtime: "none", trigger: "manual" });

    const status = await cli(["status", "operations-triage", "--root", root]);
    expect(status.code, status.stderr).toBe(0);
    expect(lineOf(status.stdout, "last tick:")).toBe(
      `  last tick: skipped (no-runtime) at ${record.startedAt}, ${record.durationMs} ms, manual`,
    );

    const json = await cli(["status", "operations-triage", "--root", root, "--format", "json"]);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { lastTick: unknown }).lastTick).toEqual(record);
  });

  it("status of a capability that never ticked says so", async () => {
    const run = await cli(["status", "repo-activity-review", "--root", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(lineOf(run.stdout, "last tick:")).toBe("  last tick: never ticked");
  });
});

describe("construct-studio embed: failures and usage", () => {
  it("enable of an unknown id exits 1 with not found", async () => {
    const run = await cli(["enable", "nope", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("not found");
    expect(run.stderr).toContain("'nope'");
    expect(run.stdout).toBe("");
    expect(existsSync(overlayFile("nope"))).toBe(false);
  });

  it.each([
    ["an unknown subcommand", ["bogus", "operations-triage"], 'unknown embed command "bogus"'],
    ["enable without an id", ["enable"], "embed enable takes one capability id"],
    ["tick with two ids", ["tick", "operations-triage", "repo-activity-review"], "embed tick takes one capability id"],
    ["an unknown option", ["list", "--verbose"], "--verbose"],
  ])("%s exits 2 with the usage", async (_label, args, message) => {
    const run = await cli([...args, "--root", root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("usage:");
    expect(run.stderr).toContain("construct-studio embed enable|disable|status|dry-run|tick ID");
    expect(await treeOf(root)).toEqual(new Map());
  });

  it("embed alone exits 2 with the usage", async () => {
    const hadProjectDir = existsSync(path.join(APP_DIR, ".cx"));
    const run = await cli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown embed command ""');
    expect(run.stderr).toContain("usage:");
    expect(existsSync(path.join(APP_DIR, ".cx"))).toBe(hadProjectDir);
  });

  it("a --root that does not exist exits 2", async () => {
    const run = await cli(["list", "--root", path.join(base, "missing")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("does not exist");
  });
});
