import { describe, expect, it } from "vitest";
import { fieldDiff, importedRecord, importModeOf } from "./import-diff";

const handWritten = {
  id: "cx-writer",
  name: "cx-writer",
  role: "writer",
  description: "Writes the docs the project ships, in the project's own voice.",
  skills: ["docs/style"],
  fence: { allowedPaths: ["docs/**"] },
};
const override = { id: "cx-writer", description: "Writes release notes.", modelTier: "fast" };

describe("fieldDiff", () => {
  it("lists added, changed and removed fields, the id aside, and nothing for an equal record", () => {
    expect(fieldDiff(handWritten, override)).toEqual([
      { field: "name", change: "removed", before: "cx-writer" },
      { field: "role", change: "removed", before: "writer" },
      { field: "description", change: "changed", before: handWritten.description, after: "Writes release notes." },
      { field: "skills", change: "removed", before: ["docs/style"] },
      { field: "fence", change: "removed", before: { allowedPaths: ["docs/**"] } },
      { field: "modelTier", change: "added", after: "fast" },
    ]);
    expect(fieldDiff(handWritten, structuredClone(handWritten))).toEqual([]);
  });

  it("compares nested values by content, not key order", () => {
    expect(fieldDiff({ fence: { a: 1, b: 2 } }, { fence: { b: 2, a: 1 } })).toEqual([]);
  });
});

describe("importedRecord", () => {
  it("merge keeps the fields the import lacks and takes the import's value for the rest", () => {
    expect(importedRecord(handWritten, override, "merge")).toEqual({
      ...handWritten,
      description: "Writes release notes.",
      modelTier: "fast",
    });
  });

  it("replace is the import's record as it is", () => {
    expect(importedRecord(handWritten, override, "replace")).toEqual(override);
  });
});

describe("importModeOf", () => {
  it("a record's own choice wins over the import's, which wins over merge", () => {
    const modes = { "specialists/a": "replace" } as const;
    expect(importModeOf({}, "specialists", "a")).toBe("merge");
    expect(importModeOf({ modes }, "specialists", "a")).toBe("replace");
    expect(importModeOf({ mode: "replace" }, "teams", "a")).toBe("replace");
    expect(importModeOf({ mode: "replace", modes: { "teams/a": "merge" } }, "teams", "a")).toBe("merge");
  });
});
