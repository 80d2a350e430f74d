import { realpathSync } from "node:fs";
import path from "node:path";
import { proposeFence } from "@/lib/activity/fence-from-use";
import { chainFindings, idleFindings, unknownAgentFindings, unusedFindings } from "@/lib/activity/findings";
import { dispatchOf, mutationOf, normalizePosix, sinceTime } from "@/lib/activity/record";
import { ActivityAccumulator } from "@/lib/activity/summary";
import type { AccessUnused, ActivityNote, ActivitySummary, ChainVerdict } from "@/schemas/activity";
import type { EffectiveFence } from "@/schemas/fence";
import { AppError } from "../errors";
import type { ActivityFiles } from "../generations/adapter";
import { accessGraphOf } from "../org/access";
import type { OrgApi } from "../org/org-api";
import type { FileLine } from "./lines";
import { TrailReader } from "./trail-reader";

/**
 * The activity records of a project read against its org, for every surface alike. A query's
 * readers and tallies are kept, so asking again reads only what Construct appended since.
 */

export type ActivityQuery = {
  since?: string;
  profile?: string | null;
  tool?: string | null;
  path?: string | null;
  /** Audit trails to read instead of the project's own (a team's); each one's agent log is beside it. */
  trails?: string[];
  /** Events kept for the timeline. */
  limit?: number;
  now?: Date;
};

/** The fence each profile had at a time, from git; null where history does not say. */
export type FenceHistory = {
  load(
    ids: readonly string[],
  ): Promise<{ fenceAt: ((id: string, time: number) => EffectiveFence | null) | null; note: string | null }>;
};

type Followed = {
  readers: { trail: TrailReader; log: TrailReader }[];
  acc: ActivityAccumulator;
  since: Date;
  lines: number;
  bytes: number;
  others: Map<string, number>;
  historyNote: string | null;
  /** The org's fences the tallies were made against, as text. */
  org: string;
};

type Gathered = {
  acc: ActivityAccumulator;
  fences: Map<string, EffectiveFence>;
  verdicts: ChainVerdict[];
  notes: ActivityNote[];
  window: { since: string; until: string };
  read: { lines: number; bytes: number };
};

const DEFAULT_SINCE = "90d";
const DEFAULT_LIMIT = 500;
/**
 * Events a followed query keeps for its timeline whatever one answer asks: paging through the first
 * five pages (each asks for the newest `page × 200`) reads nothing again. More would cost every read:
 * a kept event outlives the young generation.
 */
const KEPT_EVENTS = 1000;
/** Queries whose readers are kept; the oldest is dropped past this. */
const KEEP = 4;
/**
 * How far a window's start may move (a relative `since` moves with the clock) before the records are
 * read again from the start: a hundredth of the window, at least a minute. Until then the window
 * answered is the one read, and each answer reads only what was appended.
 */
const windowSlack = (since: Date, now: Date) => Math.max(60_000, (now.getTime() - since.getTime()) / 100);

export class ActivityService {
  private readonly followed = new Map<string, Followed>();
  /** The project folder as given and as the disk resolves it: records name it either way. */
  private readonly roots: string[];

  constructor(
    private readonly org: OrgApi,
    private readonly history: FenceHistory | null = null,
  ) {
    const given = normalizePosix(org.paths.root);
    let real = given;
    try {
      real = normalizePosix(realpathSync.native(org.paths.root));
    } catch {
      // A project folder that cannot be resolved is named as given.
    }
    this.roots = real === given ? [given] : [given, real];
  }

  private files(): ActivityFiles {
    const { adapter, root } = this.org.paths;
    const files = adapter.activity(root);
    if (!files) throw new AppError("not_in_generation", adapter.absent.activity ?? "no activity records here");
    return files;
  }

  private display = (file: string): string => {
    const rel = path.relative(this.org.paths.root, file);
    return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
  };

  async summary(q: ActivityQuery = {}): Promise<ActivitySummary> {
    const g = await this.gather(q);
    const r = g.acc.result();
    const profiles = q.profile ? r.profiles.filter((p) => p.id === q.profile) : r.profiles;
    const unused = profiles.flatMap((p) => unusedFindings(p.id, g.acc.uses(p.id)?.entries ?? [], g.window.since));
    const breaches = q.profile ? r.breaches.filter((b) => b.profile === q.profile) : [...r.breaches];
    if (r.breachesLeft)
      breaches.push({
        id: "activity-breach",
        severity: "error",
        message: `${r.breachesLeft} more breach(es) beyond the ${r.breaches.length} listed`,
        profile: q.profile ?? null,
        at: null,
        rule: null,
        ts: null,
      });
    return {
      window: g.window,
      filter: { profile: q.profile ?? null, tool: q.tool ?? null, path: q.path ?? null },
      trails: g.verdicts,
      timeline: r.timeline.slice(-(q.limit ?? DEFAULT_LIMIT)),
      matched: r.matched,
      profiles,
      others: r.others,
      findings: [
        ...chainFindings(g.verdicts),
        ...breaches,
        ...unknownAgentFindings(r.others),
        ...idleFindings(profiles, g.window.since),
        ...unused,
      ],
      notes: [...g.notes, ...r.notes],
      read: g.read,
    };
  }

  /** One worker profile's fence entries with their use in the window, and a narrower fence from that use. */
  async unused(id: string, q: ActivityQuery = {}): Promise<AccessUnused> {
    const g = await this.gather({ ...q, profile: null, tool: null, path: null });
    const r = g.acc.result();
    const uses = g.acc.uses(id);
    const profile = r.profiles.find((p) => p.id === id);
    if (!uses || !profile) throw new AppError("not_found", `no worker profile "${id.slice(0, 80)}" in the org`);
    const fence = g.fences.get(id) as EffectiveFence;
    return {
      id,
      window: g.window,
      entries: uses.entries,
      dispatches: profile.dispatches,
      mutations: profile.mutations,
      findings: [
        ...unusedFindings(id, uses.entries, g.window.since),
        ...idleFindings([profile], g.window.since),
        ...r.breaches.filter((b) => b.profile === id),
      ],
      proposal: proposeFence(fence, uses.entries, uses.touched),
      notes: [...g.notes, ...r.notes],
    };
  }

  private async gather(q: ActivityQuery): Promise<Gathered> {
    const own = this.files();
    const now = q.now ?? new Date();
    let since: Date;
    try {
      since = sinceTime(q.since ?? DEFAULT_SINCE, now);
    } catch (error) {
      throw new AppError("bad_request", (error as Error).message);
    }
    if (q.limit !== undefined && (!Number.isInteger(q.limit) || q.limit < 1))
      throw new AppError("bad_request", `limit ${q.limit} is not a whole number of events, 1 or more`);
    // A trail is named by the one asking; only records files are read, never any file at all.
    const odd = q.trails?.find((t) => !t.endsWith(".jsonl"));
    if (odd)
      throw new AppError(
        "bad_request",
        `trail ${JSON.stringify(odd.slice(0, 200))} is not an audit trail (a .jsonl file)`,
      );
    const trails = q.trails?.length
      ? q.trails.map((t) => {
          const trail = path.resolve(this.org.paths.root, t);
          return { trail, agentLog: path.join(path.dirname(trail), "agent-log.jsonl") };
        })
      : [own];
    const graph = accessGraphOf(await this.org.snapshot());
    const fences = new Map<string, EffectiveFence>();
    for (const p of graph.principals.values()) if (p.kind === "worker-profile") fences.set(p.id, p.fence);

    const limit = q.limit ?? DEFAULT_LIMIT;
    const kept = Math.max(limit, KEPT_EVENTS);
    const key = JSON.stringify([q.since ?? DEFAULT_SINCE, q.profile, q.tool, q.path, trails, kept]);
    // The records are judged against the org as it is: a changed fence reads them again.
    const org = JSON.stringify([...fences]);
    let f = this.followed.get(key);
    if (f && (f.org !== org || Math.abs(f.since.getTime() - since.getTime()) > windowSlack(since, now))) f = undefined;
    if (!f) f = { ...(await this.follow(trails, fences, since, q)), org };
    this.followed.delete(key);
    this.followed.set(key, f);
    if (this.followed.size > KEEP) this.followed.delete(this.followed.keys().next().value as string);
    f.acc.setUntil(now);

    const verdicts: ChainVerdict[] = [];
    const notes: ActivityNote[] = f.historyNote ? [{ file: "", line: null, message: f.historyNote }] : [];
    for (const { trail, log } of f.readers) {
      const rename = (from: string, to: string) => f.acc.renameFile(from, to);
      const t = await trail.read(this.sink(f, "trail"), rename);
      const l = await log.read(this.sink(f, "log"), rename);
      if (t.restart || l.restart) {
        this.followed.delete(key);
        return this.gather(q);
      }
      if (t.verdict) verdicts.push(t.verdict);
      notes.push(...t.notes, ...l.notes);
      f.bytes += t.bytes + l.bytes;
    }
    for (const [file, count] of f.others)
      notes.push({
        file,
        line: null,
        message: `${count} line(s) from other writers (MCP server, broker, secret resolver, chain resets) are no mutation`,
      });
    return {
      acc: f.acc,
      fences,
      verdicts,
      notes,
      window: { since: f.since.toISOString(), until: now.toISOString() },
      read: { lines: f.lines, bytes: f.bytes },
    };
  }

  private async follow(
    trails: ActivityFiles[],
    fences: Map<string, EffectiveFence>,
    since: Date,
    q: ActivityQuery,
  ): Promise<Omit<Followed, "org">> {
    const history = this.history ? await this.history.load([...fences.keys()]) : null;
    const acc = new ActivityAccumulator({
      fences,
      fenceAt: history?.fenceAt ?? undefined,
      since,
      until: q.now ?? new Date(),
      filter: { profile: q.profile ?? null, tool: q.tool ?? null, path: q.path ?? null },
      limit: Math.max(q.limit ?? DEFAULT_LIMIT, KEPT_EVENTS),
    });
    return {
      readers: trails.map((t) => ({
        trail: new TrailReader(t.trail, { chain: true, display: this.display }),
        log: new TrailReader(t.agentLog, { chain: false, display: this.display }),
      })),
      acc,
      since,
      lines: 0,
      bytes: 0,
      others: new Map(),
      historyNote: history?.note ?? null,
    };
  }

  private sink(f: Followed, channel: "trail" | "log") {
    const roots = this.roots;
    return (line: FileLine, file: string) => {
      f.lines++;
      const at = { file, line: line.line };
      if (line.unread) return f.acc.note({ ...at, message: `${line.bytes} bytes long, over 1 MB: not read` });
      if (!line.parsed)
        return f.acc.note({
          ...at,
          message: `not JSON: ${JSON.stringify(line.text.slice(0, 80))}${line.text.length > 80 ? "…" : ""}`,
        });
      const event = channel === "trail" ? mutationOf(line.value, at, roots) : dispatchOf(line.value, at);
      if (event) f.acc.add(event);
      else f.others.set(file, (f.others.get(file) ?? 0) + 1);
    };
  }
}
