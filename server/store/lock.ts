import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError, ioError } from "../errors";

const inProcess = new Map<string, Promise<unknown>>();
const LOCK_NAME = ".studio.lock";
const LOCK_WAIT_MS = 10_000;

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
    // Inside the try: on a full disk the write fails after the create, and the empty temp must go.
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

/** Renamed away first, so two stealers cannot both delete: the loser finds a live pid and puts it back. */
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

/** One writer at a time: a promise chain in this process, an exclusive pid lock file across processes. */
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
