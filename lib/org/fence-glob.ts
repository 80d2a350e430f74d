/**
 * The fence glob grammar. A glob knows `*` (within a segment), `**` (a whole segment: any number of
 * segments, at least one at the end of a pattern) and `?` (one character); every other character
 * is literal, so no pattern can negate, expand or widen a fence, whatever a file on disk holds.
 * Targets are project-relative file paths, normalized once before matching.
 */

/** A path that leaves the project: a fence never matches it and refuses it when written. */
export const ABSOLUTE = /^(?:\/|~|[A-Za-z]:)/;

const REGEX_SPECIAL = /[.+^${}()|[\]\\*?]/g;

/** The regular expression a glob compiles to, or null when it can match nothing. */
function compileGlob(pattern: string): RegExp | null {
  if (!pattern || ABSOLUTE.test(pattern) || pattern.startsWith("./")) return null;
  const segments = pattern.split("/");
  let source = "";
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "**") {
      // At least one segment at the end, so `dir/**` (wherever the `**` stands) never matches `dir`.
      source += last ? "[^/]+(?:/[^/]+)*" : "(?:[^/]+/)*";
      return;
    }
    source += segment.replace(REGEX_SPECIAL, (ch) => (ch === "*" ? "[^/]*" : ch === "?" ? "[^/]" : `\\${ch}`));
    if (!last) source += "/";
  });
  // Consecutive stars inside a segment compile to repeated [^/]*, which is the same set as one.
  return new RegExp(`^${source.replace(/(?:\[\^\/\]\*)+/g, "[^/]*")}$`);
}

const matcherCache = new Map<string, RegExp | null>();

/** Whether a normalized, project-relative target matches a fence glob. */
export function globMatch(pattern: string, target: string): boolean {
  if (!pattern || !target) return false;
  let matcher = matcherCache.get(pattern);
  if (matcher === undefined) {
    matcher = compileGlob(pattern);
    if (matcherCache.size > 2000) matcherCache.clear();
    matcherCache.set(pattern, matcher);
  }
  const normalized = normalizeTarget(target);
  return matcher !== null && normalized.ok && matcher.test(normalized.path);
}

/**
 * A target as the fence sees it: a leading `./` dropped; `..` segments, backslashes, surrounding
 * whitespace, absolute paths, an empty path or a trailing `/` are refused with the reason.
 */
export function normalizeTarget(target: string): { ok: true; path: string } | { ok: false; why: string } {
  const shown = JSON.stringify(target);
  if (target !== target.trim()) return { ok: false, why: `${shown} has leading or trailing whitespace` };
  if (target.includes("\\")) return { ok: false, why: `${shown} holds a backslash` };
  if (ABSOLUTE.test(target)) return { ok: false, why: `${shown} is absolute; fences cover paths inside the project` };
  const path = target.replace(/^(?:\.\/)+/, "");
  if (path === "") return { ok: false, why: "the target is empty: name a file" };
  if (path.split("/").includes(".."))
    return { ok: false, why: `${shown} has a .. segment, which could leave the fence` };
  if (path.endsWith("/")) return { ok: false, why: `${shown} ends in /: a target is a file path` };
  return { ok: true, path };
}
