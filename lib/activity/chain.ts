import type { ChainIssue, ChainVerdict } from "@/schemas/activity";

/**
 * The audit trail's hash chain, checked one line at a time as Construct 2.1.1's `verifyChain` checks
 * its active file: each line's `prev_line_hash` must be the SHA-256 (hex) of the previous non-empty
 * line's text; checking starts over at the last line with a truthy `chain_reset` (the lines before it
 * are legacy, never checked), that line's own link is never checked, a line that is not JSON is
 * reported as such and still links the next. Fed every segment of a trail oldest first, it also
 * checks what Construct does not: the first line of each segment against the last line of the one
 * before. Line numbers are per file, counting non-empty lines, as Construct counts them.
 */

/** One non-empty line: its text, the SHA-256 hex of that text (UTF-8), and its JSON value when it parses. */
export type ChainLine = { text: string; hash: string; parsed: boolean; value: unknown; unread?: boolean };

/** Issues kept in full; the rest are counted. */
export const MAX_ISSUES = 1000;

const MISMATCH = "prev_line_hash mismatch — chain break";
/** `verifyChain` reads `row.chain_reset` of every checked line, so a line of JSON `null` throws there. */
const NULL_CRASH = "TypeError: Cannot read properties of null (reading 'chain_reset')";

/** `count` counts every issue Construct would print; `issues` keeps the first of them. */
type FileState = { name: string; lines: number; start: number; issues: ChainIssue[]; count: number; crashed: boolean };

export type ChainState = {
  prevHash: string | null;
  /** Whether the next line has a known predecessor (false at the trail's start and after a gap). */
  linked: boolean;
  verified: number;
  legacy: number;
  issues: ChainIssue[];
  more: number;
  segments: string[];
  file: FileState | null;
};

export const newChainState = (): ChainState => ({
  prevHash: null,
  linked: false,
  verified: 0,
  legacy: 0,
  issues: [],
  more: 0,
  segments: [],
  file: null,
});

const isReset = (line: ChainLine) =>
  line.parsed &&
  line.value !== null &&
  typeof line.value === "object" &&
  !!(line.value as Record<string, unknown>).chain_reset;

export class Chain {
  constructor(public state: ChainState = newChainState()) {}

  /** A copy to feed a provisional line (a last line still being written) without changing this one. */
  fork(): Chain {
    return new Chain(structuredClone(this.state));
  }

  /** The next file of the trail; `linked` false when what came before it is unknown (pruned, missing, unreadable). */
  startFile(name: string, linked = true): void {
    const s = this.state;
    s.segments.push(name);
    s.file = { name, lines: 0, start: 0, issues: [], count: 0, crashed: false };
    if (!linked) s.linked = false;
  }

  /** The file being read was renamed (rotated into a segment): what was found in it goes by its new name. */
  renameFile(from: string, to: string): void {
    const s = this.state;
    if (s.file?.name === from) s.file.name = to;
    s.segments = s.segments.map((name) => (name === from ? to : name));
    for (const issue of s.issues) if (issue.file === from) issue.file = to;
    for (const issue of s.file?.issues ?? []) if (issue.file === from) issue.file = to;
  }

  /** The trail cannot be followed past here (a segment was lost or could not be read to its end). */
  unlink(): void {
    this.state.linked = false;
  }

  feed(line: ChainLine): void {
    const s = this.state;
    if (!s.file) this.startFile("audit-trail.jsonl", false);
    const f = s.file as unknown as FileState;
    f.lines++;
    if (line.unread) {
      // A line too long to read (the reader says so): it links the next line, and is itself unchecked.
      s.verified++;
      s.prevHash = line.hash;
      s.linked = true;
      return;
    }
    if (isReset(line)) {
      // Everything before the last reset is legacy: what was found there does not count.
      s.legacy += s.verified;
      s.verified = 1;
      s.issues = [];
      s.more = 0;
      f.start = f.lines - 1;
      f.issues = [];
      f.count = 0;
      f.crashed = false;
      s.prevHash = line.hash;
      s.linked = true;
      return;
    }
    s.verified++;
    const firstOfFile = f.lines === 1;
    if (!line.parsed) this.issue(f, { reason: "malformed JSON", expected: null, actual: null }, firstOfFile);
    else if ((!firstOfFile && f.lines - 1 > f.start) || (firstOfFile && s.linked)) {
      const boundary = firstOfFile;
      if (line.value === null) {
        if (!boundary) f.crashed = true;
        this.issue(
          f,
          {
            reason: `${MISMATCH} (a line of JSON null, on which construct's verifier crashes)`,
            expected: s.prevHash,
            actual: null,
          },
          boundary,
        );
      } else {
        const actual =
          typeof line.value === "object" ? (line.value as Record<string, unknown>).prev_line_hash : undefined;
        if (actual !== s.prevHash) {
          const reason = boundary
            ? `prev_line_hash does not chain to the last line of ${s.segments.at(-2) ?? "the segment before"}`
            : MISMATCH;
          this.issue(f, { reason, expected: s.prevHash, actual: actual ?? null }, boundary);
        }
      }
    }
    s.prevHash = line.hash;
    s.linked = true;
  }

  /** `boundary`: an issue Construct does not see, since it never reads the segment before. */
  private issue(f: FileState, found: Omit<ChainIssue, "file" | "line">, boundary: boolean): void {
    const issue: ChainIssue = { file: f.name, line: f.lines, ...found };
    const s = this.state;
    if (s.issues.length < MAX_ISSUES) s.issues.push(issue);
    else s.more++;
    if (boundary) return;
    f.count++;
    if (f.issues.length < MAX_ISSUES) f.issues.push(issue);
  }

  /** The verdict, with Construct's own for `active` (the file `construct audit trail --verify` reads). */
  verdict(trail: string, active: string): ChainVerdict {
    const s = this.state;
    const f = s.file && s.file.name === active ? s.file : null;
    return {
      trail,
      ok: s.issues.length === 0 && s.more === 0,
      verified: s.verified,
      legacy: s.legacy,
      issues: s.issues,
      more: s.more,
      segments: s.segments,
      construct: constructVerdict(f),
    };
  }
}

/** What `construct audit trail --verify` prints for one file, from what was found in it. */
function constructVerdict(f: FileState | null): ChainVerdict["construct"] {
  const verified = f ? f.lines - f.start : 0;
  if (!f || f.count === 0) return { ok: true, verified, text: `Audit chain OK — ${verified} records verified.` };
  if (f.crashed) return { ok: false, verified, text: NULL_CRASH };
  const k = f.count;
  return {
    ok: false,
    verified,
    text: [
      `Audit chain BROKEN — ${k} issue${k === 1 ? "" : "s"} across ${verified} records:`,
      ...f.issues.map((i) => `  line ${i.line}: ${i.reason.startsWith(MISMATCH) ? MISMATCH : i.reason}`),
      ...(k > f.issues.length ? [`  … ${k - f.issues.length} more`] : []),
    ].join("\n"),
  };
}
