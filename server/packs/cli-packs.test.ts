import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "@/test/support/processes";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { resolvePaths } from "../config";
import { exists, manifest, writePack, writePacksFile } from "./test-support/pack-fixtures";

/** `construct-studio packs …` run as a user would, with the user pack folder under a temporary XDG_CONFIG_HOME. */

let base: string;
let root: string;
let home: string;
let configHome: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-cli-packs-"));
  configHome = path.join(base, "xdg");
  await fs.mkdir(configHome);
});

afterEach(async () => {
  await cleanup();
});

const userPacks = () => path.join(configHome, "construct", "packs");
const projectPacks = () => path.join(root, ".cx", "packs");
const packsJson = () => path.join(root, ".cx", "packs.json");

function cli(args: string[], extraEnv: Record<string, string> = {}) {
  return runCli(args, { cwd: base, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: configHome, ...extraEnv } });
}

function lineOf(stdout: string, prefix: string): string {
  const line = stdout.split("\n").find((l) => l.startsWith(prefix));
  expect(line, `a line starting with ${prefix} in:\n${stdout}`).toBeDefined();
  return line ?? "";
}

async function writeTwoPacks(): Promise<void> {
  await writePack(projectPacks(), "alpha-pack", manifest("alpha-pack", { version: "1.2.0", compatVersion: "^0.1.0" }));
  await writePack(userPacks(), "@acme/beta", manifest("@acme/beta", { version: "2.0.0", compatVersion: ">=0.1 <2" }));
}

type JsonList = {
  mode: string;
  coreVersion: string;
  errors: string[];
  warnings: string[];
  packs: {
    id: string;
    version: string | null;
    tier: string;
    enabled: boolean;
    shadowedBy: string | null;
    compat: { range: string | null; core: string; ok: boolean };
    errors: string[];
  }[];
};

describe("construct-studio packs list", () => {
  it("prints each pack with its tier, compat and state", async () => {
    await writeTwoPacks();
    const run = await cli(["packs", "list", "--root", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("core 0.1.0, solo mode, 2 pack(s)");

    const alpha = lineOf(run.stdout, "alpha-pack@1.2.0 ");
    expect(alpha).toMatch(/\bproject\b/);
    expect(alpha).toMatch(/\bdisabled\b/);
    expect(alpha).toContain("compat ^0.1.0 ok");

    const beta = lineOf(run.stdout, "@acme/beta@2.0.0 ");
    expect(beta).toMatch(/\buser\b/);
    expect(beta).toMatch(/\bdisabled\b/);
    expect(beta).toContain("compat >=0.1 <2 ok");
  });

  it("--format json prints one parseable document", async () => {
    await writeTwoPacks();
    const run = await cli(["packs", "list", "--root", root, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as JsonList;
    expect(doc).toMatchObject({ mode: "solo", coreVersion: "0.1.0", errors: [], warnings: [] });
    expect(doc.packs).toHaveLength(2);
    expect(doc.packs).toContainEqual(
      expect.objectContaining({
        id: "alpha-pack",
        version: "1.2.0",
        tier: "project",
        enabled: false,
        shadowedBy: null,
        compat: { range: "^0.1.0", core: "0.1.0", ok: true },
        errors: [],
      }),
    );
    expect(doc.packs).toContainEqual(
      expect.objectContaining({
        id: "@acme/beta",
        version: "2.0.0",
        tier: "user",
        enabled: false,
        compat: { range: ">=0.1 <2", core: "0.1.0", ok: true },
      }),
    );
    for (const pack of doc.packs)
      for (const internal of ["dir", "manifest", "org"]) expect(pack).not.toHaveProperty(internal);
  });

  it("shows an unsatisfied range, the running core version from CONSTRUCT_CORE_VERSION, and the mode from CONSTRUCT_DEPLOYMENT_MODE", async () => {
    await writeTwoPacks();
    const run = await cli(["packs", "list", "--root", root], {
      CONSTRUCT_CORE_VERSION: "2.5.0",
      CONSTRUCT_DEPLOYMENT_MODE: "team",
    });
    expect(run.code, "no pack is enabled, so a broken one is not a failure").toBe(0);
    expect(run.stdout).toContain("core 2.5.0, team mode, 2 pack(s)");
    expect(lineOf(run.stdout, "alpha-pack@1.2.0 ")).toContain("compat ^0.1.0 NOT satisfied");
    expect(lineOf(run.stdout, "@acme/beta@2.0.0 ")).toContain("compat >=0.1 <2 NOT satisfied");
    expect(run.stdout).toMatch(/error: .*'alpha-pack'.*\^0\.1\.0.*2\.5\.0/);
  });

  it("a pack enabled in packs.json but not installed: exit 1 and an error naming it", async () => {
    await writeTwoPacks();
    await writePacksFile(resolvePaths({ root, home, appDir: APP_DIR, configHome }), ["ghost-pack"]);
    const run = await cli(["packs", "list", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/error: .*'ghost-pack'/);
  });
});

describe("construct-studio packs enable|disable", () => {
  it("enable, then list shows it enabled; disable turns it off again", async () => {
    await writeTwoPacks();
    const enabled = await cli(["packs", "enable", "alpha-pack", "--root", root]);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toContain("alpha-pack enabled");
    expect(Object.keys((JSON.parse(await fs.readFile(packsJson(), "utf8")) as { enabled: object }).enabled)).toEqual([
      "alpha-pack",
    ]);

    const list = await cli(["packs", "list", "--root", root]);
    expect(list.code, list.stderr).toBe(0);
    expect(lineOf(list.stdout, "alpha-pack@1.2.0 ")).toMatch(/\benabled\b/);
    expect(lineOf(list.stdout, "@acme/beta@2.0.0 ")).toMatch(/\bdisabled\b/);

    const json = JSON.parse((await cli(["packs", "list", "--root", root, "--format", "json"])).stdout) as JsonList;
    expect(json.packs.find((p) => p.id === "alpha-pack")?.enabled).toBe(true);

    const scoped = await cli(["packs", "enable", "@acme/beta", "--root", root]);
    expect(scoped.code, scoped.stderr).toBe(0);
    expect(lineOf((await cli(["packs", "list", "--root", root])).stdout, "@acme/beta@2.0.0 ")).toMatch(/\benabled\b/);

    const disabled = await cli(["packs", "disable", "alpha-pack", "--root", root]);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(lineOf((await cli(["packs", "list", "--root", root])).stdout, "alpha-pack@1.2.0 ")).toMatch(/\bdisabled\b/);
  });

  it("enabling an unknown id exits 1, names it, and writes nothing", async () => {
    await writeTwoPacks();
    const run = await cli(["packs", "enable", "no-such-pack", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no-such-pack");
    expect(await exists(packsJson())).toBe(false);
  });

  it("enabling a pack whose range is not satisfied exits 1 and writes nothing", async () => {
    await writePack(projectPacks(), "future-pack", manifest("future-pack", { compatVersion: "^3.0.0" }));
    const run = await cli(["packs", "enable", "future-pack", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("future-pack");
    expect(run.stderr).toContain("^3.0.0");
    expect(await exists(packsJson())).toBe(false);
  });

  it("enable without an id is a usage error (exit 2)", async () => {
    const run = await cli(["packs", "enable", "--root", root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("usage:");
  });
});
