import { buildPointer } from "@/lib/json/pointer";
import type { FieldError } from "@/schemas/field-error";

export const TIER_GIT_IGNORED = "tier-git-ignored";

export type IgnoredTier = {
  /** What the studio writes that git ignores, as shown: `.construct/org/`, `.construct/packs.json`. */
  hidden: readonly string[];
  /** The ignore file as shown: `.gitignore`, `.git/info/exclude`, an absolute global file. */
  file: string;
  line: number;
  pattern: string;
  /** What the fix does, or what to change by hand when the studio will not. */
  fix: { kind: "studio"; lines: string[] } | { kind: "by-hand"; advice: string };
};

const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** The warning every surface shows (validate, the problem list, `/changes`), one text for all. */
export function tierIgnoredProblem(t: IgnoredTier): FieldError {
  const fix =
    t.fix.kind === "studio"
      ? `Fix: "Fix the ignore rule" in the studio or \`construct-studio fix-ignore\` replaces it with ${listed(t.fix.lines.map((l) => `\`${l}\``))}, so the rest stays ignored (it shows the diff first).`
      : `Fix by hand: ${t.fix.advice}`;
  return {
    id: TIER_GIT_IGNORED,
    severity: "warning",
    message: `git ignores ${listed(t.hidden)}, which the studio writes: ${t.file}:${t.line} (\`${t.pattern}\`). Changes there are invisible to git: no diff, no review, not committed. ${fix}`,
    location: buildPointer("git-ignore"),
    path: t.file,
  };
}
