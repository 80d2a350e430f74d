/**
 * React keys for a list that may hold equal items: each item's own key, with the occurrence
 * number among equal ones appended. Unlike the index, a key stays with its item when an earlier,
 * different item is removed, so React keeps the right element (and its focus and state).
 */
export function occurrenceKeys<T>(items: readonly T[], keyOf: (item: T) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const key = keyOf(item);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n ? `${key}#${n}` : key;
  });
}

/** Keys for a list of problems: two problems are the same element when they say the same thing at the same place. */
export const problemKeys = (problems: readonly { severity: string; id: string; location: string; message: string }[]) =>
  occurrenceKeys(problems, (p) => `${p.severity}:${p.id}:${p.location}:${p.message}`);
