import { describe, expect, it } from "vitest";
import { handFix, reincludeTier } from "./reinclude";
import { unifiedDiff } from "./unified-diff";

const fix = (text: string, line: number, dirRel = ".construct") =>
  reincludeTier({ text, line, dirRel, entries: ["org/"] });
const fixed = (text: string, line: number, dirRel = ".construct") => {
  const result = fix(text, line, dirRel);
  if (!result.ok) throw new Error(result.message);
  return result.text;
};

describe("reincludeTier", () => {
  it.each([
    ["`.construct/`", "node_modules\n.construct/\ndist\n", 2, "node_modules\n.construct/*\n!.construct/org/\ndist\n"],
    ["`.construct`", ".construct\n", 1, ".construct/*\n!.construct/org/\n"],
    ["`/.construct/`", "/.construct/\n", 1, "/.construct/*\n!/.construct/org/\n"],
    ["`/.construct`", "a\n/.construct\n", 2, "a\n/.construct/*\n!/.construct/org/\n"],
    ["`.construct/**`", ".construct/**\n", 1, ".construct/*\n!.construct/org/\n"],
    ["`**/.construct/`", "**/.construct/\n", 1, ".construct/*\n!.construct/org/\n"],
    ["`.construct/*` alone", ".construct/*\nx\n", 1, ".construct/*\n!.construct/org/\nx\n"],
    ["trailing spaces", ".construct/  \n", 1, ".construct/*\n!.construct/org/\n"],
    ["`.cx/`", "# tiers\n.cx/\n", 2, "# tiers\n.cx/*\n!.cx/org/\n"],
  ])("rewrites %s", (_name, text, line, want) => {
    expect(fixed(text, line, _name === "`.cx/`" ? ".cx" : ".construct")).toBe(want);
  });

  it("keeps CRLF line endings, the inserted line included", () => {
    expect(fixed("a\r\n.construct/\r\nb\r\n", 2)).toBe("a\r\n.construct/*\r\n!.construct/org/\r\nb\r\n");
  });

  it("keeps a file without a final newline without one", () => {
    expect(fixed("a\n.construct/", 2)).toBe("a\n.construct/*\n!.construct/org/");
    expect(fixed("a\r\n.construct/", 2)).toBe("a\r\n.construct/*\r\n!.construct/org/");
    expect(fixed(".construct/", 1)).toBe(".construct/*\n!.construct/org/");
  });

  it("keeps a byte order mark on the first line", () => {
    expect(fixed("\uFEFF.construct/\n", 1)).toBe("\uFEFF.construct/*\n!.construct/org/\n");
  });

  it("rewrites every repetition of the rule and re-includes the tier after the last", () => {
    expect(fixed(".construct/\nnode_modules\n/.construct\n", 3)).toBe(
      ".construct/*\nnode_modules\n/.construct/*\n!/.construct/org/\n",
    );
  });

  it("adds no second negation when one already follows the rule", () => {
    expect(fixed(".construct/\n!.construct/org/\n", 1)).toBe(".construct/*\n!.construct/org/\n");
    expect(fixed(".construct/\nx\n!/.construct/org\n", 1)).toBe(".construct/*\nx\n!/.construct/org\n");
  });

  it("adds the negation after the rule when an earlier one comes before it", () => {
    expect(fixed("!.construct/org/\n.construct/\n", 2)).toBe("!.construct/org/\n.construct/*\n!.construct/org/\n");
  });

  it("anchors to a nested project folder and keeps hiding the folder's namesakes elsewhere", () => {
    expect(fixed(".cx/\n", 1, "app/.cx")).toBe("**/.cx/*\n!app/.cx/org/\n");
    expect(fixed("app/.cx/\n", 1, "app/.cx")).toBe("app/.cx/*\n!app/.cx/org/\n");
  });

  it.each([
    ["`*`", "*\n", 1],
    ["`.*`", ".*\n", 1],
    ["`*.json`", "*.json\n", 1],
    ["a glob in the name", ".constr*/\n", 1],
    ["another folder", "dist/\n", 1],
    ["an anchored path elsewhere", "/other/.construct/\n", 1],
    ["the tier itself", ".construct/org/\n", 1],
    ["a negation", "!.construct/\n", 1],
    ["a comment", "# .construct/\n", 1],
    ["an escaped name", "\\.construct/\n", 1],
  ])("refuses %s", (_name, text, line) => {
    const result = fix(text, line);
    expect(result).toMatchObject({ ok: false, code: "unsafe-rule" });
    expect(!result.ok && result.message).toContain(`line ${line}`);
  });

  it("refuses a line the file does not have", () => {
    expect(fix(".construct/\n", 4)).toMatchObject({ ok: false, code: "no-such-line" });
  });
});

describe("handFix", () => {
  it("re-includes the folder first when the rule hides it, then hides its contents", () => {
    expect(handFix(".construct", ["org/"], true)).toEqual(["!/.construct/", "/.construct/*", "!/.construct/org/"]);
    expect(handFix(".construct", ["org/"], false)).toEqual(["!/.construct/org/"]);
    expect(handFix("", ["org/"], true)).toEqual(["!/org/"]);
  });
});

describe("unifiedDiff", () => {
  it("shows the rewrite with three lines of context", () => {
    const before = "a\nb\nc\n.construct/\nd\ne\nf\ng\n";
    const after = fixed(before, 4);
    expect(unifiedDiff(".gitignore", before, after)).toBe(
      [
        "--- a/.gitignore",
        "+++ b/.gitignore",
        "@@ -1,7 +1,8 @@",
        " a",
        " b",
        " c",
        "-.construct/",
        "+.construct/*",
        "+!.construct/org/",
        " d",
        " e",
        " f",
        "",
      ].join("\n"),
    );
  });

  it("marks a last line without a newline", () => {
    expect(unifiedDiff("x", "a\n.construct/", "a\n.construct/*\n!.construct/org/")).toBe(
      "--- a/x\n+++ b/x\n@@ -1,2 +1,3 @@\n a\n-.construct/\n\\ No newline at end of file\n+.construct/*\n+!.construct/org/\n\\ No newline at end of file\n",
    );
  });

  it("is empty for equal texts and splits distant changes into hunks", () => {
    expect(unifiedDiff("x", "a\n", "a\n")).toBe("");
    const before = ".construct/\n1\n2\n3\n4\n5\n6\n7\n8\n.construct\n";
    const diff = unifiedDiff("x", before, fixed(before, 10));
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(diff).toContain("@@ -1,4 +1,4 @@");
    expect(diff).toContain("@@ -7,4 +7,5 @@");
  });
});

describe("reincludeTier with every entry the studio writes", () => {
  it("re-includes each after the rewritten rule, folders with their slash, files without, once", () => {
    const entries = ["org/", "packs.json", "packs/", "procedures/"];
    const text = "node_modules/\n.construct/\n";
    const once = reincludeTier({ text, line: 2, dirRel: ".construct", entries });
    expect(once).toEqual({
      ok: true,
      text: "node_modules/\n.construct/*\n!.construct/org/\n!.construct/packs.json\n!.construct/packs/\n!.construct/procedures/\n",
    });
    // A file that already re-includes some of them gains only the rest.
    const partial = "/.construct/*\n!/.construct/org/\n";
    expect(reincludeTier({ text: partial, line: 1, dirRel: ".construct", entries })).toEqual({
      ok: true,
      text: "/.construct/*\n!/.construct/packs.json\n!/.construct/packs/\n!/.construct/procedures/\n!/.construct/org/\n",
    });
  });

  it("by hand, each entry is one line", () => {
    expect(handFix(".construct", ["org/", "packs.json"], false)).toEqual([
      "!/.construct/org/",
      "!/.construct/packs.json",
    ]);
  });
});
