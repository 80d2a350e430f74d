import { describe, expect, it } from "vitest";
import { occurrenceKeys } from "./react-keys";

describe("occurrenceKeys", () => {
  it("keys each item by itself, numbering repeats", () => {
    expect(occurrenceKeys(["a", "b", "a", "a"], (s) => s)).toEqual(["a", "b", "a#1", "a#2"]);
  });

  it("keeps an item's key when a different item before it is removed", () => {
    const before = occurrenceKeys(["x", "y", "z"], (s) => s);
    const after = occurrenceKeys(["x", "z"], (s) => s);
    expect(after[1]).toBe(before[2]);
  });
});
