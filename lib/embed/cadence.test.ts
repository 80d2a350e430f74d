import { describe, expect, it } from "vitest";
import {
  addDuration,
  cadenceProblem,
  describeDuration,
  MIN_CADENCE_MS,
  nextTickAt,
  parseDuration,
  subtractDuration,
  upcomingRuns,
} from "@/lib/embed/cadence";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("parseDuration", () => {
  it.each([
    ["PT15M", 15 * MIN],
    ["PT1M", MIN],
    ["PT2H", 2 * HOUR],
    ["P1D", DAY],
    ["P1DT2H30M", 95_400_000],
    ["P1W", 7 * DAY],
    ["PT1.5H", 1.5 * HOUR],
    ["PT30S", 30_000],
  ] as const)("%s is valid and lasts %d ms", (text, ms) => {
    const parsed = parseDuration(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.ms).toBe(ms);
      expect(parsed.duration.isValid).toBe(true);
    }
  });

  it("accepts P1M, a calendar month, as a positive duration", () => {
    const parsed = parseDuration("P1M");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.ms).toBeGreaterThan(27 * DAY);
      expect(parsed.duration.toObject()).toEqual({ months: 1 });
    }
  });

  it.each([
    ["15m", /"15m" is not an ISO-8601 duration/],
    ["15 minutes", /"15 minutes" is not an ISO-8601 duration/],
    ["pt15m", /"pt15m" is not an ISO-8601 duration/],
    ["PT0S", /"PT0S" is zero/],
    ["P0D", /"P0D" is zero/],
    ["P-1D", /"P-1D" is negative/],
    ["-P1D", /"-P1D" is negative/],
    ["-PT15M", /"-PT15M" is negative/],
    ["P", /"P"/],
    ["PT", /"PT"/],
  ] as const)("%s is invalid and the message names it", (text, message) => {
    const parsed = parseDuration(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });

  it("suggests valid durations when the text is not ISO-8601", () => {
    const parsed = parseDuration("15m");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain('"PT15M"');
  });

  it.each([[""], ["   "], [undefined], [null], [15], [900_000], [{ every: "PT15M" }], [["PT15M"]]] as const)(
    "rejects %j (empty or not a string) with an example of the grammar",
    (value) => {
      const parsed = parseDuration(value);
      expect(parsed).toEqual({ ok: false, message: 'must be an ISO-8601 duration such as "PT15M" or "P1D"' });
    },
  );
});

describe("cadenceProblem", () => {
  it("is PT1M at the shortest", () => {
    expect(MIN_CADENCE_MS).toBe(MIN);
  });

  it.each(["PT1M", "PT60S", "PT15M", "PT2H", "P1D", "P1DT2H30M", "P1W", "P1M", "PT1.5H"])("accepts %s", (every) => {
    expect(cadenceProblem(every)).toBeNull();
  });

  it.each(["PT30S", "PT59S", "PT0.5S"])("rejects %s as shorter than a minute", (every) => {
    expect(cadenceProblem(every)).toBe(
      `${JSON.stringify(every)} is shorter than one minute; the shortest cadence is PT1M`,
    );
  });

  it.each([
    ["15m", "is not an ISO-8601 duration"],
    ["PT0S", "is zero"],
    ["P-1D", "is negative"],
    ["-P1D", "is negative"],
  ])("passes the grammar problem of %s through", (every, fragment) => {
    const problem = cadenceProblem(every);
    expect(problem).toContain(JSON.stringify(every));
    expect(problem).toContain(fragment);
  });

  it("rejects a non-string with the grammar's message", () => {
    expect(cadenceProblem(900)).toBe('must be an ISO-8601 duration such as "PT15M" or "P1D"');
    expect(cadenceProblem(null)).toBe('must be an ISO-8601 duration such as "PT15M" or "P1D"');
  });
});

describe("addDuration / subtractDuration", () => {
  const at = (iso: string) => new Date(iso);

  it.each([
    ["PT15M", "2026-03-10T09:00:00.000Z", "2026-03-10T09:15:00.000Z"],
    ["PT2H", "2026-03-10T23:00:00.000Z", "2026-03-11T01:00:00.000Z"],
    ["P1D", "2026-03-10T09:00:00.000Z", "2026-03-11T09:00:00.000Z"],
    ["P1DT2H30M", "2026-03-10T09:00:00.000Z", "2026-03-11T11:30:00.000Z"],
    ["P1W", "2026-03-10T09:00:00.000Z", "2026-03-17T09:00:00.000Z"],
    ["PT1.5H", "2026-03-10T09:00:00.000Z", "2026-03-10T10:30:00.000Z"],
    ["P1M", "2026-01-31T09:00:00.000Z", "2026-02-28T09:00:00.000Z"],
    ["P1M", "2028-01-31T09:00:00.000Z", "2028-02-29T09:00:00.000Z"],
    ["P1M", "2026-03-15T00:00:00.000Z", "2026-04-15T00:00:00.000Z"],
  ])("%s after %s is %s", (every, from, expected) => {
    expect(addDuration(at(from), every)?.toISOString()).toBe(expected);
  });

  it("adds days on the UTC calendar, not 24-hour blocks in local time, across a DST change", () => {
    expect(addDuration(at("2026-03-28T12:00:00.000Z"), "P1D")?.toISOString()).toBe("2026-03-29T12:00:00.000Z");
  });

  it.each([
    ["PT15M", "2026-03-10T09:00:00.000Z", "2026-03-10T08:45:00.000Z"],
    ["P1D", "2026-03-10T09:00:00.000Z", "2026-03-09T09:00:00.000Z"],
    ["P1M", "2026-03-31T09:00:00.000Z", "2026-02-28T09:00:00.000Z"],
  ])("%s before %s is %s", (every, from, expected) => {
    expect(subtractDuration(at(from), every)?.toISOString()).toBe(expected);
  });

  it.each(["15m", "PT0S", "P-1D", ""])("is null for the invalid duration %j", (every) => {
    expect(addDuration(at("2026-03-10T09:00:00.000Z"), every)).toBeNull();
    expect(subtractDuration(at("2026-03-10T09:00:00.000Z"), every)).toBeNull();
  });

  it("does not modify the date it is given", () => {
    const from = at("2026-03-10T09:00:00.000Z");
    addDuration(from, "P1D");
    subtractDuration(from, "P1D");
    expect(from.toISOString()).toBe("2026-03-10T09:00:00.000Z");
  });
});

describe("nextTickAt", () => {
  const now = new Date("2026-03-10T12:00:00.000Z");

  it.each([[null], [undefined], [""]] as const)("is null for an event-driven capability (cadence %j)", (every) => {
    expect(nextTickAt(every, { lastStartedAt: "2026-03-10T11:00:00.000Z" }, now)).toBeNull();
    expect(nextTickAt(every, {}, now)).toBeNull();
  });

  it("is one cadence after it was enabled when it never ticked: enabling never ticks at once", () => {
    expect(nextTickAt("PT2H", { enabledSince: now.toISOString() }, now)?.toISOString()).toBe(
      "2026-03-10T14:00:00.000Z",
    );
    expect(nextTickAt("P1D", { enabledSince: "2026-03-10T11:59:58.000Z" }, now)?.toISOString()).toBe(
      "2026-03-11T11:59:58.000Z",
    );
  });

  it.each([[{}], [{ lastStartedAt: null, enabledSince: null }], [{ lastStartedAt: "not a date" }]])(
    "counts from now when nothing anchors it (%j)",
    (anchors) => {
      expect(nextTickAt("PT2H", anchors, now)?.toISOString()).toBe("2026-03-10T14:00:00.000Z");
    },
  );

  it("is one cadence after the last tick started when that is still ahead", () => {
    expect(nextTickAt("PT2H", { lastStartedAt: "2026-03-10T11:00:00.000Z" }, now)?.toISOString()).toBe(
      "2026-03-10T13:00:00.000Z",
    );
    expect(nextTickAt("P1D", { lastStartedAt: "2026-03-10T06:30:00.000Z" }, now)?.toISOString()).toBe(
      "2026-03-11T06:30:00.000Z",
    );
  });

  it("counts from the later anchor: re-enabling after an old tick restarts the clock, a tick after enabling counts from the tick", () => {
    const reEnabled = { lastStartedAt: "2026-03-01T00:00:00.000Z", enabledSince: "2026-03-10T11:30:00.000Z" };
    expect(nextTickAt("PT2H", reEnabled, now)?.toISOString()).toBe("2026-03-10T13:30:00.000Z");
    const ranSince = { lastStartedAt: "2026-03-10T11:45:00.000Z", enabledSince: "2026-03-10T08:00:00.000Z" };
    expect(nextTickAt("PT2H", ranSince, now)?.toISOString()).toBe("2026-03-10T13:45:00.000Z");
  });

  it("is now when the capability is overdue (resumes after a restart instead of waiting a whole period)", () => {
    expect(nextTickAt("PT2H", { lastStartedAt: "2026-03-10T08:00:00.000Z" }, now)).toBe(now);
    expect(
      nextTickAt("PT15M", { lastStartedAt: "2026-03-01T00:00:00.000Z", enabledSince: "2026-02-01T00:00:00.000Z" }, now),
    ).toBe(now);
  });

  it("is the computed time when it falls exactly on now", () => {
    expect(nextTickAt("PT2H", { lastStartedAt: "2026-03-10T10:00:00.000Z" }, now)?.toISOString()).toBe(
      now.toISOString(),
    );
  });
});

describe("upcomingRuns", () => {
  const start = new Date("2026-03-10T12:00:00.000Z");

  it("gives three runs by default, starting at start, one cadence apart", () => {
    expect(upcomingRuns("PT15M", start).map((d) => d.toISOString())).toEqual([
      "2026-03-10T12:00:00.000Z",
      "2026-03-10T12:15:00.000Z",
      "2026-03-10T12:30:00.000Z",
    ]);
  });

  it.each([1, 2, 5, 10])("gives %d runs when asked, each one cadence after the previous", (count) => {
    const runs = upcomingRuns("PT2H", start, count);
    expect(runs).toHaveLength(count);
    expect(runs[0]).toEqual(start);
    for (let i = 1; i < runs.length; i++) expect(runs[i].getTime() - runs[i - 1].getTime()).toBe(2 * HOUR);
  });

  it("spaces calendar months on the calendar", () => {
    expect(upcomingRuns("P1M", new Date("2026-01-31T00:00:00.000Z"), 3).map((d) => d.toISOString())).toEqual([
      "2026-01-31T00:00:00.000Z",
      "2026-02-28T00:00:00.000Z",
      "2026-03-28T00:00:00.000Z",
    ]);
  });

  it("is empty for a count of 0", () => {
    expect(upcomingRuns("PT15M", start, 0)).toEqual([]);
  });

  it("stops after the start when the cadence is invalid", () => {
    expect(upcomingRuns("15m", start, 3)).toEqual([start]);
  });
});

describe("describeDuration", () => {
  it.each([
    ["PT15M", "15 minutes"],
    ["PT1M", "1 minute"],
    ["PT2H", "2 hours"],
    ["PT1H", "1 hour"],
    ["P1D", "1 day"],
    ["P1DT2H30M", "1 day, 2 hours, 30 minutes"],
    ["P1W", "1 week"],
    ["P2W", "2 weeks"],
    ["P1M", "1 month"],
    ["P1Y", "1 year"],
    ["PT1.5H", "1.5 hours"],
    ["P1DT0H30M", "1 day, 30 minutes"],
  ])("%s → %s", (every, words) => {
    expect(describeDuration(every)).toBe(words);
  });

  it.each(["15m", "PT0S", "P-1D", ""])("gives an invalid duration %j back unchanged", (every) => {
    expect(describeDuration(every)).toBe(every);
  });
});
