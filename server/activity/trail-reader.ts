import { open, stat } from "node:fs/promises";
import { Chain } from "@/lib/activity/chain";
import type { ActivityNote, ChainVerdict } from "@/schemas/activity";
import { type FileLine, lineOf, readLines } from "./lines";
import { segmentsOf } from "./segments";

/**
 * One records channel (an audit trail or an agent log) followed as Construct appends to it and
 * rotates it: each read takes only the bytes added since the last (the active file's byte offset and
 * the chain's state are kept), a rotated segment is read once, and the active file renamed into a
 * segment is read on from where it was. Reading never writes.
 */

export type LineSink = (line: FileLine, file: string) => void;
export type ReadOutcome = {
  /** The file was replaced or shrank: what was read does not describe it, so read it again from the start. */
  restart: boolean;
  verdict: ChainVerdict | null;
  bytes: number;
  /** What could not be read as it is: the segments' notes from every read so far, then this read's own. */
  notes: ActivityNote[];
};

type Cursor = { name: string; ino: number; offset: number; lines: number; guard: Buffer };

/** The bytes just before `offset`, which an append leaves as they are: changed, the file was edited in place. */
const GUARD_BYTES = 256;

async function bytesBefore(file: string, offset: number): Promise<Buffer> {
  const length = Math.min(GUARD_BYTES, offset);
  if (!length) return Buffer.alloc(0);
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset - length);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export class TrailReader {
  private readonly chain: Chain | null;
  private readonly done = new Set<string>();
  private lastIndex: number | null = null;
  /** Whether the last file read was read to its end, so the next one's first line has a known predecessor. */
  private whole = true;
  private active: Cursor | null = null;
  /** Notes about segments, which are read once: given again with every read. */
  private readonly kept: ActivityNote[] = [];

  constructor(
    readonly file: string,
    private readonly opts: { chain: boolean; display: (file: string) => string },
  ) {
    this.chain = opts.chain ? new Chain() : null;
  }

  /**
   * `onRename` hears that the active file rotated into a segment, before any line of the new active
   * file is given: what was read from it goes by the segment's name from then on.
   */
  async read(onLine: LineSink, onRename?: (from: string, to: string) => void): Promise<ReadOutcome> {
    const show = this.opts.display;
    let bytes = 0;
    const transient: ActivityNote[] = [];
    const note = (n: ActivityNote) => this.kept.push(n);
    const out = (verdict: ChainVerdict | null, restart = false): ReadOutcome => ({
      restart,
      verdict,
      bytes,
      notes: [...this.kept, ...transient],
    });
    const segments = await segmentsOf(this.file);
    if (!segments.length) {
      transient.push({
        file: show(this.file),
        line: null,
        message: "no such file: Construct has recorded nothing here",
      });
      return out(this.verdict(), this.active !== null);
    }
    for (const seg of segments) {
      if (seg.index === null || this.done.has(seg.name)) continue;
      const shown = show(seg.file);
      const info = await stat(seg.file).catch((error: Error) => error);
      const rotated = !(info instanceof Error) && this.active !== null && info.ino === this.active.ino;
      if (rotated && this.active) {
        // The active file rotated into this segment: go on from where it was read to.
        this.chain?.renameFile(this.active.name, shown);
        onRename?.(this.active.name, shown);
        const r = await this.readPart(
          seg.file,
          shown,
          { start: this.active.offset, gzip: seg.gzip, firstLine: this.active.lines },
          onLine,
          note,
        );
        bytes += r;
        this.active = null;
      } else {
        const first = this.lastIndex === null;
        const gap = this.lastIndex === null ? seg.index > 1 : seg.index !== this.lastIndex + 1;
        if (gap)
          note({
            file: shown,
            line: null,
            message: first
              ? `the segments before ${seg.name} are gone (rotation prunes the oldest): the chain into its first line is not checked`
              : `a segment between ${this.lastIndex} and ${seg.index} is missing: the chain across it is not checked`,
          });
        this.chain?.startFile(shown, !first && !gap && this.whole);
        if (info instanceof Error || !info.isFile()) {
          note({
            file: shown,
            line: null,
            message: `could not be read (${info instanceof Error ? info.message : "not a file"}): the chain across it is not checked`,
          });
          this.chain?.unlink();
          this.whole = false;
        } else bytes += await this.readPart(seg.file, shown, { start: 0, gzip: seg.gzip, firstLine: 0 }, onLine, note);
      }
      this.done.add(seg.name);
      this.lastIndex = seg.index;
    }
    const active = segments.at(-1);
    if (!active || active.index !== null) return out(this.verdict(), this.active !== null);
    const info = await stat(active.file).catch(() => null);
    if (!info) return out(this.verdict(), this.active !== null);
    const shown = show(active.file);
    if (this.active && (this.active.ino !== info.ino || info.size < this.active.offset)) return out(null, true);
    // Construct only appends: bytes already read that differ now mean a line was edited in place.
    if (this.active?.guard.length) {
      const now = await bytesBefore(active.file, this.active.offset).catch(() => null);
      if (!now?.equals(this.active.guard)) return out(null, true);
    }
    if (!this.active) {
      this.chain?.startFile(shown, this.lastIndex !== null && this.whole);
      this.active = { name: shown, ino: info.ino, offset: 0, lines: 0, guard: Buffer.alloc(0) };
    }
    const cursor = this.active;
    const result = await readLines(
      active.file,
      { start: cursor.offset, end: info.size, gzip: false, firstLine: cursor.lines },
      (line) => {
        this.chain?.feed(line);
        onLine(line, shown);
      },
    );
    cursor.offset += result.consumed;
    cursor.lines += result.lines;
    bytes += result.consumed;
    cursor.guard = await bytesBefore(active.file, cursor.offset).catch(() => Buffer.alloc(0));
    if (result.error) transient.push({ file: shown, line: null, message: `reading stopped: ${result.error}` });
    if (!result.tail && !result.tailBytes) return out(this.verdict());
    // A last line without its `\n`: a write in progress, or one a killed writer cut off (Construct's
    // next append joins it). Its verdict is given as it stands; it is read again once it ends.
    transient.push({
      file: shown,
      line: cursor.lines + 1,
      message: `the last line has no line end (${result.tailBytes} bytes): a write in progress or one cut off; it is not counted until it ends`,
    });
    if (!result.tail || !this.chain) return out(this.verdict());
    const fork = this.chain.fork();
    fork.feed(lineOf(result.tail, cursor.lines + 1));
    return out(fork.verdict(show(this.file), shown));
  }

  /** Reads a file that does not grow any more (a segment) to its end; returns the bytes read. */
  private async readPart(
    file: string,
    shown: string,
    at: { start: number; gzip: boolean; firstLine: number },
    onLine: LineSink,
    note: (n: ActivityNote) => void,
  ): Promise<number> {
    const feed = (line: FileLine) => {
      this.chain?.feed(line);
      onLine(line, shown);
    };
    const result = await readLines(file, at, feed);
    this.whole = !result.error;
    if (result.error) {
      note({
        file: shown,
        line: at.firstLine + result.lines || null,
        message: `could not be read to its end (${result.error}): lines after ${at.firstLine + result.lines} are not read, and the chain across it is not checked`,
      });
      this.chain?.unlink();
    }
    if (result.tail) {
      note({
        file: shown,
        line: at.firstLine + result.lines + 1,
        message: "the last line has no line end: the write was cut off",
      });
      feed(lineOf(result.tail, at.firstLine + result.lines + 1));
    }
    return result.consumed + (result.tail?.length ?? 0);
  }

  verdict(): ChainVerdict | null {
    const active = this.opts.display(this.file);
    return this.chain ? this.chain.verdict(active, active) : null;
  }
}
