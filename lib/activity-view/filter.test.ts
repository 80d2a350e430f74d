import { describe, expect, it } from "vitest";
import type { ProfileActivity } from "@/schemas/activity";
import {
  ACTIVITY_PAGE_SIZE,
  activeFirst,
  activityHref,
  pageOfTimeline,
  parseActivityFilter,
  profileChoices,
  rateText,
} from "./filter";

describe("the Activity page's filter", () => {
  it("reads the address with 90 days by default and writes back only what differs", () => {
    const f = parseActivityFilter({ profile: "architect", tool: "", page: "x" });
    expect(f).toEqual({ since: "90d", profile: "architect", tool: null, path: null, page: 1, profiles: 1 });
    expect(activityHref(f)).toBe("/activity?profile=architect");
    expect(activityHref({ ...f, since: "7d", page: 3 })).toBe("/activity?since=7d&profile=architect&page=3");
    expect(parseActivityFilter({ profiles: "4" }).profiles).toBe(4);
    expect(activityHref({ ...f, profiles: 4 })).toBe("/activity?profile=architect&profiles=4");
    expect(activityHref(parseActivityFilter({}))).toBe("/activity");
  });

  it("shows the newest page first, newest row first, and never more than a page", () => {
    const all = Array.from({ length: 450 }, (_, i) => i);
    const first = pageOfTimeline(all.slice(-ACTIVITY_PAGE_SIZE), 1, 450);
    expect(first.rows[0]).toBe(449);
    expect(first.rows).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.pages).toBe(3);
    const last = pageOfTimeline(all, 3, 450);
    expect(last.rows).toEqual(all.slice(0, 50).reverse());
    expect(last).toMatchObject({ from: 400, to: 450 });
  });

  it("puts the profiles that did something first, and offers only those (and the one picked) to filter on", () => {
    const profile = (id: string, mutations: number, dispatches: number): ProfileActivity => ({
      id,
      mutations,
      byTool: {},
      lastAction: null,
      dispatches: {
        count: dispatches,
        success: dispatches,
        warning: 0,
        error: 0,
        unknown: 0,
        errorRate: null,
        lastSeen: null,
      },
    });
    const profiles = [profile("a", 0, 0), profile("b", 2, 0), profile("c", 0, 0), profile("d", 0, 1)];
    expect(activeFirst(profiles).map((p) => p.id)).toEqual(["b", "d", "a", "c"]);
    expect(profileChoices(profiles, null)).toEqual(["b", "d"]);
    expect(profileChoices(profiles, "c")).toEqual(["c", "b", "d"]);
    expect(profileChoices(profiles, "b")).toEqual(["b", "d"]);
  });

  it("says a rate as a percentage, and a dash with no known outcome", () => {
    expect(rateText(1 / 3)).toBe("33%");
    expect(rateText(null)).toBe("—");
  });
});
