import { hash } from "node:crypto";
import { closeSync, constants as fsc, fstatSync, openSync, readFileSync, readSync, type Stats } from "node:fs";
import fs from "node:fs/promises";
import { JsonProblem, parseJsonBytes, parseJsonStrict } from "@/lib/json/safe-json";
import type { Result } from "@/schemas/result";

// Reads open once with O_NOFOLLOW (the kernel refuses a symlink; an earlier lstat can be outrun) and
// O_NONBLOCK (a FIFO cannot hang), then check that same descriptor, so what is checked is what is read.

export const MAX_FILE_BYTES = 1024 * 1024;

/** The version a file that does not exist yet answers with, for If-Match on its first write. */
export const ABSENT_ETAG = '"absent"';

/** A string is hashed as its UTF-8 bytes, so a file's text and its bytes give the same tag. */
export function etagOf(bytes: Uint8Array | string): string {
  // The one-shot `hash` skips the Hash object `createHash` builds: a third of the cost for a 1 kB record.
  return `"sha256:${hash("sha256", bytes, "hex")}"`;
}

export function combineEtags(etags: readonly string[]): string {
  return etags.length === 1 ? etags[0] : etagOf(etags.join("\n"));
}

export type NoFollowCode = "missing" | "symlink" | "not-regular" | "too-large" | "unreadable";

/** Why a file was not read; `message` reads after the file's name ("… is a symbolic link"). */
export class NoFollowReadError extends Error {
  constructor(
    readonly code: NoFollowCode,
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = "NoFollowReadError";
  }
}

/** The flags every read of an org file opens with, here and on the reader thread. */
export const READ_FLAGS = fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK;

const SYMLINK_MESSAGE = "is a symbolic link; org files must be regular files inside their tier";

function openError(file: string, error: unknown): NoFollowReadError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ELOOP") return new NoFollowReadError("symlink", file, SYMLINK_MESSAGE);
  if (code === "ENOENT") return new NoFollowReadError("missing", file, "no such file");
  return new NoFollowReadError("unreadable", file, (error as Error).message);
}

function statRefusal(file: string, stat: Stats, limit: number): NoFollowReadError | null {
  if (!stat.isFile()) return new NoFollowReadError("not-regular", file, "is not a regular file");
  if (stat.size > limit) return new NoFollowReadError("too-large", file, `is larger than ${limit} bytes`);
  return null;
}

/** A regular file, never through a final symlink, at most `limit` bytes; throws `NoFollowReadError`. */
export async function readFileNoFollow(
  file: string,
  opts: { limit?: number } = {},
): Promise<{ bytes: Buffer; stat: Stats }> {
  const limit = opts.limit ?? MAX_FILE_BYTES;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, READ_FLAGS);
  } catch (error) {
    throw openError(file, error);
  }
  try {
    const stat = await handle.stat();
    const refusal = statRefusal(file, stat, limit);
    if (refusal) throw refusal;
    // One byte past the size the stat gave: a file that grew since is caught, never read unbounded.
    const bytes = Buffer.allocUnsafe(Math.min(stat.size, limit) + 1);
    let filled = 0;
    for (let n = 1; filled < bytes.length && n > 0; filled += n)
      n = (await handle.read(bytes, filled, bytes.length - filled, filled)).bytesRead;
    if (filled > limit) throw new NoFollowReadError("too-large", file, `is larger than ${limit} bytes`);
    return { bytes: bytes.subarray(0, filled), stat };
  } catch (error) {
    if (error instanceof NoFollowReadError) throw error;
    throw new NoFollowReadError("unreadable", file, (error as Error).message);
  } finally {
    await handle.close();
  }
}

export async function readTextNoFollow(
  file: string,
  opts: { limit?: number } = {},
): Promise<{ text: string; stat: Stats }> {
  const { bytes, stat } = await readFileNoFollow(file, opts);
  return { text: bytes.toString("utf8"), stat };
}

/** Synchronous, for a whole tier: an async call per file costs more than the reading. Callers yield between batches. */
export function readFileNoFollowSync(file: string, opts: { limit?: number } = {}): { bytes: Buffer; stat: Stats } {
  const limit = opts.limit ?? MAX_FILE_BYTES;
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    throw openError(file, error);
  }
  try {
    const stat = fstatSync(fd);
    const refusal = statRefusal(file, stat, limit);
    if (refusal) throw refusal;
    // The size is known: one read, where `readFileSync` would stat the file again first.
    let bytes = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    for (let n = 1; filled < bytes.length && n > 0; filled += n)
      n = readSync(fd, bytes, filled, bytes.length - filled, filled);
    if (filled < bytes.length) bytes = bytes.subarray(0, filled);
    return { bytes, stat };
  } catch (error) {
    if (error instanceof NoFollowReadError) throw error;
    throw new NoFollowReadError("unreadable", file, (error as Error).message);
  } finally {
    closeSync(fd);
  }
}

export type ReadResult = Result<{ value: unknown; etag: string }, { code: NoFollowCode | JsonProblem["code"] }>;

function refused(error: unknown): ReadResult {
  if (error instanceof NoFollowReadError) return { ok: false, code: error.code, message: error.message };
  throw error;
}

/**
 * Parses one file's content as the readers do: strict JSON, an optional BOM, the content's ETag.
 * The tag is hashed at once: one-shot SHA-256 costs a few percent of a load, while keeping each
 * file's text for a later hash made every file's text outlive the load and tripled the collector's work.
 */
export function parsed(content: Buffer | string): ReadResult {
  try {
    if (typeof content !== "string")
      return { ok: true, value: parseJsonBytes(content, { allowBom: true }), etag: etagOf(content) };
    return { ok: true, value: parseJsonStrict(content, { allowBom: true }), etag: etagOf(content) };
  } catch (error) {
    if (error instanceof JsonProblem) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

export async function readJsonFile(file: string): Promise<ReadResult> {
  try {
    return parsed((await readFileNoFollow(file)).bytes);
  } catch (error) {
    return refused(error);
  }
}

export function readJsonFileSync(file: string): ReadResult {
  try {
    return parsed(readFileNoFollowSync(file).bytes);
  } catch (error) {
    return refused(error);
  }
}

/** Fast path for a listed regular file: one `readFileSync`; anything unusual is read again by the careful path. */
export function readListedJsonFileSync(file: string): ReadResult {
  let text: string;
  try {
    // Node takes numeric flags here as everywhere (`stringToFlags`); only the typings say string.
    text = readFileSync(file, { encoding: "utf8", flag: READ_FLAGS as unknown as string });
  } catch {
    return readJsonFileSync(file);
  }
  return parsedListedText(text, file);
}

/** The text of a listed regular file read in one go (here or on another thread), checked and parsed as `readListedJsonFileSync` does. */
export function parsedListedText(text: string, file: string): ReadResult {
  // UTF-8 takes at most three bytes per UTF-16 unit, so most texts need no byte count.
  const tooLarge = text.length * 3 > MAX_FILE_BYTES && Buffer.byteLength(text, "utf8") > MAX_FILE_BYTES;
  if (tooLarge || text.includes("\uFFFD")) return readJsonFileSync(file);
  const read = parsed(text);
  // A broken file (or a FIFO swapped in, read as empty) goes through the careful path, which reports it.
  return read.ok ? read : readJsonFileSync(file);
}
