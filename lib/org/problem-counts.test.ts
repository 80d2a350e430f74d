import { describe, expect, it } from "vitest";
import { countProblems, readOnlyFix, statusText, uniqueProblems } from "./problem-counts";

const e = { severity: "error" as const };
const w = { severity: "warning" as const };
const ro = { severity: "warning" as const, fixBy: "This file comes with Construct and is read-only here: …" };

describe("statusText", () => {
  it("counts errors and warnings, singular and plural, and never says valid", () => {
    expect(statusText([])).toBe("0 errors · 0 warnings");
    expect(statusText([w, w, e])).toBe("1 error · 2 warnings");
    expect(statusText([e, e, w])).toBe("2 errors · 1 warning");
    // Warnings counted before their texts load are warnings too.
    expect(statusText([e], { warnings: 1 })).toBe("1 error · 1 warning");
    expect(statusText([e, w], { warnings: 2 })).toBe("1 error · 3 warnings");
  });

  it("tells warnings in read-only files apart, and does not count them as the project's", () => {
    expect(statusText([w, ro, ro])).toBe("0 errors · 1 warning · 2 read-only");
    expect(statusText([ro], { readOnly: 10 })).toBe("0 errors · 0 warnings · 11 read-only");
    expect(countProblems([e, w, ro, { ...e, fixBy: "x" }])).toEqual({
      errors: 2,
      warnings: 1,
      accepted: 0,
      readOnly: 1,
    });
  });
});

describe("readOnlyFix", () => {
  it("names who can fix a built-in or pack record, and nothing for the tiers the studio writes", () => {
    expect(readOnlyFix("builtin", "worker profile")).toMatch(/comes with Construct .* override the worker profile/);
    expect(readOnlyFix("pack", "specialist")).toMatch(/installed pack .* pack's author/);
    expect(readOnlyFix("project", "specialist")).toBeNull();
    expect(readOnlyFix("user", "specialist")).toBeNull();
  });
});

describe("uniqueProblems", () => {
  it("counts a problem reached from two sources once, keeping the first order", () => {
    const ignore = {
      id: "tier-git-ignored",
      severity: "warning" as const,
      message: "git ignores",
      location: "#/git-ignore",
    };
    const other = { id: "x", severity: "error" as const, message: "m", location: "#/a" };
    expect(uniqueProblems([other, ignore], [ignore], [{ ...ignore }])).toEqual([other, ignore]);
  });
});
