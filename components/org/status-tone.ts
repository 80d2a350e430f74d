import { countProblems } from "@/lib/org/problem-counts";
import type { FieldError } from "@/schemas/field-error";

/**
 * The status badge's colours: red with errors, amber with warnings the project can act on, green
 * otherwise (warnings in read-only files are the package's or a pack's to fix).
 */
export function statusTone(problems: readonly FieldError[], uncounted: { warnings?: number } = {}): string {
  const counts = countProblems(problems);
  if (counts.errors) return "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300";
  if (counts.warnings || uncounted.warnings) return "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200";
  return "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300";
}

/** The badge's button class; the stand-ins shown before its dialog's code or the org loads wear the same. */
export const statusBadgeClass = (problems: readonly FieldError[], uncounted: { warnings?: number } = {}) =>
  `mr-1 rounded px-1.5 py-1 text-xs hover:underline ${statusTone(problems, uncounted)}`;
