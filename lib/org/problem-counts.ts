import type { FieldError } from "@/schemas/field-error";
import type { Scope } from "@/schemas/kinds";

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Who can fix a problem in a record the studio never writes, or null when the project can. A built-in
 * or pack record is fixed where it comes from, or shadowed by an override in the project.
 */
export function readOnlyFix(scope: Scope, kind: string): string | null {
  if (scope === "builtin")
    return `This file comes with Construct and is read-only here: Construct's maintainers can change it, or override the ${kind} in your project to change what runs.`;
  if (scope === "pack")
    return `This file comes with an installed pack and is read-only here: the pack's author can change it, or override the ${kind} in your project to change what runs.`;
  return null;
}

/**
 * The problems a status badge counts, from the sources a page has (the install, the org, git's
 * ignore rules), each once: the same problem reached two ways is one problem on every page.
 */
export function uniqueProblems(...sources: readonly (readonly FieldError[])[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const list of sources)
    for (const p of list) {
      const key = `${p.id}\u0000${p.location}\u0000${p.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(p);
    }
  return out;
}

export type ProblemCounts = { errors: number; warnings: number; accepted: number; readOnly: number };
type Counted = Pick<FieldError, "severity" | "fixBy" | "accepted">;

/** Where a problem is listed: what needs the user, what the project accepted, what is someone else's. */
export function standing(p: Counted): "error" | "warning" | "accepted" | "read-only" {
  if (p.severity === "error") return "error";
  if (p.accepted !== undefined) return "accepted";
  return p.fixBy ? "read-only" : "warning";
}

/**
 * Errors always count (a broken file breaks the org wherever it sits); a warning counts against the
 * project only when the project can act on it and has not accepted it; the rest are told apart.
 */
export function countProblems(problems: readonly Counted[]): ProblemCounts {
  let errors = 0;
  let warnings = 0;
  let accepted = 0;
  let readOnly = 0;
  for (const p of problems) {
    const s = standing(p);
    if (s === "error") errors++;
    else if (s === "accepted") accepted++;
    else if (s === "read-only") readOnly++;
    else warnings++;
  }
  return { errors, warnings, accepted, readOnly };
}

/**
 * "0 errors · 1 warning · 3 accepted · 11 read-only": the org's status, never "valid" while there is a
 * warning to read, and a silence always in view. `more` adds warnings known by number only (the
 * first paint leaves their texts to the lists).
 */
export function statusText(problems: readonly Counted[], more: Partial<Omit<ProblemCounts, "errors">> = {}): string {
  const c = countProblems(problems);
  const warnings = c.warnings + (more.warnings ?? 0);
  const accepted = c.accepted + (more.accepted ?? 0);
  const readOnly = c.readOnly + (more.readOnly ?? 0);
  return `${plural(c.errors, "error")} · ${plural(warnings, "warning")}${accepted ? ` · ${accepted} accepted` : ""}${readOnly ? ` · ${readOnly} read-only` : ""}`;
}
