import { describe, expect, it } from "vitest";
import { buildPointer, escapePointerSegment, isAtOrUnder, parsePointer, unescapePointerSegment } from "./pointer";

describe("buildPointer", () => {
  it("joins segments under #, escaping ~ as ~0 and / as ~1 (RFC 6901)", () => {
    expect(buildPointer("workflows", "ops", "embed")).toBe("#/workflows/ops/embed");
    expect(buildPointer("specialists", "a/b", "fence", "x~y", 0)).toBe("#/specialists/a~1b/fence/x~0y/0");
    expect(buildPointer()).toBe("#");
    expect(buildPointer("")).toBe("#/");
  });

  it("escapes ~ before /, so a literal ~1 is not read back as /", () => {
    expect(escapePointerSegment("~1")).toBe("~01");
    expect(unescapePointerSegment("~01")).toBe("~1");
    expect(unescapePointerSegment("~10")).toBe("/0");
  });
});

describe("parsePointer", () => {
  it("reads back what buildPointer wrote, for awkward segments too", () => {
    const segments = ["teams", "a/b", "~", "~1", "", "0", "x y"];
    expect(parsePointer(buildPointer(...segments))).toEqual(segments);
  });

  it("accepts a pointer without the leading #, and the whole document as no segments", () => {
    expect(parsePointer("/scope")).toEqual(["scope"]);
    expect(parsePointer("#")).toEqual([]);
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("#/")).toEqual([""]);
  });
});

describe("isAtOrUnder", () => {
  it("matches the prefix itself and anything inside it", () => {
    expect(isAtOrUnder("#/workflows/ops", "#/workflows/ops")).toBe(true);
    expect(isAtOrUnder("#/workflows/ops/embed/cadence", "#/workflows/ops")).toBe(true);
    expect(isAtOrUnder("#/workflows/ops/embed", ["workflows", "ops"])).toBe(true);
  });

  it("matches whole segments only: ops-2 is not under ops", () => {
    expect(isAtOrUnder("#/workflows/ops-2", "#/workflows/ops")).toBe(false);
    expect(isAtOrUnder("#/workflows/ops-2/embed", ["workflows", "ops"])).toBe(false);
    expect(isAtOrUnder("#/workflows/opsx", "#/workflows/op")).toBe(false);
  });

  it("is not fooled by escaping: a/b as one id is not the id a with b inside", () => {
    expect(isAtOrUnder(buildPointer("teams", "a/b"), buildPointer("teams", "a"))).toBe(false);
    expect(isAtOrUnder(buildPointer("teams", "a", "b"), buildPointer("teams", "a/b"))).toBe(false);
    expect(isAtOrUnder(buildPointer("teams", "a/b", "x"), ["teams", "a/b"])).toBe(true);
  });

  it("a shorter pointer is never under a longer prefix; everything is under the root", () => {
    expect(isAtOrUnder("#/workflows", "#/workflows/ops")).toBe(false);
    expect(isAtOrUnder("#/anything/at/all", "#")).toBe(true);
  });
});
