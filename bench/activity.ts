import { createHash } from "node:crypto";
import { closeSync, createReadStream, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ActivityService } from "@/server/activity/activity-service";
import { GitFenceHistory } from "@/server/activity/fence-history";
import { composeServices } from "@/server/compose";
import { installConstruct } from "../test/support/construct-package";
import { median, round, sampleAlternately } from "./stats";

export type ActivityFigures = {
  lines: number;
  megabytes: number;
  /**
   * The activity summary over the whole trail (read, chain verified, every line judged against the
   * org) with the org loaded, as a running studio has it; `coldMs` once with the org loaded first, as the CLI does.
   */
  summaryMs: number;
  coldMs: number;
  /** Reading the same bytes, splitting lines at `\n`, JSON.parse and one SHA-256 per line. */
  floorMs: number;
  /** The JS heap's highest reading during one summary, above the heap before it, after a full collection. */
  heapPeakMb: number;
};

const AGENTS = ["cx-architect", "cx-engineer", "cx-docs-keeper", "cx-qa", "construct", "cx-ghost"];

/**
 * A hook-shaped trail of `lines` lines chained as Construct chains them (each line carries the
 * SHA-256 of the line before). Construct's own writer reads its whole file per append, so a trail
 * this long is written here with the same rule.
 */
export function writeTrail(root: string, lines: number): number {
  const dir = path.join(root, ".construct");
  mkdirSync(dir, { recursive: true });
  const fd = openSync(path.join(dir, "audit-trail.jsonl"), "w");
  let prev: string | null = null;
  let bytes = 0;
  let batch = "";
  const start = Date.now() - lines * 1000;
  for (let i = 0; i < lines; i++) {
    const bash = i % 4 === 0;
    const line: string = JSON.stringify({
      ts: new Date(start + i * 1000).toISOString(),
      session_id: "bench",
      tool: bash ? "Bash" : "Edit",
      agent: AGENTS[i % AGENTS.length],
      task: null,
      cwd: root,
      target: bash ? "bash" : path.join(root, "docs", `d${i % 500}`, `f${i % 7}.md`),
      detail: bash ? `git add docs/d${i % 500}` : "-- old text\n++ new text",
      content_hash: null,
      prev_line_hash: prev,
    });
    prev = createHash("sha256").update(line).digest("hex");
    batch += `${line}\n`;
    if (batch.length > 1 << 20) {
      bytes += writeSync(fd, batch);
      batch = "";
    }
  }
  bytes += writeSync(fd, batch);
  closeSync(fd);
  return bytes;
}

async function floor(file: string): Promise<number> {
  let count = 0;
  let carry: Buffer | null = null;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    for (let nl = buf.indexOf(10, from); nl >= 0; nl = buf.indexOf(10, from)) {
      const line = buf.subarray(from, nl);
      JSON.parse(line.toString("utf8"));
      createHash("sha256").update(line).digest("hex");
      count++;
      from = nl + 1;
    }
    carry = from < buf.length ? Buffer.from(buf.subarray(from)) : null;
  }
  return count;
}

const gc = (globalThis as { gc?: () => void }).gc;

export async function measureActivity(lines: number, runs: number): Promise<ActivityFigures> {
  const root = mkdtempSync(path.join(os.tmpdir(), `studio-bench-activity-${lines}-`));
  try {
    installConstruct(root);
    const bytes = writeTrail(root, lines);
    const file = path.join(root, ".construct", "audit-trail.jsonl");
    const check = (a: { read: { lines: number }; trails: { ok: boolean }[] }) => {
      if (a.read.lines !== lines || !a.trails[0].ok)
        throw new Error("bench: the activity summary did not read the trail whole");
    };
    const cold = async () => {
      const s = composeServices({ root });
      try {
        check(await s.activity.summary({ since: "3650d" }));
      } finally {
        s.close();
      }
    };
    // Kept in memory, as a running studio keeps its org.
    const services = composeServices({ root, cache: true });
    await services.org.snapshot();
    // A new service each run reads the trail from its start: nothing read before is kept.
    const summarize = async () =>
      check(await new ActivityService(services.org, new GitFenceHistory(services.org)).summary({ since: "3650d" }));
    const [summary, floors, colds] = await sampleAlternately([summarize, () => floor(file), cold], { runs });
    services.close();
    gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    await cold();
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return {
      lines,
      megabytes: round(bytes / 1e6),
      summaryMs: round(median(summary)),
      coldMs: round(median(colds)),
      floorMs: round(median(floors)),
      heapPeakMb: round((peak - base) / 2 ** 20),
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
