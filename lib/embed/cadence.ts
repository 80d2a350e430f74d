import { DateTime, Duration } from "luxon";

// Full ISO-8601 durations via Luxon, where Construct takes days/hours/minutes only; calendar units
// land on the calendar (`P1M` after 31 January is the last day of February).

/** Shorter would hammer a model provider. */
export const MIN_CADENCE_MS = 60_000;

export type ParsedDuration = { ok: true; duration: Duration; ms: number } | { ok: false; message: string };

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

export function cadenceProblem(every: unknown): string | null {
  const parsed = parseDuration(every);
  if (!parsed.ok) return parsed.message;
  if (parsed.ms < MIN_CADENCE_MS)
    return `${JSON.stringify(every)} is shorter than one minute; the shortest cadence is PT1M`;
  return null;
}

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

export type TickAnchors = {
  lastStartedAt?: string | null;
  /** Kept in runtime state; cleared on disable. */
  enabledSince?: string | null;
};

const instant = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? null : t;
};

// Shared by the card, the CLI and the scheduler. Counting from the later of last tick and enable means
// enabling never ticks at once; overdue means now, so a restart resumes.
export function nextTickAt(every: string | null | undefined, anchors: TickAnchors, now: Date): Date | null {
  if (!every) return null;
  const times = [instant(anchors.lastStartedAt), instant(anchors.enabledSince)].filter((t): t is number => t !== null);
  const base = times.length ? new Date(Math.max(...times)) : now;
  const next = addDuration(base, every);
  if (!next) return null;
  return next.getTime() < now.getTime() ? now : next;
}

export function upcomingRuns(every: string, start: Date, count = 3): Date[] {
  const out: Date[] = [];
  let at: Date | null = start;
  for (let i = 0; i < count && at; i++) {
    out.push(at);
    at = addDuration(at, every);
  }
  return out;
}

export function describeDuration(every: string): string {
  const parsed = parseDuration(every);
  if (!parsed.ok) return every;
  const parts = Object.entries(parsed.duration.toObject())
    .filter(([, v]) => typeof v === "number" && v > 0)
    .map(([unit, v]) => `${v} ${v === 1 ? unit.replace(/s$/, "") : unit}`);
  return parts.join(", ");
}
