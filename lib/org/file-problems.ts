import { standing } from "@/lib/org/problem-counts";
import { problemKey } from "@/lib/org/validate";
import type { FieldError } from "@/schemas/field-error";

/**
 * `/list`'s sections of problems tied to a file. `unloaded`: errors of files no record came from; an
 * error on a record the table holds is on that record's row already, and saying its file "could not be
 * loaded" would be wrong as well as a second copy. `warnings`: house checks on the project's loaded
 * files, kept apart so they are not mistaken for broken files. `readOnly`: warnings in files the studio
 * never writes. `accepted`: warnings the project accepted, with their reasons.
 */
export function fileProblems(
  problems: readonly FieldError[],
  onRows: readonly FieldError[],
): { unloaded: FieldError[]; warnings: FieldError[]; readOnly: FieldError[]; accepted: FieldError[] } {
  const shown = new Set(onRows.map(problemKey));
  return {
    unloaded: problems.filter((p) => p.path && p.severity === "error" && !shown.has(problemKey(p))),
    warnings: problems.filter((p) => p.path && standing(p) === "warning"),
    readOnly: problems.filter((p) => standing(p) === "read-only"),
    accepted: problems.filter((p) => standing(p) === "accepted"),
  };
}
