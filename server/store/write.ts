import { randomBytes } from "node:crypto";
import { constants as fsc } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError, ioError } from "../errors";
import { faultPoint } from "../faults";
import { MAX_FILE_BYTES } from "./read";

// Our own atomic write, not write-file-atomic's: that one writes through symlinks, has no directory
// fsync and no hook for the crash points the fault tests need.

/** A pretty-printed record can outgrow MAX_FILE_BYTES and would then vanish from the org at the next read. */
export function assertFits(file: string, content: string): void {
  const size = Buffer.byteLength(content, "utf8");
  if (size > MAX_FILE_BYTES) {
    throw new AppError(
      "payload_too_large",
      `${path.basename(file)} would be ${size} bytes, more than the ${MAX_FILE_BYTES} one file may hold; nothing was written`,
    );
  }
}

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
export async function assertNoSymlinks(tierDir: string, file: string): Promise<void> {
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

export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, fsc.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const TEMP_SUFFIX = ".studio-tmp";

export async function writeDurable(file: string, content: string): Promise<void> {
  const handle = await fs.open(file, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Readers see the old or the new bytes, never a mix: temp file, fsync, rename, fsync of the directory. */
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

/** Marks a state folder (such as `<proj>/runtime`) as not configuration. */
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
