import type { Fence } from "@/schemas/fence";
import { isObject, type Unchecked } from "@/schemas/views";
import { ABSOLUTE } from "./fence-glob";

/**
 * What a fence entry may hold when written. `globProblem` refuses each form the glob grammar
 * (`fence-glob.ts`) reads differently from what it seems to say, so the two agree item for item.
 */

type Segment = string | number;

/** A problem with one fence entry, located inside the fence (`["allowedPaths", 2]`). */
export type FenceProblem = {
  id: "fence-unsupported-glob" | "fence-absolute-path" | "fence-approval-ambiguous";
  message: string;
  path: Segment[];
};

const EXTGLOB = /[+@!*?]\(/;

/** Why a fence glob cannot be written as it is, or null when it is a plain `*`/`**`/`?` glob. */
export function globProblem(pattern: string): Pick<FenceProblem, "id" | "message"> | null {
  const shown = JSON.stringify(pattern);
  if (ABSOLUTE.test(pattern))
    return {
      id: "fence-absolute-path",
      message: `${shown} is absolute: fence paths are relative to the project root, e.g. "docs/**"`,
    };
  const unsupported = (what: string) => ({
    id: "fence-unsupported-glob" as const,
    message: `${shown} uses ${what}; fence globs support only *, ** and ? (every other character is literal)`,
  });
  if (pattern.startsWith("!")) return unsupported("a leading ! (negation)");
  if (EXTGLOB.test(pattern)) return unsupported("an extglob form");
  if (/[{}]/.test(pattern)) return unsupported("braces");
  if (/[[\]]/.test(pattern)) return unsupported("brackets");
  if (/[()]/.test(pattern)) return unsupported("parentheses");
  if (pattern.includes("\\")) return unsupported("a backslash");
  if (pattern.startsWith("./"))
    return {
      id: "fence-unsupported-glob",
      message: `${shown} starts with ./: write paths relative to the project root, e.g. "docs/**" (as written it matches nothing)`,
    };
  if (pattern.split("/").some((segment) => segment.includes("**") && segment !== "**"))
    return {
      id: "fence-unsupported-glob",
      message: `${shown} uses ** inside a segment: ** is a whole path segment ("src/**/x.ts"); here it acts as *`,
    };
  return null;
}

/** Approval entries that name an action and a glob; the glob after the colon is checked like a path. */
const SCOPED_APPROVAL = /^(edit|write|bd-label):(.*)$/;
const BARE_ACTIONS = new Set(["commit", "push", "bash", "edit", "write"]);
const GLOBBY = /[/*?]/;

/** Why an `approvalRequired` entry is refused, or null. */
export function approvalProblem(entry: string): Pick<FenceProblem, "id" | "message"> | null {
  if (BARE_ACTIONS.has(entry)) return null;
  const scoped = SCOPED_APPROVAL.exec(entry);
  if (scoped) return scoped[1] === "bd-label" ? null : globProblem(scoped[2]);
  if (GLOBBY.test(entry))
    return {
      id: "fence-approval-ambiguous",
      message: `${JSON.stringify(entry)} looks like a glob: write "edit:${entry}" (or "write:", "bd-label:") so it names the action it gates`,
    };
  return null;
}

/** Every problem of a fence's entries, each at its item (`allowedPaths/2`, `approvalRequired/0`). */
export function fenceProblems(fence: unknown): FenceProblem[] {
  if (!isObject(fence)) return [];
  // The raw lists, not the fence's view: a problem's index must be the item's index in the file.
  const f: Unchecked<Fence> = fence;
  const out: FenceProblem[] = [];
  const each = (key: keyof Unchecked<Fence>, check: (value: string) => Pick<FenceProblem, "id" | "message"> | null) => {
    const list = f[key];
    if (!Array.isArray(list)) return;
    list.forEach((value, i) => {
      if (typeof value !== "string") return;
      const problem = check(value);
      if (problem) out.push({ ...problem, path: [key, i] });
    });
  };
  each("allowedPaths", globProblem);
  each("approvalRequired", approvalProblem);
  each("deniedActions", (entry) => {
    const colon = entry.indexOf(":");
    return colon < 0 ? null : globProblem(entry.slice(colon + 1));
  });
  return out;
}
