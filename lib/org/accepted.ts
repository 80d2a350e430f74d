import type { AcceptedEntry } from "@/schemas/accepted";
import type { FieldError } from "@/schemas/field-error";

/** Where a project keeps the warnings it accepts, beside its layout. */
export const ACCEPTED_FILE = "studio/accepted.json";

export type Accepted = {
  entries: readonly AcceptedEntry[];
  /** The file as the user finds it (relative to the project). */
  file: string;
};

const atOrUnder = (location: string, where: string) =>
  location === where || location.startsWith(where.endsWith("/") ? where : `${where}/`);

/**
 * The problems with each warning the project accepted marked with the reason it gave, followed by
 * what is wrong with the accepted list itself: an entry that silences nothing any more is said (a
 * silence outlives its cause unseen otherwise), and so is one that names a rule whose findings are
 * errors, which are never silenced.
 */
export function markAccepted(problems: readonly FieldError[], accepted: Accepted): FieldError[] {
  if (!accepted.entries.length) return [...problems];
  const byRule = new Map<string, { entry: AcceptedEntry; index: number }[]>();
  accepted.entries.forEach((entry, index) => {
    const list = byRule.get(entry.rule) ?? [];
    list.push({ entry, index });
    byRule.set(entry.rule, list);
  });
  const used = new Set<number>();
  const errorsNamed = new Set<number>();
  const out = problems.map((p) => {
    const entries = byRule.get(p.id);
    if (!entries) return p;
    for (const { entry, index } of entries) {
      if (entry.where !== undefined && !atOrUnder(p.location, entry.where)) continue;
      if (p.severity === "error") {
        errorsNamed.add(index);
        continue;
      }
      used.add(index);
      return { ...p, accepted: entry.reason };
    }
    return p;
  });
  accepted.entries.forEach((entry, index) => {
    if (used.has(index)) return;
    const what = `${accepted.file} entry ${index + 1} (${entry.rule}${entry.where ? ` at ${entry.where}` : ""})`;
    out.push({
      id: errorsNamed.has(index) ? "accepted-names-errors" : "accepted-matches-nothing",
      severity: "warning",
      message: errorsNamed.has(index)
        ? `${what} names errors, which are never silenced: fix them, or remove the entry`
        : `${what} silences nothing now: the warnings it accepted are gone, so the entry can be removed`,
      location: `#/accepted/${index}`,
      path: accepted.file,
    });
  });
  return out;
}
