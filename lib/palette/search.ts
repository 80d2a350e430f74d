// Pure, so what the palette finds is decided and tested here, not by the widget drawing the list.

export type SearchItem = {
  /** e.g. `contracts/construct-to-orchestrator` or `action:new-policy`. */
  key: string;
  group: string;
  id: string;
  name?: string;
  /** Searched last: descriptions, charters, roles, parties, an action's keywords. */
  text?: string;
};

export type SearchHit<T extends SearchItem> = { item: T; score: number };

// Where a token matches says more than how often: id, then name, then free text.
const ID_EXACT = 100;
const ID_PREFIX = 60;
const NAME_PREFIX = 50;
const WORD_START = 40;
const ID_CONTAINS = 30;
const NAME_CONTAINS = 25;
const TEXT_WORD_START = 12;
const TEXT_CONTAINS = 6;
/** The whole query is the record's id or name, spaces and case aside: it comes first. */
const WHOLE_MATCH = 200;

/** Words a person types in a question that match nearly every description, and so rank nothing. */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "for",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "that",
  "the",
  "to",
  "who",
  "what",
  "which",
  "with",
]);

const wordStart = (haystack: string, needle: string) => {
  let at = haystack.indexOf(needle);
  while (at !== -1) {
    if (at === 0 || !/[a-z0-9]/.test(haystack[at - 1])) return true;
    at = haystack.indexOf(needle, at + 1);
  }
  return false;
};

/** 0–9: orders prefixes within their tier, so "test" ranks `testing` above `test-strategy`. */
const coverage = (token: string, whole: string) => Math.min(9, Math.floor((9 * token.length) / whole.length));

function tokenScore(token: string, id: string, name: string, text: string): number {
  if (id === token) return ID_EXACT;
  if (id.startsWith(token)) return ID_PREFIX + coverage(token, id);
  if (name.startsWith(token)) return NAME_PREFIX + coverage(token, name);
  if (wordStart(id, token) || wordStart(name, token)) return WORD_START;
  if (id.includes(token)) return ID_CONTAINS;
  if (name.includes(token)) return NAME_CONTAINS;
  if (wordStart(text, token)) return TEXT_WORD_START;
  if (text.includes(token)) return TEXT_CONTAINS;
  return 0;
}

/** A query's words, stop words left out unless the query is nothing else. */
export function tokenize(query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return meaningful.length ? meaningful : words;
}

const squeezed = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .trim();

/** `limit` caps hits per group, so a thousand specialists cannot push every other kind out. */
export function searchItems<T extends SearchItem>(
  items: readonly T[],
  query: string,
  limit = Number.POSITIVE_INFINITY,
): SearchHit<T>[] {
  const tokens = tokenize(query);
  const whole = squeezed(query);
  const hits: (SearchHit<T> & { order: number })[] = [];
  items.forEach((item, order) => {
    const id = item.id.toLowerCase();
    const name = (item.name ?? "").toLowerCase();
    const text = (item.text ?? "").toLowerCase();
    let score = 0;
    for (const token of tokens) {
      const s = tokenScore(token, id, name, text);
      if (!s) return;
      score += s;
    }
    if (whole && (squeezed(item.id) === whole || squeezed(item.name ?? "") === whole)) score += WHOLE_MATCH;
    hits.push({ item, score: tokens.length ? score : 1, order });
  });
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  const perGroup = new Map<string, number>();
  return hits
    .filter((h) => {
      const n = perGroup.get(h.item.group) ?? 0;
      perGroup.set(h.item.group, n + 1);
      return n < limit;
    })
    .map(({ item, score }) => ({ item, score }));
}

/** Groups ordered by their best hit. */
export function groupHits<T extends SearchItem>(
  hits: readonly SearchHit<T>[],
): { group: string; hits: SearchHit<T>[] }[] {
  const groups = new Map<string, SearchHit<T>[]>();
  for (const hit of hits) groups.set(hit.item.group, [...(groups.get(hit.item.group) ?? []), hit]);
  return [...groups.entries()].map(([group, list]) => ({ group, hits: list }));
}
