/** Unlike the index, a key stays with its item when an earlier item goes, so focus and state follow it. */
export function occurrenceKeys<T>(items: readonly T[], keyOf: (item: T) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const key = keyOf(item);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n ? `${key}#${n}` : key;
  });
}

export const problemKeys = (problems: readonly { severity: string; id: string; location: string; message: string }[]) =>
  occurrenceKeys(problems, (p) => `${p.severity}:${p.id}:${p.location}:${p.message}`);
