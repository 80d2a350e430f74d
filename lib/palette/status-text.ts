import type { FieldError } from "@/schemas/field-error";

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "0 errors · 165 warnings": the org's status, never "valid" while there is a warning to read.
 * `uncounted` adds warnings known by number only (the first paint leaves their texts to the lists).
 */
export function statusText(problems: readonly Pick<FieldError, "severity">[], uncounted = 0): string {
  const errors = problems.filter((p) => p.severity === "error").length;
  return `${plural(errors, "error")} · ${plural(problems.length - errors + uncounted, "warning")}`;
}
