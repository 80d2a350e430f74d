import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import type { ChainLine } from "@/lib/activity/chain";
import { type LineRanges, lineHasher } from "./line-hasher";

/**
 * The non-empty lines of one records file, streamed and never held whole. Lines end at `\n` only:
 * Construct splits on `\n` and keeps a `\r` in the line it hashes, which node:readline would drop.
 * Each line is hashed as Construct hashes it: the SHA-256 of its text decoded as UTF-8 (a byte that
 * is not UTF-8 becomes U+FFFD before hashing).
 */

/** A line longer than this is hashed but not read: nothing Construct writes comes near it. */
export const MAX_LINE_BYTES = 1024 * 1024;

export type FileLine = ChainLine & { line: number; bytes: number };
export type ReadResult = {
  /** Bytes taken as whole lines, from where reading started: where the next read goes on. */
  consumed: number;
  lines: number;
  /** The bytes after the last `\n`: a last line still being written, or cut off (null past MAX_LINE_BYTES). */
  tail: Buffer | null;
  tailBytes: number;
  error: string | null;
};

const sha = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/** A line parsed, its hash given (from the hashing thread) or computed here. */
export function lineOf(bytes: Buffer, line: number, hash?: string): FileLine {
  const text = bytes.toString("utf8");
  let value: unknown;
  let parsed = true;
  try {
    value = JSON.parse(text);
  } catch {
    parsed = false;
  }
  // Valid UTF-8 decodes and encodes back to the same bytes; replaced bytes must be hashed as text.
  return {
    text,
    hash: hash ?? (text.includes("\uFFFD") ? sha(text) : sha(bytes)),
    parsed,
    value,
    line,
    bytes: bytes.length,
  };
}

/**
 * Reads `file` from byte `start` up to byte `end` (exclusive; what the file held when reading began,
 * so an append during the read waits for the next one), calling `onLine` per non-empty line,
 * numbered from `firstLine`. Each chunk's lines are hashed on the hashing thread while the chunk before
 * is parsed and given here, one line at a time, so nothing a line makes outlives it.
 */
export async function readLines(
  file: string,
  opts: { start: number; end?: number; gzip: boolean; firstLine: number },
  onLine: (line: FileLine) => void,
): Promise<ReadResult> {
  if (!opts.gzip && opts.end !== undefined && opts.start >= opts.end)
    return { consumed: 0, lines: 0, tail: null, tailBytes: 0, error: null };
  let line = opts.firstLine;
  let consumed = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let oversize: ReturnType<typeof createHash> | null = null;
  // One chunk's lines in order: a line read whole here, or the index of a range hashed elsewhere.
  type Batch = { chunk: Buffer; items: (FileLine | number)[]; ranges: LineRanges; hashed: Promise<Buffer> | null };
  const newRanges = (): LineRanges => ({ starts: new Int32Array(4096), ends: new Int32Array(4096), count: 0 });
  let items: (FileLine | number)[] = [];
  let ranges = newRanges();
  let previous: Batch | null = null;
  const defer = (from: number, to: number) => {
    if (to === from) return;
    if (ranges.count === ranges.starts.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      ranges = { starts: grow(ranges.starts), ends: grow(ranges.ends), count: ranges.count };
    }
    ranges.starts[ranges.count] = from;
    ranges.ends[ranges.count] = to;
    items.push(ranges.count++);
  };
  const whole = (bytes: Buffer) => {
    if (bytes.length) items.push(lineOf(bytes, 0));
  };
  const finishOversize = (last: Buffer) => {
    const hash = (oversize as ReturnType<typeof createHash>).update(last).digest("hex");
    items.push({
      text: "",
      hash,
      parsed: false,
      value: undefined,
      unread: true,
      line: 0,
      bytes: pendingBytes + last.length,
    });
    oversize = null;
    pending = [];
    pendingBytes = 0;
  };
  /** Sends this chunk's lines to be hashed, then gives the chunk before's lines. */
  const flush = async (chunk: Buffer | null) => {
    const batch: Batch | null = chunk
      ? { chunk, items, ranges, hashed: ranges.count ? lineHasher.hash(chunk, ranges) : null }
      : null;
    items = [];
    ranges = newRanges();
    const ready = previous;
    previous = batch;
    if (!ready) return;
    const digests = ready.hashed ? await ready.hashed : null;
    for (const item of ready.items) {
      const l =
        typeof item === "number"
          ? lineOf(
              ready.chunk.subarray(ready.ranges.starts[item], ready.ranges.ends[item]),
              0,
              (digests as Buffer).toString("hex", item * 32, item * 32 + 32),
            )
          : item;
      l.line = ++line;
      onLine(l);
    }
  };
  const raw = createReadStream(file, {
    start: opts.start,
    ...(opts.end !== undefined && !opts.gzip ? { end: opts.end - 1 } : {}),
    highWaterMark: 1 << 20,
  });
  const stream = opts.gzip ? raw.pipe(createGunzip({ chunkSize: 1 << 20 })) : raw;
  raw.on("error", (error) => stream.destroy(error));
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
        const piece = chunk.subarray(from, nl);
        const lineBytes = pendingBytes + piece.length;
        if (oversize) finishOversize(piece);
        else if (pendingBytes + piece.length > MAX_LINE_BYTES) {
          oversize = createHash("sha256");
          for (const p of pending) oversize.update(p);
          finishOversize(piece);
        } else if (pending.length) {
          whole(Buffer.concat([...pending, piece]));
          pending = [];
          pendingBytes = 0;
        } else defer(from, nl);
        consumed += lineBytes + 1;
        from = nl + 1;
      }
      await flush(chunk);
      const rest = chunk.subarray(from);
      if (!rest.length) continue;
      if (oversize) oversize.update(rest);
      else if (pendingBytes + rest.length > MAX_LINE_BYTES) {
        oversize = createHash("sha256");
        for (const p of pending) oversize.update(p);
        oversize.update(rest);
        pending = [];
      } else pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
    await flush(null);
  } catch (error) {
    // The lines read whole before the failure are given.
    await flush(null);
    return { consumed, lines: line - opts.firstLine, tail: null, tailBytes: 0, error: (error as Error).message };
  }
  const tail = oversize ? null : pending.length ? Buffer.concat(pending) : null;
  return { consumed, lines: line - opts.firstLine, tail, tailBytes: pendingBytes, error: null };
}
