import { describe, expect, it } from "vitest";
import type { ActivityFinding } from "@/schemas/activity";
import { groupedFindings } from "./render";

const finding = (id: ActivityFinding["id"], profile: string, rule: string | null = null): ActivityFinding => ({
  id,
  severity: id === "activity-breach" ? "error" : id === "profile-idle" ? "info" : "warning",
  message: `${id} of ${profile}`,
  profile,
  at: null,
  rule,
  ts: null,
});

describe("groupedFindings", () => {
  it("keeps breaches line by line, and folds unused entries per profile and idle profiles into one line", () => {
    const lines = groupedFindings([
      finding("activity-breach", "docs-keeper"),
      ...["a/**", "b/**", "c/**", "d/**"].map((g) => finding("access-unused", "architect", `allowedPaths "${g}"`)),
      finding("access-unused", "qa", 'allowedCommands "npm test"'),
      finding("profile-idle", "designer"),
      finding("profile-idle", "security"),
    ]);
    expect(lines).toEqual([
      "  error activity-breach: activity-breach of docs-keeper",
      '  warning access-unused: architect: 4 fence entries unused: allowedPaths "a/**", allowedPaths "b/**", allowedPaths "c/**" and 1 more (construct-studio access architect --unused lists them)',
      '  warning access-unused: qa: 1 fence entry unused: allowedCommands "npm test" (construct-studio access qa --unused lists them)',
      "  info profile-idle: 2 worker profile(s) neither dispatched nor acted in the window: designer, security",
    ]);
  });
});
