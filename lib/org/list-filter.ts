import { holdsEveryWord } from "@/lib/text/every-word";
import { type EntityKind, SCOPES, type Scope } from "@/schemas/kinds";
import { pageNumber } from "./page-window";

/** What `/list` shows, read from and written to its address so a view can be shared and reloaded. */
export type ListFilter = {
  kind: EntityKind | null;
  tier: Scope | null;
  hideBuiltin: boolean;
  text: string;
  problemsOnly: boolean;
  /** 1-based. */
  page: number;
};

/** Enough for the built-in org on one page; a page of rows stays a few thousand DOM elements. */
export const LIST_PAGE_SIZE = 200;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();

/** Unknown or empty values mean "no filter": an address from an older link never errors. */
export function parseListFilter(params: Params, kinds: readonly EntityKind[]): ListFilter {
  const kind = one(params.kind);
  const tier = one(params.tier);
  return {
    kind: (kinds as readonly string[]).includes(kind) ? (kind as EntityKind) : null,
    tier: (SCOPES as readonly string[]).includes(tier) ? (tier as Scope) : null,
    hideBuiltin: one(params.hide) === "builtin",
    text: one(params.q).slice(0, 200),
    problemsOnly: one(params.problems) === "1",
    page: pageNumber(one(params.page)),
  };
}

/** The address of a filter: only what differs from showing everything, in a fixed order. */
export function listHref(f: ListFilter): string {
  const params = new URLSearchParams();
  if (f.text) params.set("q", f.text);
  if (f.kind) params.set("kind", f.kind);
  if (f.tier) params.set("tier", f.tier);
  if (f.hideBuiltin) params.set("hide", "builtin");
  if (f.problemsOnly) params.set("problems", "1");
  if (f.page > 1) params.set("page", String(f.page));
  const query = params.toString();
  return query ? `/list?${query}` : "/list";
}

export const isFiltered = (f: ListFilter) => !!(f.kind || f.tier || f.hideBuiltin || f.text || f.problemsOnly);

/** One row as the filter sees it: its words (id, summary, file) and how many problems it has. */
export type ListEntry = { kind: EntityKind; scope: Scope; words: string; problems: number };

export function matchesFilter(e: ListEntry, f: ListFilter): boolean {
  if (f.kind && e.kind !== f.kind) return false;
  if (f.tier && e.scope !== f.tier) return false;
  if (f.hideBuiltin && e.scope === "builtin") return false;
  if (f.problemsOnly && e.problems === 0) return false;
  return !f.text || holdsEveryWord(e.words, f.text);
}
