import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs, specialistRecord } from "@/test/support/temp-project";
import { exists, manifest, writePack } from "../packs/test-support/pack-fixtures";

/** `packs enable|install … --dry-run` and the refused enable, run as the real bin. */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-cli-pack-preview-"));
  await fs.mkdir(path.join(base, "xdg"));
});

afterEach(async () => {
  await cleanup();
});

const projectPacks = () => path.join(root, ".cx", "packs");
const packsJson = () => path.join(root, ".cx", "packs.json");
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

function cli(args: string[]) {
  return runCli([...args, "--root", root], {
    cwd: base,
    env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg"), HOME: base },
  });
}

const breaking = (dir: string) =>
  writePack(dir, "broken-pack", manifest("broken-pack"), {
    "org/specialists/stray-helper.json": json(specialistRecord("stray-helper", { team: "no-such-team" })),
  });
const clean = (dir: string) =>
  writePack(dir, "clean-pack", manifest("clean-pack"), {
    "org/specialists/clean-helper.json": json(specialistRecord("clean-helper")),
  });

describe("construct-studio packs enable --dry-run", () => {
  it("shows the plan of enabling and exits 0 whether or not it changes the org; writes nothing", async () => {
    await clean(projectPacks());
    await writePack(projectPacks(), "empty-pack", manifest("empty-pack"));
    const changing = await cli(["packs", "enable", "clean-pack", "--dry-run"]);
    expect(changing.code, changing.stderr).toBe(0);
    expect(changing.stdout).toContain("clean-helper");
    expect(changing.stdout).toContain("Plan: 1 to add");
    const empty = await cli(["packs", "enable", "empty-pack", "--dry-run"]);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain("No changes.");
    expect(await exists(packsJson())).toBe(false);
  }, 90_000);

  it("a breaking pack: the dry run lists its errors (exit 1); the enable is refused (exit 1), nothing written; --force enables", async () => {
    await breaking(projectPacks());
    const dry = await cli(["packs", "enable", "broken-pack", "--dry-run", "--format", "json"]);
    expect(dry.code, dry.stderr).toBe(1);
    const preview = JSON.parse(dry.stdout);
    expect(preview.errors.map((e: { message: string }) => e.message).join("\n")).toContain("no-such-team");
    const refused = await cli(["packs", "enable", "broken-pack"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("was not enabled");
    expect(refused.stderr).toContain("no-such-team");
    expect(await exists(packsJson())).toBe(false);
    const forced = await cli(["packs", "enable", "broken-pack", "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(Object.keys(JSON.parse(await fs.readFile(packsJson(), "utf8")).enabled)).toEqual(["broken-pack"]);
  }, 120_000);

  it("an unknown pack is refused (exit 1); a bad option is a usage mistake (exit 2)", async () => {
    const unknown = await cli(["packs", "enable", "no-such-pack", "--dry-run"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no-such-pack");
    const bad = await cli(["packs", "enable", "x", "--dry-run", "--format", "yaml"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--format yaml");
  }, 90_000);
});

describe("construct-studio packs install --dry-run", () => {
  it("previews a folder typed with ~ (shown as typed), exits 0, installs nothing", async () => {
    await clean(path.join(base, "src"));
    const run = await cli(["packs", "install", "~/src/clean-pack", "--dry-run"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("install clean-pack 1.0.0 from ~/src/clean-pack into the project tier: new");
    expect(run.stdout).toContain("this is what enabling it would do");
    expect(await exists(path.join(projectPacks(), "clean-pack"))).toBe(false);
  }, 90_000);

  it("a reinstall shows the version change; a folder that is not there exits 1", async () => {
    await clean(projectPacks());
    await writePack(path.join(base, "next"), "clean-pack", manifest("clean-pack", { version: "0.9.0" }), {
      "org/specialists/clean-helper.json": json(specialistRecord("clean-helper")),
    });
    const down = await cli(["packs", "install", path.join(base, "next", "clean-pack"), "--dry-run"]);
    expect(down.stdout).toContain("1.0.0 → 0.9.0");
    expect(down.stdout).toContain("downgrade");
    expect(down.stdout).toContain("warning: pack 'clean-pack' 0.9.0 is older than 1.0.0");
    const missing = await cli(["packs", "install", "~/nowhere", "--dry-run"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("~/nowhere is not a folder");
  }, 90_000);
});
