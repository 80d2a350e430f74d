/** Whether `text` holds every word of `query`, ignoring case: an empty query matches everything. */
export function holdsEveryWord(text: string, query: string): boolean {
  const lower = text.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((w) => lower.includes(w));
}
