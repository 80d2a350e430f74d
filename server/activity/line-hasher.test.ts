import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashRanges, lineHasher, WORKER_MIN_LINES } from "./line-hasher";
import { readLines } from "./lines";

const dir = mkdtempSync(path.join(os.tmpdir(), "studio-hasher-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Construct's rule: the SHA-256 of the line's text decoded as UTF-8. */
const constructHash = (bytes: Buffer) => createHash("sha256").update(bytes.toString("utf8")).digest("hex");

/** Lines of JSON, with a line that is not UTF-8 and one that holds U+FFFD as written. */
function lines(count: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++)
    out.push(Buffer.from(JSON.stringify({ i, target: `docs/${"d".repeat(i % 200)}/f${i}.md` })));
  out[7] = Buffer.concat([Buffer.from('{"bad":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
  out[9] = Buffer.from('{"replacement":"\uFFFD"}');
  return out;
}

describe("hashing a chunk's lines", () => {
  it("gives Construct's hash of every line on the hashing thread and here alike", async () => {
    const parts = lines(WORKER_MIN_LINES * 3);
    const bytes = Buffer.concat(parts.flatMap((p) => [p, Buffer.from("\n")]));
    const starts = new Int32Array(parts.length);
    const ends = new Int32Array(parts.length);
    let at = 0;
    parts.forEach((p, i) => {
      starts[i] = at;
      ends[i] = at + p.length;
      at += p.length + 1;
    });
    const ranges = { starts, ends, count: parts.length };
    const threaded = await lineHasher.hash(bytes, ranges);
    const here = hashRanges(bytes, ranges);
    expect(threaded.equals(here)).toBe(true);
    for (const [i, p] of parts.entries()) expect(threaded.toString("hex", i * 32, i * 32 + 32)).toBe(constructHash(p));
  });

  it("reads a long file's lines in order, each with its own hash, across chunk ends", async () => {
    const parts = lines(20_000);
    const file = path.join(dir, "audit-trail.jsonl");
    writeFileSync(file, Buffer.concat(parts.flatMap((p) => [p, Buffer.from("\n")])));
    const seen: { line: number; hash: string; parsed: boolean }[] = [];
    const result = await readLines(file, { start: 0, gzip: false, firstLine: 0 }, (l) =>
      seen.push({ line: l.line, hash: l.hash, parsed: l.parsed }),
    );
    expect(result).toMatchObject({ lines: parts.length, error: null, tail: null });
    expect(seen.map((s) => s.line)).toEqual(parts.map((_, i) => i + 1));
    expect(seen.map((s) => s.hash)).toEqual(parts.map(constructHash));
    expect(seen[7].parsed).toBe(true);
    // More than one read's worth of bytes, so lines span the ends of chunks.
    expect(result.consumed).toBeGreaterThan(2 * 2 ** 20);
  });
});
