import { DateTime, Duration } from "luxon";
import type { Result } from "@/schemas/result";

/**
 * Cadences and `updatedSince` are full ISO-8601 durations (`PT15M`, `P1DT2H30M`, `P1W`, `P1M`),
 * parsed by Luxon rather than upstream's days/hours/minutes-only regex. Calendar units are added on
 * the calendar, so `P1M` after 31 January lands on the last day of February.
 */

/** Shorter than this would hammer a model provider; upstream's examples start at PT15M. */
export const MIN_CADENCE_MS = 60_000;

export type ParsedDuration = Result<{ duration: Duration; ms: number }>;

export function parseDuration(text: unknown): ParsedDuration {
  if (typeof text !== "string" || text.trim() === "")
    return { ok: false, message: 'must be an ISO-8601 duration such as "PT15M" or "P1D"' };
  const duration = Duration.fromISO(text);
  if (!duration.isValid)
    return {
      ok: false,
      message: `${JSON.stringify(text)} is not an ISO-8601 duration; write e.g. "PT15M" (15 minutes), "PT2H", "P1D" or "P1W"`,
    };
  const parts = Object.values(duration.toObject());
  if (parts.length === 0)
    return {
      ok: false,
      message: `${JSON.stringify(text)} names no amount of time; write e.g. "PT15M" (15 minutes), "PT2H", "P1D" or "P1W"`,
    };
  if (parts.some((v) => typeof v === "number" && v < 0))
    return { ok: false, message: `${JSON.stringify(text)} is negative; a duration must go forward` };
  const ms = duration.toMillis();
  if (!(ms > 0)) return { ok: false, message: `${JSON.stringify(text)} is zero; a duration must be longer than that` };
  return { ok: true, duration, ms };
}

/** A cadence's problem, or null: a valid, positive duration of at least a minute. */
export function cadenceProblem(every: unknown): string | null {
  const parsed = parseDuration(every);
  if (!parsed.ok) return parsed.message;
  if (parsed.ms < MIN_CADENCE_MS)
    return `${JSON.stringify(every)} is shorter than one minute; the shortest cadence is PT1M`;
  return null;
}

/** `from` plus the duration, on the calendar (UTC). */
export function addDuration(from: Date, every: string): Date | null {
  const parsed = parseDuration(every);
  if (!parsed.ok) return null;
  return DateTime.fromJSDate(from, { zone: "utc" }).plus(parsed.duration).toJSDate();
}

export function subtractDuration(from: Date, every: string): Date | null {
  const parsed = parseDuration(every);
  if (!parsed.ok) return null;
  return DateTime.fromJSDate(from, { zone: "utc" }).minus(parsed.duration).toJSDate();
}

/** What a capability's schedule counts from: its last tick, and since when it has been enabled. */
export type TickAnchors = {
  /** When the last tick (scheduled or "Run now") started. */
  lastStartedAt?: string | null;
  /** When the capability was last enabled (kept in runtime state; cleared on disable). */
  enabledSince?: string | null;
};

const instant = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? null : t;
};

/**
 * When a capability ticks next, the one function the card, the CLI and the scheduler share: one
 * cadence after the later of its last tick and the moment it was enabled, so enabling never ticks
 * at once (only "Run now" does) and re-enabling restarts the clock. Overdue (the server was down
 * while it was enabled) means now: a restart resumes instead of waiting a whole period again.
 * With no anchor at all it counts from `now`. Null for an event-driven capability.
 */
export function nextTickAt(every: string | null | undefined, anchors: TickAnchors, now: Date): Date | null {
  if (!every) return null;
  const times = [instant(anchors.lastStartedAt), instant(anchors.enabledSince)].filter((t): t is number => t !== null);
  const base = times.length ? new Date(Math.max(...times)) : now;
  const next = addDuration(base, every);
  if (!next) return null;
  return next.getTime() < now.getTime() ? now : next;
}

/** The next `count` run times from `start`, for the override form's preview. */
export function upcomingRuns(every: string, start: Date, count = 3): Date[] {
  const out: Date[] = [];
  let at: Date | null = start;
  for (let i = 0; i < count && at; i++) {
    out.push(at);
    at = addDuration(at, every);
  }
  return out;
}

/** "every 15 minutes", "every 1 day, 2 hours" — for people, next to the raw duration. */
export function describeDuration(every: string): string {
  const parsed = parseDuration(every);
  if (!parsed.ok) return every;
  const parts = Object.entries(parsed.duration.toObject())
    .filter(([, v]) => typeof v === "number" && v > 0)
    .map(([unit, v]) => `${v} ${v === 1 ? unit.replace(/s$/, "") : unit}`);
  return parts.join(", ");
}
