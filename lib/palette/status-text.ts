import type { FieldError } from "@/schemas/field-error";

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "0 errors · 165 warnings": the org's status, never "valid" while there is a warning to read. */
export function statusText(problems: readonly Pick<FieldError, "severity">[]): string {
  const errors = problems.filter((p) => p.severity === "error").length;
  return `${plural(errors, "error")} · ${plural(problems.length - errors, "warning")}`;
}
