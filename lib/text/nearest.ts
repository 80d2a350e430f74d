/** Levenshtein distance: how many single-character edits turn `a` into `b`. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/**
 * The known name a typo most likely meant: the first within an edit or two (fewer for short names, so
 * `id` never stands for `ok`), ignoring case; undefined when none is that close.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return known.find((k) => distance(k.toLowerCase(), lower) <= Math.min(2, k.length >> 2));
}
