/**
 * The command palette's search: one pure function over records and actions alike, so what the
 * palette finds is decided here (and unit-tested), not by the widget that draws the list.
 */

/** One thing the palette can find: a record of the org or an action. */
export type SearchItem = {
  /** Unique among all items, e.g. `contracts/construct-to-orchestrator` or `action:new-policy`. */
  key: string;
  /** The heading the item is listed under ("Specialists", "Policies", "Actions", "Not on the canvas"…). */
  group: string;
  /** The record's id, or the action's short name. */
  id: string;
  /** The display name, when there is one besides the id. */
  name?: string;
  /** Free text searched last: descriptions, charters, roles, parties, keywords of an action. */
  text?: string;
};

export type SearchHit<T extends SearchItem> = { item: T; score: number };

// Weights: where a word matches says more than how often. An exact id beats a prefix of an id,
// which beats the start of a word in the name, which beats anything found in the free text.
const ID_EXACT = 100;
const ID_PREFIX = 60;
const NAME_PREFIX = 50;
const WORD_START = 40;
const ID_CONTAINS = 30;
const NAME_CONTAINS = 25;
const TEXT_WORD_START = 12;
const TEXT_CONTAINS = 6;

const wordStart = (haystack: string, needle: string) => {
  let at = haystack.indexOf(needle);
  while (at !== -1) {
    if (at === 0 || !/[a-z0-9]/.test(haystack[at - 1])) return true;
    at = haystack.indexOf(needle, at + 1);
  }
  return false;
};

/** 0–9: how much of `whole` the prefix `token` covers, to order prefixes within their tier. */
const coverage = (token: string, whole: string) => Math.min(9, Math.floor((9 * token.length) / whole.length));

/** How well one query token matches an item; 0 when it does not. */
function tokenScore(token: string, id: string, name: string, text: string): number {
  if (id === token) return ID_EXACT;
  // Among prefixes, the one the token covers more of first: "test" ranks `testing` above `test-strategy`.
  if (id.startsWith(token)) return ID_PREFIX + coverage(token, id);
  if (name.startsWith(token)) return NAME_PREFIX + coverage(token, name);
  if (wordStart(id, token) || wordStart(name, token)) return WORD_START;
  if (id.includes(token)) return ID_CONTAINS;
  if (name.includes(token)) return NAME_CONTAINS;
  if (wordStart(text, token)) return TEXT_WORD_START;
  if (text.includes(token)) return TEXT_CONTAINS;
  return 0;
}

/** The query's tokens: lower-cased, split on white space. */
export function tokenize(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The items matching every token of `query`, best first (ties keep the items' own order).
 * An empty query matches everything in the given order. `limit` caps the hits per group, so one
 * big kind (a thousand specialists) cannot push every other kind out of the list.
 */
export function searchItems<T extends SearchItem>(
  items: readonly T[],
  query: string,
  limit = Number.POSITIVE_INFINITY,
): SearchHit<T>[] {
  const tokens = tokenize(query);
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

/**
 * Hits grouped under their headings, groups ordered by their best hit (so the group of the best
 * match comes first), items within a group by score.
 */
export function groupHits<T extends SearchItem>(
  hits: readonly SearchHit<T>[],
): { group: string; hits: SearchHit<T>[] }[] {
  const groups = new Map<string, SearchHit<T>[]>();
  for (const hit of hits) groups.set(hit.item.group, [...(groups.get(hit.item.group) ?? []), hit]);
  return [...groups.entries()].map(([group, list]) => ({ group, hits: list }));
}
