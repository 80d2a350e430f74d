import type { FieldError } from "@/schemas/field-error";

/** The status badge's colours: red with errors, amber with warnings only, green when clean. */
export function statusTone(problems: readonly FieldError[], uncounted = 0): string {
  if (problems.some((p) => p.severity === "error")) return "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300";
  if (problems.length || uncounted) return "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200";
  return "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300";
}

/** The badge's button class; the stand-ins shown before its dialog's code or the org loads wear the same. */
export const statusBadgeClass = (problems: readonly FieldError[], uncounted = 0) =>
  `mr-1 rounded px-1.5 py-1 text-xs hover:underline ${statusTone(problems, uncounted)}`;
