import { describe, expect, it } from "vitest";
import { fenceDiff, withProposedFence } from "./fence-diff";

const proposal = {
  patch: { fence: { allowedPaths: ["docs/**"], allowedCommands: [] } },
  removed: [
    { list: "allowedPaths" as const, entry: "src/**" },
    { list: "allowedCommands" as const, entry: "npm test" },
  ],
  note: "from use",
};

describe("the fence from use, as a diff", () => {
  it("marks the entries that go, stay and come, list by list", () => {
    const fence = { allowedPaths: ["docs/**", "src/**"], allowedCommands: ["npm test"], deniedActions: ["push"] };
    expect(fenceDiff(fence, proposal)).toEqual([
      { list: "allowedPaths", entry: "docs/**", mark: "keep" },
      { list: "allowedPaths", entry: "src/**", mark: "remove" },
      { list: "allowedCommands", entry: "npm test", mark: "remove" },
    ]);
  });

  it("puts the proposal's lists in the draft and keeps the rest of it", () => {
    const record = { id: "docs-keeper", fence: { allowedPaths: ["src/**"], deniedActions: ["push"] } };
    expect(withProposedFence(record, proposal)).toEqual({
      id: "docs-keeper",
      fence: { allowedPaths: ["docs/**"], allowedCommands: [], deniedActions: ["push"] },
    });
  });
});
