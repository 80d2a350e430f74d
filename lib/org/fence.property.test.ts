import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveFence } from "@/lib/org/effective-fence";
import { checkAction } from "@/lib/org/fence";

/**
 * Construct's fence decision (`globMatch` and `checkAction`), restated as the bound ours must stay
 * within: wherever ours answers `allowed`, Construct must too. The differences that make ours
 * broader are applied to the input, never to its rules: a leading `./` is dropped once, and `?` is
 * left out of the globs (one character here, a regex quantifier there; see fence-fidelity.test.ts).
 */
function upstreamGlob(pattern: string, target: string): boolean {
  if (!pattern || !target) return false;
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*\*\//g, "\uE000")
    .replace(/\*\*/g, "\uE001")
    .replace(/\*/g, "[^/]*")
    .replace(/\uE000/g, "(?:.*/)?")
    .replace(/\uE001/g, ".*");
  return new RegExp(`^${source}$`).test(target);
}

type RawFence = {
  allowedPaths: string[];
  allowedCommands: string[];
  allowedBdLabels: string[];
  approvalRequired: string[];
};

function upstreamAllowed(fence: RawFence, action: string, target: string): boolean {
  switch (action) {
    case "edit":
    case "write":
      return fence.allowedPaths.some((p) => upstreamGlob(p, target));
    case "bash": {
      const command = target.trim();
      return fence.allowedCommands.some((c) => command === c || command.startsWith(`${c} `));
    }
    case "bd-label":
      return target.split(",").every((l) => fence.allowedBdLabels.includes(l) || l.startsWith("next:"));
    default:
      // commit and push are never allowed, only approvable; anything else is unknown-action.
      return false;
  }
}

const segment = fc.constantFrom(
  "docs",
  "adr",
  "src",
  "a",
  "x.md",
  "*",
  "**",
  "*.md",
  "**.md",
  ".",
  "..",
  "",
  "!secret",
  "{a,b}",
  "[ab]",
  "+(a|b)",
  "@(a)",
  "!(a)",
  "a\\b",
  " a",
  "~",
  "C:",
  ".env",
);
const prefix = fc.constantFrom("", "", "", "/", "./", "!", "~/", "../");
const pathLike = fc
  .tuple(prefix, fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom("", "", "/"))
  .map(([p, segments, suffix]) => `${p}${segments.join("/")}${suffix}`);

const word = fc.constantFrom("npm", "test", "git", "push", "commit", "status", "rm", "-rf", "ls", "x");
const glue = fc.constantFrom(" ", " ", " && ", "&&", " | ", ";", " ; ", " || ", "&", "\n", " $(", "`");
const command = fc
  .tuple(fc.array(fc.tuple(word, glue), { maxLength: 4 }), word, fc.constantFrom("", " ", "  "))
  .map(([pairs, last, pad]) => `${pad}${pairs.map(([w, g]) => w + g).join("")}${last}${pad}`);
const allowedCommand = fc.oneof(
  word,
  fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
  fc.constantFrom("git", "npm test", "ls|x", ""),
);

const label = fc.constantFrom("adr", "ops", "next:x", " next:y", "next:", "", " adr", "design");
const labels = fc.array(label, { minLength: 1, maxLength: 3 }).map((l) => l.join(","));

const rawFence = fc.record({
  allowedPaths: fc.array(pathLike, { maxLength: 3 }),
  allowedCommands: fc.array(allowedCommand, { maxLength: 3 }),
  allowedBdLabels: fc.array(label, { maxLength: 2 }),
  approvalRequired: fc.array(fc.oneof(fc.constantFrom("commit", "push", "bash", "edit", "product-scope"), pathLike), {
    maxLength: 3,
  }),
});
const team = fc.option(
  fc.record({
    forbiddenDecisions: fc.array(fc.constantFrom("push", "commit", "edit", "bash", "product-scope"), { maxLength: 2 }),
  }),
  { nil: null },
);
const action = fc.oneof(
  fc.tuple(fc.constantFrom("edit", "write"), pathLike),
  fc.tuple(fc.constant("bash"), command),
  fc.tuple(fc.constant("bd-label"), labels),
  fc.tuple(fc.constantFrom("commit", "push", "deploy"), fc.constant("")),
);

const dropDotSlash = (target: string) => target.replace(/^(?:\.\/)+/, "");

describe("a fence decision is never broader than Construct's", () => {
  it("ours is allowed only where Construct's restated rule allows the same fence and action", () => {
    fc.assert(
      fc.property(rawFence, team, action, (fence, t, [act, target]) => {
        const ours = checkAction(effectiveFence(fence, t), act, target);
        if (!ours.allowed) return true;
        const upstreamTarget = act === "edit" || act === "write" ? dropDotSlash(target) : target;
        return upstreamAllowed(fence, act, upstreamTarget);
      }),
      { numRuns: 4000 },
    );
  });

  it("a path ours allows is always project-relative, without .. or a backslash", () => {
    fc.assert(
      fc.property(rawFence, action, (fence, [act, target]) => {
        if (act !== "edit" && act !== "write") return true;
        const ours = checkAction(effectiveFence(fence, { forbiddenDecisions: [] }), act, target);
        if (!ours.allowed) return true;
        const path = dropDotSlash(target);
        return !path.startsWith("/") && !path.split("/").includes("..") && !path.includes("\\") && path === path.trim();
      }),
      { numRuns: 2000 },
    );
  });

  it("the generators reach allowed decisions on both sides, so the bound is exercised", () => {
    let both = 0;
    fc.assert(
      fc.property(rawFence, action, (fence, [act, target]) => {
        const ours = checkAction(effectiveFence(fence, { forbiddenDecisions: [] }), act, target);
        if (ours.allowed) both++;
        return true;
      }),
      { numRuns: 2000, seed: 14 },
    );
    expect(both).toBeGreaterThan(20);
  });
});
