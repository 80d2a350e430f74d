import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";

/**
 * SHA-256 of many lines at once, on a second thread: hashing is as costly as parsing a trail's JSON,
 * so a long read hashes one chunk's lines there while this thread parses the same lines. A few lines
 * (an append being followed) are hashed here, where a round trip would cost more than the hashing.
 * Each line is hashed as Construct hashes it: its bytes, or its text when the bytes are not UTF-8
 * (each bad byte read as U+FFFD before hashing).
 */

/** Lines in one request below which they are hashed on this thread. */
export const WORKER_MIN_LINES = 256;

export type LineRanges = { starts: Int32Array; ends: Int32Array; count: number };

const sha = (bytes: Uint8Array): Buffer => {
  const hash = createHash("sha256");
  hash.update(isUtf8(bytes) ? bytes : Buffer.from(bytes).toString("utf8"));
  return hash.digest();
};

/** The 32-byte digests of the ranges of `bytes`, one after another. */
export function hashRanges(bytes: Uint8Array, ranges: LineRanges): Buffer {
  const out = Buffer.allocUnsafe(ranges.count * 32);
  for (let i = 0; i < ranges.count; i++) sha(bytes.subarray(ranges.starts[i], ranges.ends[i])).copy(out, i * 32);
  return out;
}

// The worker's whole program: the same rule as `hashRanges`, in plain JavaScript so it runs from
// source however this module was built.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { isUtf8 } = require("node:buffer");
parentPort.on("message", ({ id, bytes, starts, ends, count }) => {
  const out = Buffer.allocUnsafe(count * 32);
  for (let i = 0; i < count; i++) {
    const line = bytes.subarray(starts[i], ends[i]);
    const hash = createHash("sha256");
    hash.update(isUtf8(line) ? line : Buffer.from(line).toString("utf8"));
    hash.digest().copy(out, i * 32);
  }
  const digests = new Uint8Array(out.buffer, out.byteOffset, out.length);
  parentPort.postMessage({ id, digests }, out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? [out.buffer] : []);
});
`;

type Pending = { resolve: (digests: Buffer) => void; reject: (error: Error) => void };

class WorkerHasher {
  private worker: Worker | null = null;
  private broken = false;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      // An idle hasher never keeps a process (the CLI, a test) alive; a busy one does.
      worker.unref();
      worker.on("message", ({ id, digests }: { id: number; digests: Uint8Array }) => {
        const p = this.pending.get(id);
        this.pending.delete(id);
        if (!this.pending.size) worker.unref();
        p?.resolve(Buffer.from(digests.buffer, digests.byteOffset, digests.byteLength));
      });
      const fail = (error: Error) => {
        this.broken = true;
        this.worker = null;
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`the hashing thread exited (${code})`)));
      this.worker = worker;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  /** The digests of the ranges, hashed on the worker (or here, when it cannot run). */
  async hash(bytes: Buffer, ranges: LineRanges): Promise<Buffer> {
    const worker = ranges.count >= WORKER_MIN_LINES ? this.start() : null;
    if (!worker) return hashRanges(bytes, ranges);
    const id = this.next++;
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        worker.ref();
        // Copied, not moved: this thread parses the same bytes meanwhile.
        worker.postMessage({
          id,
          bytes,
          starts: ranges.starts.subarray(0, ranges.count),
          ends: ranges.ends.subarray(0, ranges.count),
          count: ranges.count,
        });
      });
    } catch {
      return hashRanges(bytes, ranges);
    }
  }
}

/** One hashing thread for the process, started on first need. */
export const lineHasher = new WorkerHasher();
