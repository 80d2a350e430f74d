import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ChildRun, killAtFaultPoint, reachFaultPoint, startFaultChild } from "@/test/support/processes";
import { APP_DIR } from "@/test/support/temp-project";
import { filesUnder, treeOf } from "@/test/support/tree";
import { installPack } from "./pack-install";
import { PackService, recoverPacksDir } from "./pack-service";
import { entriesOf, type PackSpec, samplePack, specFiles, writeSource } from "./test-support/install-fixtures";
import {
  clearPackEnv,
  exists,
  makePackEnv,
  PACK_ENV_KEYS,
  type PackEnv,
  restoreEnv,
  saveEnv,
} from "./test-support/pack-fixtures";

/**
 * Real kill -9 in the middle of a pack install: a child process installs a pack folder with the
 * `pack-install-after-stage` fault point armed (the pack is fully staged and checked, nothing is
 * in place yet), announces the point and hangs; the test kills it with SIGKILL and checks what a
 * later process finds, and that the next install or `recoverPacksDir` cleans up.
 */

const CHILD = fileURLToPath(new URL("./test-support/pack-crash-child.ts", import.meta.url));
const POINT = "pack-install-after-stage";
const ID = "@acme/crash-pack";
const STAGING = /^\.staging-\d+-[0-9a-f]{12}$/;

type Tier = "project" | "user";

let env: PackEnv;
let service: PackService;
let savedEnv: Record<string, string | undefined>;
const children: ChildProcess[] = [];

beforeEach(async () => {
  savedEnv = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-pack-crash-");
  service = new PackService(env.paths);
});

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  restoreEnv(savedEnv);
  await env.cleanup();
});

const packsDir = (tier: Tier) => (tier === "project" ? env.projectPacks : env.userPacks);
const packDir = (tier: Tier, id = ID) => path.join(packsDir(tier), ...id.split("/"));
const seenFile = () => path.join(env.paths.runtimeDir, "packs-seen.json");
const readSeen = async () => JSON.parse(await fs.readFile(seenFile(), "utf8")) as Record<string, string>;

let sources = 0;
async function folderOf(spec: PackSpec): Promise<string> {
  return writeSource(path.join(env.base, "src", `pack-${++sources}`), spec);
}

function startChild(tier: Tier, folder: string, faultPoint?: string): ChildRun {
  const run = startFaultChild(CHILD, [env.root, env.home, env.configHome, APP_DIR, tier, folder], {
    faultPoint,
    dropEnv: [...PACK_ENV_KEYS, "CONSTRUCT_APP_DIR"],
  });
  children.push(run.child);
  return run;
}

/** Runs the child until it announces `POINT`; it is left hanging there, alive. */
async function reachPoint(tier: Tier, folder: string): Promise<ChildRun> {
  const run = startChild(tier, folder, POINT);
  await reachFaultPoint(run, POINT);
  return run;
}

/** Runs the child to `POINT` and kills it there with SIGKILL; returns once it is gone. */
async function killAtPoint(tier: Tier, folder: string): Promise<void> {
  const run = startChild(tier, folder, POINT);
  expect(await killAtFaultPoint(run, POINT)).toEqual({ code: null, signal: "SIGKILL" });
  expect(run.stdout()).not.toContain("OPERATION_DONE");
}

/** The one staging folder the killed child left, fully staged (the fault point comes after the checks). */
async function expectOnlyStaging(tier: Tier, spec: PackSpec, besides: string[] = []): Promise<string> {
  const entries = await entriesOf(packsDir(tier));
  const staging = entries.filter((n) => STAGING.test(n));
  expect(staging, `one staging folder in ${JSON.stringify(entries)}`).toHaveLength(1);
  expect(entries.filter((n) => !STAGING.test(n))).toEqual(besides);
  expect(await filesUnder(path.join(packsDir(tier), staging[0]))).toEqual(specFiles(spec));
  return staging[0];
}

describe.each(["project", "user"] as const)(
  "kill -9 during a pack install into the %s tier (real child process)",
  (tier) => {
    it("the child installs the pack when no fault is armed (control)", async () => {
      const spec = samplePack(ID);
      const run = startChild(tier, await folderOf(spec));
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.stdout()).toContain("OPERATION_DONE");
      expect(await filesUnder(packDir(tier))).toEqual(specFiles(spec));
      expect(await entriesOf(packsDir(tier))).toEqual(["@acme"]);
      expect(await readSeen()).toEqual({ [ID]: "1.0.0" });
    }, 30_000);

    it("killed after staging: no pack is installed, only the staging folder is left; the next install sweeps it and succeeds", async () => {
      const spec = samplePack(ID);
      const folder = await folderOf(spec);
      await killAtPoint(tier, folder);

      await expectOnlyStaging(tier, spec);
      expect(await exists(packDir(tier))).toBe(false);
      expect(await exists(seenFile())).toBe(false);
      const listed = await service.list();
      expect(listed.packs.map((p) => p.id)).toEqual([]);
      expect(listed.errors).toEqual([]);

      const result = await installPack(service, { folder }, tier);
      expect(result).toMatchObject({ ok: true, id: ID, version: "1.0.0", replaced: false, warnings: [] });
      expect(await entriesOf(packsDir(tier))).toEqual(["@acme"]);
      expect(await entriesOf(path.join(packsDir(tier), "@acme"))).toEqual(["crash-pack"]);
      expect(await filesUnder(packDir(tier))).toEqual(specFiles(spec));
      expect(await readSeen()).toEqual({ [ID]: "1.0.0" });
    }, 30_000);

    it("killed after staging: recoverPacksDir alone sweeps the staging folder", async () => {
      const spec = samplePack(ID);
      await killAtPoint(tier, await folderOf(spec));
      await expectOnlyStaging(tier, spec);
      await recoverPacksDir(packsDir(tier));
      expect(await entriesOf(packsDir(tier))).toEqual([]);
    }, 30_000);

    it("killed while replacing an installed version: the old version stays intact and loads; recovery leaves exactly it", async () => {
      const v1 = samplePack(ID, "1.0.0");
      const v2 = samplePack(ID, "2.0.0");
      await installPack(service, { folder: await folderOf(v1) }, tier);
      const before = await treeOf(packsDir(tier));
      const v2Folder = await folderOf(v2);

      await killAtPoint(tier, v2Folder);

      const staging = await expectOnlyStaging(tier, v2, ["@acme"]);
      const after = await treeOf(packsDir(tier));
      expect(new Map([...after].filter(([rel]) => rel !== staging && !rel.startsWith(`${staging}/`)))).toEqual(before);
      expect(await readSeen()).toEqual({ [ID]: "1.0.0" });
      const row = (await service.list()).packs.find((p) => p.id === ID);
      expect(row).toMatchObject({ tier, version: "1.0.0", errors: [] });

      await recoverPacksDir(packsDir(tier));
      expect(await treeOf(packsDir(tier))).toEqual(before);

      const result = await installPack(service, { folder: v2Folder }, tier);
      expect(result).toMatchObject({ ok: true, version: "2.0.0", replaced: true, warnings: [] });
      expect(await filesUnder(packDir(tier))).toEqual(specFiles(v2));
      expect(await entriesOf(packsDir(tier))).toEqual(["@acme"]);
      expect(await readSeen()).toEqual({ [ID]: "2.0.0" });
    }, 30_000);
  },
);

describe("an install in progress in another process", () => {
  it("keeps its staging folder while a second install into the same tier runs", async () => {
    const first = samplePack(ID);
    const run = await reachPoint("project", await folderOf(first));
    const staging = await expectOnlyStaging("project", first);

    const second = samplePack("other-pack");
    const result = await installPack(service, { folder: await folderOf(second) }, "project");
    expect(result).toMatchObject({ ok: true, id: "other-pack" });

    // The first process is alive and about to rename its staging folder into place.
    expect(run.child.exitCode).toBeNull();
    expect(
      await exists(path.join(env.projectPacks, staging, "pack.manifest.json")),
      "the live install's staging folder",
    ).toBe(true);
  }, 30_000);
});
