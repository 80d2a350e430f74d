import { hash, randomBytes } from "node:crypto";
import type { Dirent, Stats } from "node:fs";
import { closeSync, constants as fsc, fstatSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { JsonProblem, parseJsonBytes, parseJsonStrict } from "@/lib/json/safe-json";
import { AppError, ioError } from "../errors";
import { faultPoint } from "../faults";

/**
 * The only module that reads and writes org files. Writes are atomic (temp file in the same
 * directory, fsync, rename, fsync of the directory); multi-file writes go through a staged
 * transaction whose directory rename is the commit point; every path is confined to its tier and
 * symlinks are refused. The atomic write is our own rather than write-file-atomic's because that
 * one resolves symlinks and writes through them, has no directory fsync and no hook for the crash
 * points the fault tests need.
 */

export const MAX_FILE_BYTES = 1024 * 1024;

/** A string is hashed as its UTF-8 bytes, so a file's text and its bytes give the same tag. */
export function etagOf(bytes: Uint8Array | string): string {
  // The one-shot `hash` skips the Hash object `createHash` builds: a third of the cost for a 1 kB record.
  return `"sha256:${hash("sha256", bytes, "hex")}"`;
}

/** One version tag for a record merged from several files: any file changing changes it. */
export function combineEtags(etags: readonly string[]): string {
  return etags.length === 1 ? etags[0] : etagOf(etags.join("\n"));
}

export type ReadResult =
  | { ok: true; value: unknown; etag: string }
  | {
      ok: false;
      code: "missing" | "symlink" | "not-regular" | "too-large" | "unreadable" | JsonProblem["code"];
      message: string;
    };

type Stat = { isSymbolicLink(): boolean; isFile(): boolean; size: number };

const SYMLINK: ReadResult = {
  ok: false,
  code: "symlink",
  message: "is a symbolic link; org files must be regular files inside their tier",
};

function statProblem(stat: Stat): ReadResult | null {
  if (stat.isSymbolicLink()) return SYMLINK;
  if (!stat.isFile()) return { ok: false, code: "not-regular", message: "is not a regular file" };
  if (stat.size > MAX_FILE_BYTES)
    return { ok: false, code: "too-large", message: `is larger than ${MAX_FILE_BYTES} bytes` };
  return null;
}

function statError(error: unknown): ReadResult {
  if ((error as NodeJS.ErrnoException).code === "ENOENT")
    return { ok: false, code: "missing", message: "no such file" };
  return { ok: false, code: "unreadable", message: (error as Error).message };
}

/** Parses one file's content as the readers do: strict JSON, an optional BOM, the content's ETag. */
export function parsed(content: Buffer | string): ReadResult {
  try {
    const value =
      typeof content === "string"
        ? parseJsonStrict(content, { allowBom: true })
        : parseJsonBytes(content, { allowBom: true });
    return { ok: true, value, etag: etagOf(content) };
  } catch (error) {
    if (error instanceof JsonProblem) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** Reads and strictly parses one JSON file; never follows a symlink, never throws for bad content. */
export async function readJsonFile(file: string): Promise<ReadResult> {
  let stat: Stats;
  try {
    stat = await fs.lstat(file);
  } catch (error) {
    return statError(error);
  }
  const problem = statProblem(stat);
  if (problem) return problem;
  let bytes: Buffer;
  try {
    const handle = await fs.open(file, fsc.O_RDONLY | fsc.O_NOFOLLOW);
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { ok: false, code: "unreadable", message: (error as Error).message };
  }
  return parsed(bytes);
}

const READ_FLAGS = fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK;

/**
 * `readJsonFileSync` for a file its directory listing showed as a regular file, the common case
 * of a tier load: `readFileSync` with an encoding opens, reads, decodes and closes in one call
 * into Node, where the careful path makes four and copies the bytes once more. Anything unusual
 * (an error, a replacement character that may stand for malformed UTF-8, too many bytes, content
 * that does not parse) is read again by the careful path, so every problem is reported exactly as
 * it would be there.
 */
export function readListedJsonFileSync(file: string): ReadResult {
  let text: string;
  try {
    // Node takes numeric flags here as everywhere (`stringToFlags`); only the typings say string.
    text = readFileSync(file, { encoding: "utf8", flag: READ_FLAGS as unknown as string });
  } catch {
    return readJsonFileSync(file);
  }
  // UTF-8 takes at most three bytes per UTF-16 unit, so most texts need no byte count.
  const tooLarge = text.length * 3 > MAX_FILE_BYTES && Buffer.byteLength(text, "utf8") > MAX_FILE_BYTES;
  if (tooLarge || text.includes("\uFFFD")) return readJsonFileSync(file);
  const read = parsed(text);
  // A broken file is rare and gets read twice; a FIFO swapped in since the listing reads as empty
  // text here, and the careful path says what it is.
  return read.ok ? read : readJsonFileSync(file);
}

/**
 * `readJsonFile` with synchronous calls, for loading a whole tier: each `fs.promises` call is a
 * hop to libuv's small thread pool, which for thousands of 2 kB files costs several times the
 * reading itself (docs/performance.md §5.4). Callers yield between batches so the event loop is
 * never held for long. The file is opened before it is looked at, so its path is resolved once:
 * `O_NOFOLLOW` refuses a symlink, `O_NONBLOCK` keeps a FIFO from hanging the open.
 */
export function readJsonFileSync(file: string): ReadResult {
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return SYMLINK;
    return statError(error);
  }
  let bytes: Buffer;
  try {
    const stat = fstatSync(fd);
    const problem = statProblem(stat);
    if (problem) return problem;
    // The size is known: one read, where `readFileSync` would stat the file again first.
    bytes = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    for (let n = 1; filled < bytes.length && n > 0; filled += n)
      n = readSync(fd, bytes, filled, bytes.length - filled, filled);
    if (filled < bytes.length) bytes = bytes.subarray(0, filled);
  } catch (error) {
    return { ok: false, code: "unreadable", message: (error as Error).message };
  } finally {
    closeSync(fd);
  }
  return parsed(bytes);
}

/**
 * Refuses content that readJsonFile would refuse to read back: a record that fits a request body
 * can outgrow MAX_FILE_BYTES once pretty-printed, and the write would succeed while the record
 * vanished from the org at the next read (and a layout or import with it).
 */
export function assertFits(file: string, content: string): void {
  const size = Buffer.byteLength(content, "utf8");
  if (size > MAX_FILE_BYTES) {
    throw new AppError(
      "payload_too_large",
      `${path.basename(file)} would be ${size} bytes, more than the ${MAX_FILE_BYTES} one file may hold; nothing was written`,
    );
  }
}

/** Joins `segments` onto `dir` and refuses any result that is not strictly inside it. */
export function confinedPath(dir: string, ...segments: string[]): string {
  const base = path.resolve(dir);
  const target = path.resolve(base, ...segments);
  const rel = path.relative(base, target);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel) || segments.some((s) => s.includes("\0"))) {
    throw new AppError("invalid", `path ${JSON.stringify(segments.join("/"))} escapes ${base}`);
  }
  return target;
}

/** Refuses to write through a symlink anywhere between the tier directory and the file. */
async function assertNoSymlinks(tierDir: string, file: string): Promise<void> {
  const rel = path.relative(tierDir, file).split(path.sep);
  let current = tierDir;
  for (const part of ["", ...rel]) {
    current = part ? path.join(current, part) : current;
    try {
      if ((await fs.lstat(current)).isSymbolicLink()) {
        throw new AppError("forbidden", `${current} is a symbolic link; the studio does not write through links`);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, fsc.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const TEMP_SUFFIX = ".studio-tmp";

async function writeDurable(file: string, content: string): Promise<void> {
  const handle = await fs.open(file, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `file` (inside `tierDir`) with `content` so that readers see the old or the new bytes, never a mix. */
export async function atomicWrite(tierDir: string, file: string, content: string): Promise<void> {
  await assertNoSymlinks(tierDir, file);
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await writeDurable(temp, content);
    await faultPoint("after-temp-write");
    await fs.rename(temp, file);
    await fsyncDir(dir);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => {});
    throw ioError(error, `writing ${file}`);
  }
}

/** Marks a state folder (such as `<proj>/runtime`) as not configuration: git ignores all of it. */
export async function ensureGitIgnored(dir: string): Promise<void> {
  const ignore = path.join(dir, ".gitignore");
  if (
    !(await fs.lstat(ignore).then(
      () => true,
      () => false,
    ))
  )
    await atomicWrite(dir, ignore, "*\n");
}

export async function removeFile(tierDir: string, file: string): Promise<void> {
  await assertNoSymlinks(tierDir, file);
  try {
    await fs.unlink(file);
    await fsyncDir(path.dirname(file));
  } catch (error) {
    throw ioError(error, `removing ${file}`);
  }
}

/** One file of a transaction: its path relative to the tier, and its new content (`null` deletes it). */
export type FileChange = { rel: string; content: string | null };

const TXN_PREFIX = ".txn-";
const COMMITTED = ".committed";
type Plan = { changes: { rel: string; staged: string | null }[] };

/**
 * Writes many files as one: everything is staged in `<tier>/.txn-<id>/` and fsynced, the
 * directory is renamed to `.txn-<id>.committed` (the commit point), then each file is renamed
 * into place. A crash before the commit leaves the old state (the staging is swept at the next
 * start); a crash after it is rolled forward by `recoverTier`.
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
 * Whether `recoverTier` would find anything to do, looked at without the tier lock. Taking the
 * lock writes and removes a file, and on every start that found nothing it is wasted: a clean
 * tier is the rule. A leftover seen here may be a live writer's in another process; recovery
 * then waits for that writer's lock, and by then the file is gone or truly left behind.
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

/**
 * Brings a tier back to a consistent state after a crash: rolls committed transactions forward,
 * drops uncommitted staging and leftover temp files. Returns what it did, for the log.
 */
/**
 * Removes temp files that writers killed mid-write left behind under `dir` (to `depth` levels),
 * but only those whose writer is dead: its pid is in the name, and a live CLI or second server may
 * be writing one right now.
 */
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

const inProcess = new Map<string, Promise<unknown>>();
const LOCK_NAME = ".studio.lock";
const LOCK_WAIT_MS = 10_000;

/** Whether a process with this pid runs (a lock or staging folder it owns is still in use). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock file is linked into place already holding its pid, so it is never seen empty. */
async function tryCreateLock(lock: string): Promise<boolean> {
  const temp = `${lock}.${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    // Inside the try: on a full disk the file is created and then the write fails (ENOSPC), and
    // that empty temp must not stay behind.
    await fs.writeFile(temp, String(process.pid));
    await fs.link(temp, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * Takes a lock whose holder died (killed with -9, it never removed it). It is renamed away first,
 * so two processes stealing at once cannot both delete: the loser finds a live pid in what it
 * renamed and puts it back.
 */
async function stealStaleLock(lock: string, deadPid: string): Promise<void> {
  const aside = `${lock}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await fs.rename(lock, aside);
  } catch {
    return;
  }
  const content = await fs.readFile(aside, "utf8").catch(() => "");
  if (content !== deadPid) await fs.link(aside, lock).catch(() => {});
  await fs.rm(aside, { force: true });
}

async function acquireFileLock(tierDir: string): Promise<() => Promise<void>> {
  const lock = path.join(tierDir, LOCK_NAME);
  const deadline = Date.now() + LOCK_WAIT_MS;
  await fs.mkdir(tierDir, { recursive: true }).catch((error) => {
    throw ioError(error, `creating ${tierDir}`);
  });
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      if (await tryCreateLock(lock)) return () => fs.rm(lock, { force: true });
    } catch (error) {
      throw ioError(error, `locking ${tierDir}`);
    }
    const content = await fs.readFile(lock, "utf8").catch(() => null);
    if (content === null) continue;
    const holder = Number.parseInt(content, 10);
    if (!Number.isFinite(holder) || (holder !== process.pid && !pidAlive(holder))) {
      await stealStaleLock(lock, content);
      continue;
    }
    if (Date.now() > deadline) throw new AppError("busy", `${tierDir} is locked by process ${holder}; try again`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Runs `fn` holding the tier's lock: one writer at a time within this process (a promise chain)
 * and across processes (an exclusive lock file naming the holder's pid).
 */
export async function withTierLock<T>(tierDir: string, fn: () => Promise<T>): Promise<T> {
  const key = path.resolve(tierDir);
  const previous = inProcess.get(key) ?? Promise.resolve();
  const run = previous
    .catch(() => {})
    .then(async () => {
      const release = await acquireFileLock(key);
      try {
        return await fn();
      } finally {
        await release();
      }
    });
  inProcess.set(key, run);
  try {
    return await run;
  } finally {
    if (inProcess.get(key) === run) inProcess.delete(key);
  }
}
