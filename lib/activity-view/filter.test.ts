import { describe, expect, it } from "vitest";
import { ACTIVITY_PAGE_SIZE, activityHref, pageOfTimeline, parseActivityFilter, rateText } from "./filter";

describe("the Activity page's filter", () => {
  it("reads the address with 90 days by default and writes back only what differs", () => {
    const f = parseActivityFilter({ profile: "architect", tool: "", page: "x" });
    expect(f).toEqual({ since: "90d", profile: "architect", tool: null, path: null, page: 1 });
    expect(activityHref(f)).toBe("/activity?profile=architect");
    expect(activityHref({ ...f, since: "7d", page: 3 })).toBe("/activity?since=7d&profile=architect&page=3");
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

  it("says a rate as a percentage, and a dash with no known outcome", () => {
    expect(rateText(1 / 3)).toBe("33%");
    expect(rateText(null)).toBe("—");
  });
});
