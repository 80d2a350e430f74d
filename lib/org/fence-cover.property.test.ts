import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveFence } from "@/lib/org/effective-fence";
import { checkAction } from "@/lib/org/fence";
import { commandCovers, globCovers, segmentCovers } from "@/lib/org/fence-cover";
import { globMatch } from "@/lib/org/fence-glob";
import { fenceLint } from "@/lib/org/fence-lint";

/**
 * Glob inclusion against the matcher itself: wherever `globCovers(broad, narrow)` says yes, every
 * path `narrow` matches must match `broad`. Paths are drawn both at random and by filling in
 * `narrow` (its `**`, `*` and `?`), so the paths it matches are reached, not only stumbled on.
 */

const segmentGlob = fc.constantFrom(
  "a",
  "b",
  "ab",
  "*",
  "a*",
  "*b",
  "?",
  "a?",
  "?b",
  "**",
  "",
  "x.md",
  "*.md",
  "*a*",
  "??",
);
const glob = fc.array(segmentGlob, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
const name = fc.constantFrom("a", "b", "ab", "ba", "aab", "x.md", "y.md", "", "abab");
const randomPath = fc.array(name, { minLength: 1, maxLength: 5 }).map((s) => s.join("/"));

/** A path `pattern` matches, built from the choices `picks` makes at each wildcard. */
function fill(pattern: string, picks: number[]): string {
  let k = 0;
  const pick = () => picks[k++ % picks.length];
  const words = ["a", "b", "ab", "x.md", "ba"];
  const segments = pattern.split("/");
  return segments
    .flatMap((segment, i) => {
      if (segment === "**") {
        const count = (pick() % 3) + (i === segments.length - 1 ? 1 : 0);
        return Array.from({ length: count }, () => words[pick() % words.length]);
      }
      return [
        segment.replace(/[*?]/g, (ch) => (ch === "?" ? "ab"[pick() % 2] : ["", "a", "b", "ab", ".md"][pick() % 5])),
      ];
    })
    .join("/");
}

/** A glob narrower than `pattern` as often as not: some of its wildcards replaced by narrower forms. */
function narrower(pattern: string, picks: number[]): string {
  let k = 0;
  const pick = () => picks[k++ % picks.length];
  return pattern
    .split("/")
    .map((segment) =>
      segment === "**"
        ? ["**", "a/**", "**/b", "a", "*"][pick() % 5]
        : segment.replace(/[*?]/g, (ch) =>
            ch === "?" ? ["?", "a"][pick() % 2] : ["*", "a*", "?", "a", "*b"][pick() % 5],
          ),
    )
    .join("/");
}

const picks = fc.array(fc.nat(50), { minLength: 1, maxLength: 12 });
const pair = fc.oneof(
  fc.tuple(glob, glob),
  fc.tuple(glob, picks).map(([b, p]) => [b, narrower(b, p)] as const),
);

describe("globCovers is sound against globMatch", () => {
  it("a covered glob's paths all match the broader glob", () => {
    let covered = 0;
    fc.assert(
      fc.property(pair, picks, randomPath, ([b, n], picks, p) => {
        if (!globCovers(b, n)) return true;
        covered++;
        const witness = fill(n, picks);
        for (const path of [witness, p]) if (globMatch(n, path) && !globMatch(b, path)) return false;
        return true;
      }),
      { numRuns: 6000, seed: 26 },
    );
    expect(covered).toBeGreaterThan(300);
  });

  it("every glob covers itself, and the usual inclusions hold", () => {
    fc.assert(fc.property(glob, (g) => g.split("/").some((s) => s === "") || globCovers(g, g)));
    expect(globCovers("docs/**", "docs/adr/**")).toBe(true);
    expect(globCovers("**", "src/a.ts")).toBe(true);
    expect(globCovers("**/*", "**")).toBe(true);
    expect(globCovers("src/**/*.ts", "src/lib/*.ts")).toBe(true);
    expect(globCovers("src/*", "src/**")).toBe(false);
    expect(globCovers("docs/**", "docs")).toBe(false);
    expect(globCovers("a/**/b", "a//b")).toBe(false);
    expect(segmentCovers("*.md", "?*.md")).toBe(true);
    expect(segmentCovers("?*", "*")).toBe(false);
  });

  it("a glob the grammar refuses covers nothing and is covered by nothing", () => {
    for (const bad of ["src/{a,b}/**", "/etc/**", "./src/**", "src/**.ts", "!x/**", ""]) {
      expect(globCovers(bad, "src/a/b")).toBe(false);
      expect(globCovers("**", bad)).toBe(false);
    }
  });

  it("a command prefix covers exactly the commands checkAction lets it allow", () => {
    expect(commandCovers("npm", "npm test")).toBe(true);
    expect(commandCovers("npm", "npm")).toBe(true);
    expect(commandCovers("npm", "npmx")).toBe(false);
    expect(commandCovers("", "npm")).toBe(false);
  });
});

const pathEntry = fc.oneof(glob, fc.constantFrom("docs/**", "docs/adr/**", "src/**", "src/a.ts", "**"));
const approval = fc.oneof(
  fc.constantFrom("commit", "push", "bash", "edit", "write", "product-scope", "edit:", "edit:src/**", "write:docs/**"),
  glob.map((g) => `edit:${g}`),
);
const denied = fc.constantFrom("edit", "edit:src/**", "write", "push", "commit:**", "bash", "edit:docs/adr/**");
const commandEntry = fc.constantFrom("npm", "npm test", "git", "git push", "git -C x commit", "ls", "ls -la", "npm");
const fence = fc.record({
  allowedPaths: fc.array(pathEntry, { minLength: 1, maxLength: 4 }),
  allowedCommands: fc.array(commandEntry, { maxLength: 3 }),
  approvalRequired: fc.array(approval, { maxLength: 3 }),
  deniedActions: fc.array(denied, { maxLength: 2 }),
});
const team = fc.option(
  fc.record({
    id: fc.constant("t"),
    forbiddenDecisions: fc.array(fc.constantFrom("push", "edit", "product-scope"), { maxLength: 2 }),
  }),
  { nil: undefined },
);
const action = fc.oneof(
  fc.tuple(fc.constantFrom("edit", "write"), randomPath),
  fc.tuple(fc.constantFrom("edit", "write"), fc.constantFrom("docs/adr/x.md", "src/a.ts", "src/a/b.ts", "docs/x")),
  fc.tuple(
    fc.constant("bash"),
    fc.constantFrom("npm test", "npm", "git push origin", "git -C x commit -m y", "ls -la", "git status"),
  ),
  fc.tuple(fc.constantFrom("commit", "push", "product-scope"), fc.constant("")),
);

describe("a fence entry warned about changes no decision", () => {
  it("removing the entry a warning names leaves checkAction's decision on every action as it was", () => {
    let warned = 0;
    fc.assert(
      fc.property(fence, team, fc.array(action, { minLength: 8, maxLength: 8 }), (f, t, actions) => {
        const decide = (x: typeof f) =>
          actions.map(
            ([a, target]) => checkAction(effectiveFence(x, t ?? { forbiddenDecisions: [] }), a, target).decision,
          );
        const before = decide(f);
        for (const lint of fenceLint(f, t)) {
          warned++;
          const [key, index] = lint.path;
          const without = { ...f, [key]: f[key].filter((_, i) => i !== index) };
          if (decide(without).join() !== before.join()) return false;
        }
        return true;
      }),
      { numRuns: 3000, seed: 4 },
    );
    expect(warned).toBeGreaterThan(500);
  });
});
