import { globMatch } from "@/lib/org/fence-glob";
import {
  type ActivityEvent,
  type ActivityFinding,
  type ActivityNote,
  type DispatchStats,
  FENCE_USE_LISTS,
  type FenceUse,
  type OtherAgent,
  type ProfileActivity,
} from "@/schemas/activity";
import type { EffectiveFence } from "@/schemas/fence";
import { decisionsOf, type FenceJudge, judge } from "./fence-use";

/**
 * Everything the studio says about a window of activity, built one event at a time so that a trail
 * of any length is read in one pass without being held: counts per worker profile, the agents the
 * org does not know, each fence entry's use, breaches, and the newest events for the timeline.
 */

export type ActivityFilter = { profile: string | null; tool: string | null; path: string | null };

export type AccumulatorOptions = {
  /** Each worker profile of the org with its effective fence today. */
  fences: ReadonlyMap<string, EffectiveFence>;
  /** The fence a profile had at a time, when history says; null falls back to today's. */
  fenceAt?: (profile: string, time: number) => EffectiveFence | null;
  since: Date;
  until: Date;
  filter: ActivityFilter;
  /** Events kept for the timeline. */
  limit: number;
};

/** Notes and breach findings kept in full; beyond these they are counted. */
const MAX_NOTES = 200;
const MAX_BREACHES = 500;
/** A record dated this far past the window's end is in the future, not from a clock a little ahead. */
const FUTURE_SLACK_MS = 5 * 60_000;

const emptyStats = (): DispatchStats => ({
  count: 0,
  success: 0,
  warning: 0,
  error: 0,
  unknown: 0,
  lastSeen: null,
  errorRate: null,
});

type ProfileTally = ProfileActivity & { judge: FenceJudgeTally };
const later = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a);

export class ActivityAccumulator {
  private readonly profiles = new Map<string, ProfileTally>();
  private readonly others = new Map<string, OtherAgent>();
  private readonly timeline: ActivityEvent[] = [];
  /** Whether `timeline` is in time order as it stands. */
  private ordered = true;
  private matched = 0;
  private readonly notes: ActivityNote[] = [];
  private notesLeft = 0;
  private readonly breaches: ActivityFinding[] = [];
  private breachesLeft = 0;
  private readonly undated = new Map<string, number>();
  private readonly sinceMs: number;
  private untilMs: number;
  private readonly sinceIso: string;
  private futureIso: string;

  constructor(private readonly opts: AccumulatorOptions) {
    this.sinceMs = opts.since.getTime();
    this.untilMs = opts.until.getTime();
    this.sinceIso = opts.since.toISOString();
    this.futureIso = new Date(this.untilMs + FUTURE_SLACK_MS).toISOString();
    for (const [id, fence] of opts.fences)
      this.profiles.set(id, {
        id,
        mutations: 0,
        byTool: {},
        lastAction: null,
        dispatches: emptyStats(),
        judge: new FenceJudgeTally(fence),
      });
  }

  /** The window's end as it moves, for records that follow: what is later than it is in the future. */
  setUntil(until: Date): void {
    this.untilMs = until.getTime();
    this.futureIso = new Date(this.untilMs + FUTURE_SLACK_MS).toISOString();
  }

  note(note: ActivityNote): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(note);
    else this.notesLeft++;
  }

  add(event: ActivityEvent): void {
    const ts = event.ts;
    let time: number;
    let future: boolean;
    // Construct writes `toISOString()` times, which compare as text; any other form is parsed.
    if (ts !== null && ts.length === 24 && ts.charCodeAt(23) === 90 && ts.charCodeAt(10) === 84) {
      if (ts < this.sinceIso) return;
      future = ts > this.futureIso;
      time = this.opts.fenceAt ? Date.parse(ts) : 0;
    } else {
      time = ts === null ? Number.NaN : Date.parse(ts);
      if (Number.isNaN(time)) {
        this.undated.set(event.at.file, (this.undated.get(event.at.file) ?? 0) + 1);
        return;
      }
      if (time < this.sinceMs) return;
      future = time > this.untilMs + FUTURE_SLACK_MS;
    }
    // Kept and shown: a clock set wrong is worth seeing, not hiding.
    if (future) this.note({ file: event.at.file, line: event.at.line, message: `dated ${ts}, in the future` });
    const profile = event.profile !== null ? this.profiles.get(event.profile) : undefined;
    if (profile) this.count(profile, event, time);
    else this.other(event);
    if (this.passes(event)) this.keep(event);
  }

  private count(p: ProfileTally, event: ActivityEvent, time: number): void {
    if (event.kind === "dispatch") {
      const d = p.dispatches;
      d.count++;
      const outcome = event.outcome === "success" || event.outcome === "warning" || event.outcome === "error";
      d[outcome ? (event.outcome as "success" | "warning" | "error") : "unknown"]++;
      d.lastSeen = later(d.lastSeen, event.ts);
      return;
    }
    p.mutations++;
    const tool = event.tool ?? "?";
    p.byTool[tool] = (p.byTool[tool] ?? 0) + 1;
    p.lastAction = later(p.lastAction, event.ts);
    const describe = this.breaches.length < MAX_BREACHES;
    const breach = p.judge.use(event, this.opts.fenceAt?.(p.id, time) ?? null, describe);
    if (breach === true) this.breachesLeft++;
    else if (breach) this.breaches.push(breach);
  }

  private other(event: ActivityEvent): void {
    const agent = event.agent ?? "(none)";
    const kind = agent === "construct" ? "main-thread" : agent === "subagent" || !event.agent ? "unnamed" : "unknown";
    const o = this.others.get(agent) ?? { agent, kind, mutations: 0, dispatches: 0, lastSeen: null, first: event.at };
    if (event.kind === "dispatch") o.dispatches++;
    else o.mutations++;
    o.lastSeen = later(o.lastSeen, event.ts);
    this.others.set(agent, o);
  }

  private passes(event: ActivityEvent): boolean {
    const { profile, tool, path } = this.opts.filter;
    if (profile !== null && event.profile !== profile) return false;
    if (tool !== null && event.tool !== tool) return false;
    return path === null || (event.path !== null && globMatch(path, event.path));
  }

  private keep(event: ActivityEvent): void {
    this.matched++;
    const last = this.timeline.at(-1);
    if (last && (last.ts ?? "") > (event.ts ?? "")) this.ordered = false;
    this.timeline.push(event);
    // Halved whenever it doubles: the newest `limit` survive, sorted only when records came out of order.
    if (this.timeline.length < this.opts.limit * 2 + 1) return;
    if (!this.ordered) byTime(this.timeline);
    this.timeline.splice(0, this.timeline.length - this.opts.limit);
    this.ordered = true;
  }

  /**
   * A file read before was renamed (rotated into a segment): what names it names the segment now, so a
   * line reference keeps pointing at the line it was read from.
   */
  renameFile(from: string, to: string): void {
    const moved = <T extends { file: string }>(at: T): T => (at.file === from ? { ...at, file: to } : at);
    for (const e of this.timeline) e.at = moved(e.at);
    for (const b of this.breaches)
      if (b.at?.file === from) {
        b.at = moved(b.at);
        b.message = b.message.replace(`(${from} line `, `(${to} line `);
      }
    this.notes.forEach((n, i) => {
      this.notes[i] = moved(n);
    });
    for (const o of this.others.values()) o.first = moved(o.first);
    const undated = this.undated.get(from);
    if (undated !== undefined) {
      this.undated.delete(from);
      this.undated.set(to, (this.undated.get(to) ?? 0) + undated);
    }
  }

  /** What was gathered; the accumulator can go on taking events after. */
  result() {
    const notes = [...this.notes];
    for (const [file, count] of this.undated)
      notes.push({
        file,
        line: null,
        message: `${count} record(s) without a readable timestamp, left out of the window`,
      });
    if (this.notesLeft) notes.push({ file: "", line: null, message: `${this.notesLeft} more note(s) not shown` });
    const profiles = [...this.profiles.values()].map(({ judge: j, ...p }) => {
      const d = p.dispatches;
      const known = d.success + d.warning + d.error;
      return { ...p, dispatches: { ...d, errorRate: known ? d.error / known : null } };
    });
    return {
      timeline: byTime([...this.timeline]).slice(-this.opts.limit),
      matched: this.matched,
      profiles,
      others: [...this.others.values()],
      breaches: this.breaches,
      breachesLeft: this.breachesLeft,
      notes,
    };
  }

  /** One profile's fence entries with their use, and the paths it touched inside each path entry. */
  uses(profile: string): { entries: FenceUse[]; touched: ReadonlyMap<number, ReadonlySet<string>> } | null {
    const p = this.profiles.get(profile);
    return p ? { entries: p.judge.entries(), touched: p.judge.touched } : null;
  }
}

/** Oldest first, by timestamp; records with equal stamps keep their file order. */
function byTime(events: ActivityEvent[]): ActivityEvent[] {
  return events.sort((a, b) => ((a.ts ?? "") < (b.ts ?? "") ? -1 : (a.ts ?? "") > (b.ts ?? "") ? 1 : 0));
}

const USE_LISTS = FENCE_USE_LISTS;
type Tally = { uses: number[]; lastUse: (string | null)[] };

class FenceJudgeTally implements FenceJudge {
  private readonly tally: Record<(typeof USE_LISTS)[number], Tally>;
  readonly touched = new Map<number, Set<string>>();
  private ts: string | null = null;

  constructor(private readonly fence: EffectiveFence) {
    const of = (n: number): Tally => ({ uses: new Array(n).fill(0), lastUse: new Array(n).fill(null) });
    this.tally = {
      allowedPaths: of(fence.allowedPaths.length),
      allowedCommands: of(fence.allowedCommands.length),
      approvalRequired: of(fence.approvalRequired.length),
    };
  }

  private readonly onUse = (list: (typeof USE_LISTS)[number], index: number, path: string | null) => {
    const t = this.tally[list];
    t.uses[index]++;
    t.lastUse[index] = later(t.lastUse[index], this.ts);
    if (list !== "allowedPaths" || path === null) return;
    let set = this.touched.get(index);
    if (!set) {
      set = new Set<string>();
      this.touched.set(index, set);
    }
    if (set.size < MAX_TOUCHED) set.add(path);
  };

  /** Today's fence's decisions by action, held here so a record costs one lookup. */
  private readonly known = new Map<string, ReturnType<typeof decisionsOf>>();
  private readonly knownFor = (action: string) => {
    let k = this.known.get(action);
    if (!k) {
      k = decisionsOf(this.fence, action);
      this.known.set(action, k);
    }
    return k;
  };

  use(event: ActivityEvent, then: EffectiveFence | null, describe: boolean): ActivityFinding | true | null {
    this.ts = event.ts;
    return judge(this.fence, then, event, this.onUse, describe, this.knownFor);
  }

  entries(): FenceUse[] {
    return USE_LISTS.flatMap((list) =>
      this.fence[list].map((entry, index) => ({
        list,
        entry,
        uses: this.tally[list].uses[index],
        lastUse: this.tally[list].lastUse[index],
      })),
    );
  }
}

/** Distinct paths kept per path entry for a fence from use; past this the entry is kept as it is. */
export const MAX_TOUCHED = 10_000;
