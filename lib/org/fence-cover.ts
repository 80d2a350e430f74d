import { globProblem } from "./fence-problems";

/**
 * Whether one fence glob matches every path another matches, decided on the grammar of
 * `fence-glob.ts`. The answer is sound, not complete: `true` is always right, and where the
 * decision would need more than the rules below, the answer is `false` (so a warning built on it
 * is never wrong). A path is a list of segments; `**` stands for any number of non-empty segments
 * (at least one at the end of a pattern), and any other segment matches exactly one segment.
 */

/** Zero or more non-empty segments; a trailing `**` is this followed by one non-empty segment. */
const STAR0 = null;
/** Any non-empty segment, as a segment glob. */
const ANY_SEGMENT = "?*";
type Element = string | typeof STAR0;

function elements(pattern: string): Element[] | null {
  if (!pattern || globProblem(pattern) || pattern.startsWith("./")) return null;
  const segments = pattern.split("/");
  return segments.flatMap((segment, i): Element[] => {
    if (segment !== "**") return [segment];
    return i === segments.length - 1 ? [STAR0, ANY_SEGMENT] : [STAR0];
  });
}

/** A segment glob that never matches the empty segment: it holds a literal character or a `?`. */
const nonEmpty = (segment: string) => /[^*]/.test(segment);

/** Whether segment glob `broad` matches every segment `narrow` matches (`*` any characters, `?` one). */
export function segmentCovers(broad: string, narrow: string): boolean {
  const memo = new Map<number, boolean>();
  const go = (b: number, n: number): boolean => {
    const key = b * (narrow.length + 1) + n;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (b === broad.length) result = n === narrow.length;
    else if (n === narrow.length) result = /^\**$/.test(broad.slice(b));
    else if (broad[b] === "*") result = go(b + 1, n) || go(b, n + 1);
    else if (narrow[n] === "*")
      // The narrower `*` is empty or one character more: the broader side must cover both.
      result = go(b, n + 1) && broad[b] === "?" && go(b + 1, n);
    else if (broad[b] === "?") result = go(b + 1, n + 1);
    else result = broad[b] === narrow[n] && go(b + 1, n + 1);
    memo.set(key, result);
    return result;
  };
  return go(0, 0);
}

/** Whether glob `broad` matches every path glob `narrow` matches; false when either is not a plain glob. */
export function globCovers(broad: string, narrow: string): boolean {
  const b = elements(broad);
  const n = elements(narrow);
  if (!b || !n) return false;
  const memo = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = i * (n.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (j === n.length) result = b.slice(i).every((e) => e === STAR0);
    else if (i === b.length) result = false;
    else {
      const be = b[i];
      const ne = n[j];
      if (be === STAR0) result = go(i + 1, j) || ((ne === STAR0 || nonEmpty(ne)) && go(i, j + 1));
      else if (ne === STAR0)
        // The narrower `**` is no segment, or one more any-segment before it again.
        result = go(i, j + 1) && segmentCovers(be, ANY_SEGMENT) && go(i + 1, j);
      else result = segmentCovers(be, ne) && go(i + 1, j + 1);
    }
    memo.set(key, result);
    return result;
  };
  return go(0, 0);
}

/** Whether every shell command allowed by prefix `narrow` is allowed by prefix `broad` (`npm` covers `npm test`). */
export const commandCovers = (broad: string, narrow: string) =>
  broad !== "" && (narrow === broad || narrow.startsWith(`${broad} `));
