import { describe, expect, it } from "vitest";
import type { ActivitySummary } from "@/schemas/activity";
import { activityMarks } from "./overlay";

const stats = (count: number, error: number) => ({
  count,
  success: count - error,
  warning: 0,
  error,
  unknown: 0,
  lastSeen: null,
  errorRate: count ? error / count : null,
});
const summary = (architectErrors: number): ActivitySummary => ({
  window: { since: "2026-09-08T00:00:00.000Z", until: "2026-12-07T00:00:00.000Z" },
  filter: { profile: null, tool: null, path: null },
  trails: [],
  timeline: [],
  matched: 0,
  profiles: [
    { id: "architect", mutations: 0, byTool: {}, lastAction: null, dispatches: stats(2, architectErrors) },
    { id: "qa", mutations: 0, byTool: {}, lastAction: null, dispatches: stats(0, 0) },
  ],
  others: [],
  findings: [],
  notes: [],
  read: { lines: 0, bytes: 0 },
});

describe("the canvas's activity marks", () => {
  it("dims a profile unused in the window and makes a high error rate stand out", () => {
    const marks = activityMarks(summary(1), "worker-profile", null);
    expect(marks["worker-profile:qa"]).toMatchObject({ idle: true, text: "unused" });
    expect(marks["worker-profile:architect"]).toMatchObject({ idle: false, high: true, text: "2 · 50%" });
  });

  it("keeps a node's mark object while its figures hold, so that node is not redrawn", () => {
    const first = activityMarks(summary(0), "worker-profile", null);
    const again = activityMarks(summary(0), "worker-profile", first);
    expect(again["worker-profile:qa"]).toBe(first["worker-profile:qa"]);
    const moved = activityMarks(summary(1), "worker-profile", first);
    expect(moved["worker-profile:architect"]).not.toBe(first["worker-profile:architect"]);
  });
});
