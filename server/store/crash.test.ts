import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChildRun, killAtFaultPoint, startFaultChild } from "@/test/support/processes";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { filesUnder, treeOf } from "@/test/support/tree";
import { resolvePaths, type StudioPaths } from "../config";
import { OrgApi } from "../org/org-api";
import { readJsonFile } from "./json-store";
import { type CrashMode, crashId, IMPORTED, runOperation, seedOldState } from "./test-support/crash-fixture";

/**
 * Real kill -9 in the middle of a write: a child process runs the write with a fault point armed,
 * announces the point on stderr and hangs there; the test kills it with SIGKILL, then opens the
 * same directories with a fresh OrgApi (whose first read runs recovery) and checks the tier is
 * exactly the old state or exactly the new one.
 */

const CHILD = fileURLToPath(new URL("./test-support/crash-child.ts", import.meta.url));

type Dirs = { root: string; home: string; paths: StudioPaths };
const cleanups: (() => Promise<void>)[] = [];

async function freshDirs(): Promise<Dirs> {
  const tmp = await makeTmpDirs("cs-crash-");
  cleanups.push(tmp.cleanup);
  return { root: tmp.root, home: tmp.home, paths: resolvePaths({ root: tmp.root, home: tmp.home, appDir: APP_DIR }) };
}

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function startChild(mode: CrashMode, dirs: Dirs, faultPoint?: string): ChildRun {
  return startFaultChild(CHILD, [mode, dirs.root, dirs.home, APP_DIR], { faultPoint });
}

/** Runs the child to `point`, kills it there with SIGKILL, and returns once it is gone. */
async function killAt(mode: CrashMode, dirs: Dirs, point: string): Promise<void> {
  const run = startChild(mode, dirs, point);
  expect(await killAtFaultPoint(run, point)).toEqual({ code: null, signal: "SIGKILL" });
  expect(run.stdout()).not.toContain("OPERATION_DONE");
}

const expected: Record<"old" | "newImport" | "newSave", Map<string, string>> = {
  old: new Map(),
  newImport: new Map(),
  newSave: new Map(),
};

beforeAll(async () => {
  const old = await freshDirs();
  await seedOldState(old.paths);
  expected.old = await treeOf(old.paths.projectOrgDir);
  for (const [mode, key] of [
    ["import", "newImport"],
    ["save", "newSave"],
  ] as const) {
    const ref = await freshDirs();
    await seedOldState(ref.paths);
    await runOperation(ref.paths, mode);
    expected[key] = await treeOf(ref.paths.projectOrgDir);
  }
  // Guard against a vacuous test: the three states really differ.
  expect(expected.newImport).not.toEqual(expected.old);
  expect(expected.newSave).not.toEqual(expected.old);
  expect([...expected.newImport.keys()].filter((k) => k.startsWith("specialists/crash-"))).toHaveLength(IMPORTED);
}, 60_000);

/** What a fresh process sees: recovery runs on the first read, then the tier must be whole. */
async function assertRecovered(dirs: Dirs, want: Map<string, string>): Promise<void> {
  const api = new OrgApi(dirs.paths);
  await api.snapshot();
  const tree = await treeOf(dirs.paths.projectOrgDir);
  expect([...tree.keys()].filter((k) => /(^|\/)\.txn-|\.studio-tmp$|\.studio\.lock$/.test(k))).toEqual([]);
  for (const rel of await filesUnder(dirs.paths.projectOrgDir)) {
    const read = await readJsonFile(path.join(dirs.paths.projectOrgDir, rel));
    expect(read.ok, `${rel} parses`).toBe(true);
  }
  expect(tree).toEqual(want);
  const validation = await api.validateAll();
  expect(validation.errors).toEqual([]);
}

describe("kill -9 during a write (real child process)", () => {
  it("the child completes the import when no fault is armed (control)", async () => {
    const dirs = await freshDirs();
    await seedOldState(dirs.paths);
    const run = startChild("import", dirs);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain("OPERATION_DONE");
    expect(await treeOf(dirs.paths.projectOrgDir)).toEqual(expected.newImport);
  }, 30_000);

  it("after-temp-write (a save): the old file stays, the temp file is swept", async () => {
    const dirs = await freshDirs();
    await seedOldState(dirs.paths);
    await killAt("save", dirs, "after-temp-write");
    const left = await filesUnder(dirs.paths.projectOrgDir);
    expect(left.filter((f) => f.endsWith(".studio-tmp"))).toHaveLength(1);
    expect(left).toContain(".studio.lock");
    await assertRecovered(dirs, expected.old);
  }, 30_000);

  it("import-after-stage:5: killed while staging, the tier is exactly the old state", async () => {
    const dirs = await freshDirs();
    await seedOldState(dirs.paths);
    await killAt("import", dirs, "import-after-stage:5");
    const tree = await treeOf(dirs.paths.projectOrgDir);
    expect([...tree.keys()].some((k) => /^\.txn-[^/]+$/.test(k) && !k.endsWith(".committed"))).toBe(true);
    await assertRecovered(dirs, expected.old);
  }, 30_000);

  it("import-before-commit: fully staged but not committed, the tier is exactly the old state", async () => {
    const dirs = await freshDirs();
    await seedOldState(dirs.paths);
    await killAt("import", dirs, "import-before-commit");
    const tree = await treeOf(dirs.paths.projectOrgDir);
    expect([...tree.keys()].some((k) => /^\.txn-[^/]+\/plan\.json$/.test(k))).toBe(true);
    expect([...tree.keys()].some((k) => k.includes(".committed"))).toBe(false);
    await assertRecovered(dirs, expected.old);
  }, 30_000);

  it("import-after-apply:3: killed after the commit point with 3 of 20 files in place, the tier rolls forward to the new state", async () => {
    const dirs = await freshDirs();
    await seedOldState(dirs.paths);
    await killAt("import", dirs, "import-after-apply:3");
    const tree = await treeOf(dirs.paths.projectOrgDir);
    expect([...tree.keys()].some((k) => /^\.txn-[^/]+\.committed$/.test(k))).toBe(true);
    // The mixed state really exists on disk before recovery: some files new, some still missing.
    const present = [...tree.keys()].filter((k) => /^specialists\/crash-specialist-\d\d\.json$/.test(k));
    expect(present.length).toBeLessThan(IMPORTED);
    await assertRecovered(dirs, expected.newImport);
    const api = new OrgApi(dirs.paths);
    const ids = (await api.listEntities("specialist")).items.map((i) => i.id);
    for (let i = 1; i <= IMPORTED; i++) expect(ids).toContain(crashId(i));
  }, 30_000);
});
