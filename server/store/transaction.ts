import { randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ioError } from "../errors";
import { faultPoint } from "../faults";
import { pidAlive } from "./lock";
import { assertFits, assertNoSymlinks, confinedPath, fsyncDir, TEMP_SUFFIX, writeDurable } from "./write";

export type FileChange = { rel: string; content: string | null };

const TXN_PREFIX = ".txn-";
const COMMITTED = ".committed";
type Plan = { changes: { rel: string; staged: string | null }[] };

/**
 * Writes many files as one: staged in `<tier>/.txn-<id>/` and fsynced, renamed to `.txn-<id>.committed`
 * (the commit point), then each file renamed into place. `recoverTier` rolls a committed one forward.
 */
export async function commitFiles(tierDir: string, changes: readonly FileChange[]): Promise<void> {
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  const staging = path.join(tierDir, TXN_PREFIX + id);
  try {
    for (const change of changes) {
      await assertNoSymlinks(tierDir, confinedPath(tierDir, change.rel));
      if (change.content !== null) assertFits(change.rel, change.content);
    }
    await fs.mkdir(staging, { recursive: true });
    const plan: Plan = { changes: [] };
    let n = 0;
    for (const change of changes) {
      confinedPath(tierDir, change.rel);
      if (change.content === null) {
        plan.changes.push({ rel: change.rel, staged: null });
        continue;
      }
      const staged = `f${plan.changes.length}.json`;
      await writeDurable(path.join(staging, staged), change.content);
      plan.changes.push({ rel: change.rel, staged });
      n++;
      await faultPoint(`import-after-stage:${n}`);
    }
    await writeDurable(path.join(staging, "plan.json"), JSON.stringify(plan));
    await fsyncDir(staging);
    await faultPoint("import-before-commit");
    await fs.rename(staging, staging + COMMITTED);
    await fsyncDir(tierDir);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
    throw ioError(error, `writing ${changes.length} files into ${tierDir}`);
  }
  await applyCommitted(tierDir, staging + COMMITTED);
}

async function applyCommitted(tierDir: string, committed: string): Promise<void> {
  const plan = JSON.parse(await fs.readFile(path.join(committed, "plan.json"), "utf8")) as Plan;
  let applied = 0;
  const dirs = new Set<string>();
  for (const change of plan.changes) {
    const target = confinedPath(tierDir, change.rel);
    dirs.add(path.dirname(target));
    if (change.staged === null) {
      await fs.rm(target, { force: true });
    } else {
      const staged = path.join(committed, change.staged);
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(staged, target);
      } catch (error) {
        // Already moved by an earlier, interrupted apply.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    applied++;
    await faultPoint(`import-after-apply:${applied}`);
  }
  for (const dir of dirs) await fsyncDir(dir).catch(() => {});
  await fs.rm(committed, { recursive: true, force: true });
  await fsyncDir(tierDir).catch(() => {});
}

/**
 * Checked without the tier lock, since taking it writes a file and a clean tier is the rule. A live
 * writer's leftover seen here is waited for by recovery's lock.
 */
export function tierNeedsRecovery(tierDir: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(tierDir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith(TXN_PREFIX)) return true;
    if (entry.name.startsWith(".")) continue;
    let names: string[];
    try {
      names = readdirSync(path.join(tierDir, entry.name));
    } catch {
      continue;
    }
    if (names.some((name) => name.startsWith(".") && name.endsWith(TEMP_SUFFIX))) return true;
  }
  return false;
}

/** Removes temp files under `dir` whose writer (the pid in the name) is dead; a live CLI may be writing one. */
export async function sweepDeadTemps(dir: string, depth = 2): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.isSymbolicLink() && depth > 0) removed += await sweepDeadTemps(full, depth - 1);
    if (!entry.isFile() || !entry.name.startsWith(".") || !entry.name.endsWith(TEMP_SUFFIX)) continue;
    const pid = Number(/\.(\d+)-[0-9a-f]+\.studio-tmp$/.exec(entry.name)?.[1]);
    if (Number.isFinite(pid) && pid !== process.pid && pidAlive(pid)) continue;
    await fs.rm(full, { force: true });
    removed++;
  }
  return removed;
}

/** Rolls committed transactions forward and drops uncommitted staging and leftover temp files. */
export async function recoverTier(
  tierDir: string,
): Promise<{ rolledForward: number; discarded: number; tempsRemoved: number }> {
  const report = { rolledForward: 0, discarded: 0, tempsRemoved: 0 };
  let entries: Dirent[];
  try {
    entries = await fs.readdir(tierDir, { withFileTypes: true });
  } catch {
    return report;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(TXN_PREFIX)) continue;
    const full = path.join(tierDir, entry.name);
    if (entry.name.endsWith(COMMITTED)) {
      await applyCommitted(tierDir, full);
      report.rolledForward++;
    } else {
      await fs.rm(full, { recursive: true, force: true });
      report.discarded++;
    }
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    for (const name of await fs.readdir(path.join(tierDir, entry.name)).catch(() => [] as string[])) {
      if (name.startsWith(".") && name.endsWith(TEMP_SUFFIX)) {
        await fs.rm(path.join(tierDir, entry.name, name), { force: true });
        report.tempsRemoved++;
      }
    }
  }
  return report;
}
