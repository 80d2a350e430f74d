import { describe, expect, it } from "vitest";
import { editJsonText, MAX_TEXT_EDITS } from "./minimal-edit";
import { sameJson } from "./same-json";

// A hand-written file: its own key order, inline arrays, an unknown field, no "id".
const FILE = `{
  "role": "writer",
  "name": "writer",
  "tags": ["a", "b"],
  "fence": {
    "allowedPaths": ["docs/**"],
    "approvalRequired": ["commit"]
  },
  "permissions": {},
  "description": "Writes things."
}
`;

const lines = (text: string) => text.split("\n");
/** Lines of `after` that differ from `before`, by position, for same-length texts. */
const changedLines = (before: string, after: string) => lines(after).filter((line, i) => line !== lines(before)[i]);

describe("editJsonText", () => {
  it("changes one line for a one-field edit and keeps order, formatting, unknown fields and the missing id", () => {
    const next = { ...JSON.parse(FILE), description: "Writes things. Always cites two sources." };
    const out = editJsonText(FILE, next, ["id", "name", "role", "description"]);
    expect(lines(out)).toHaveLength(lines(FILE).length);
    expect(changedLines(FILE, out)).toEqual(['  "description": "Writes things. Always cites two sources."']);
    expect(out).not.toContain('"id"');
  });

  it("returns the text unchanged when the value is the same, whatever its formatting", () => {
    expect(editJsonText(FILE, JSON.parse(FILE))).toBe(FILE);
  });

  it("edits a nested object key by key, leaving its untouched keys as written", () => {
    const next = JSON.parse(FILE);
    next.fence = { ...next.fence, approvalRequired: ["commit", "push"] };
    const out = editJsonText(FILE, next);
    expect(out).toContain('"allowedPaths": ["docs/**"]');
    expect(JSON.parse(out)).toEqual(next);
  });

  it("removes keys the value lacks and appends new ones in the given order", () => {
    const { tags: _tags, ...rest } = JSON.parse(FILE);
    const next = { ...rest, zeta: 1, modelTier: "fast", skills: ["x/y"] };
    const out = editJsonText(FILE, next, ["id", "name", "modelTier", "skills"]);
    expect(Object.keys(JSON.parse(out))).toEqual([
      "role",
      "name",
      "fence",
      "permissions",
      "description",
      "modelTier",
      "skills",
      "zeta",
    ]);
    expect(out.endsWith("}\n")).toBe(true);
  });
});

describe("sameJson", () => {
  it("ignores key order but not array order", () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: {} }, { a: {}, b: undefined })).toBe(false);
  });
});

describe("editJsonText with very many changed keys", () => {
  it("writes the value plainly past MAX_TEXT_EDITS, keeping the existing key order and unknown fields", () => {
    const text = `{\n  "b": 1,\n  "x-unknown": {},\n  "a": 2\n}\n`;
    const next: Record<string, unknown> = { b: 3, "x-unknown": {}, a: 2 };
    for (let i = 0; i <= MAX_TEXT_EDITS; i++) next[`k${i}`] = i;
    const out = editJsonText(text, next);
    expect(JSON.parse(out)).toEqual(next);
    expect(Object.keys(JSON.parse(out)).slice(0, 3)).toEqual(["b", "x-unknown", "a"]);
  });
});
