import { describe, expect, it } from "vitest";
import { globMatch } from "@/lib/org/fence-glob";

describe("globMatch", () => {
  it.each([
    ["a?c", "abc", true],
    ["a?c", "ac", false],
    ["a?c", "abbc", false],
    ["a?c", "a/c", false],
    ["docs/?.md", "docs/x.md", true],
    ["docs/**", "docs/a/b/c.md", true],
    ["**/*.md", "a/b/c.md", true],
    ["**/*.md", "README.md", true],
    ["docs/**/*.md", "docs/a.md", true],
    ["docs/adr/**", "docs/adr/x/y.md", true],
    ["src/*.ts", "src/a.ts", true],
    ["src/*.ts", "src/a/b.ts", false],
    ["src/*.ts", "src/a.tsx", false],
    ["file.ts", "fileXts", false],
    ["a+b", "aab", false],
    ["lib/**", "lib/.env", true],
  ] as const)("%s vs %s → %s", (pattern, target, expected) => {
    expect(globMatch(pattern, target)).toBe(expected);
  });

  it("does not let docs/adr/** match the directory path docs/adr itself", () => {
    expect(globMatch("docs/adr/**", "docs/adr")).toBe(false);
  });

  it("is false for an empty pattern or target", () => {
    expect(globMatch("", "a.md")).toBe(false);
    expect(globMatch("**", "")).toBe(false);
  });

  it("does not let .. segments climb out of the glob's directory", () => {
    expect(globMatch("docs/**", "docs/../src/x.ts")).toBe(false);
    expect(globMatch("docs/adr/**", "docs/adr/../../lib/y.ts")).toBe(false);
  });

  // Construct: "./src/a.ts" does not match "src/**", and "src\\a.ts" does not match "src/*.ts" either.
  it("drops a leading ./ from the target and refuses a backslash", () => {
    expect(globMatch("src/**", "./src/a.ts")).toBe(true);
    expect(globMatch("src/*.ts", "src\\a.ts")).toBe(false);
  });
});
