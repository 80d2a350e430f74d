import { describe, expect, it } from "vitest";
import { diffRecords } from "./record-diff";

describe("diffRecords", () => {
  it("lists items added to and removed from nested lists, and replaced values", () => {
    const diffs = diffRecords(
      { id: "x", description: "a", fence: { allowedCommands: ["rg"], allowedPaths: ["src/**"] } },
      { id: "x", description: "b", fence: { allowedCommands: ["rg", "git push"], allowedPaths: [] } },
    );
    expect(diffs).toEqual([
      { field: "description", before: "a", after: "b" },
      { field: "fence.allowedCommands", added: ["git push"] },
      { field: "fence.allowedPaths", removed: ["src/**"] },
    ]);
  });
});
