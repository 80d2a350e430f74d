import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, type ListEntry, listHref, matchesFilter, parseListFilter } from "./list-filter";
import { pageWindow } from "./page-window";

const KINDS = ["specialist", "team", "group", "contract", "policy"] as const;
const all = parseListFilter({}, KINDS);

describe("the /list filter", () => {
  it("reads its address, ignoring what it does not know, and writes back only what filters", () => {
    expect(all).toEqual({ kind: null, tier: null, hideBuiltin: false, text: "", problemsOnly: false, page: 1 });
    const f = parseListFilter(
      { kind: "team", tier: "project", hide: "builtin", q: " review  ", problems: "1", page: "3" },
      KINDS,
    );
    expect(f).toEqual({
      kind: "team",
      tier: "project",
      hideBuiltin: true,
      text: "review",
      problemsOnly: true,
      page: 3,
    });
    expect(listHref(f)).toBe("/list?q=review&kind=team&tier=project&hide=builtin&problems=1&page=3");
    expect(parseListFilter({ kind: "worker-profile", tier: "nowhere", page: "-2", q: ["a", "b"] }, KINDS)).toEqual({
      ...all,
      text: "a",
    });
    expect(listHref(all)).toBe("/list");
  });

  it("keeps a row only when every part of the filter agrees, every word of the text included", () => {
    const row: ListEntry = {
      kind: "specialist",
      scope: "builtin",
      words: "cx-reviewer Reviews every change",
      problems: 0,
    };
    expect(matchesFilter(row, all)).toBe(true);
    expect(matchesFilter(row, { ...all, text: "REVIEW change" })).toBe(true);
    expect(matchesFilter(row, { ...all, text: "review deploy" })).toBe(false);
    expect(matchesFilter(row, { ...all, kind: "team" })).toBe(false);
    expect(matchesFilter(row, { ...all, hideBuiltin: true })).toBe(false);
    expect(matchesFilter(row, { ...all, tier: "project" })).toBe(false);
    expect(matchesFilter(row, { ...all, problemsOnly: true })).toBe(false);
    expect(
      matchesFilter({ ...row, problems: 2, scope: "project" }, { ...all, problemsOnly: true, hideBuiltin: true }),
    ).toBe(true);
  });

  it("pages the matching rows, a page past the end showing the last one", () => {
    expect(pageWindow(0, 1, LIST_PAGE_SIZE)).toEqual({ page: 1, pages: 1, from: 0, to: 0 });
    expect(pageWindow(LIST_PAGE_SIZE * 2 + 5, 2, LIST_PAGE_SIZE)).toEqual({
      page: 2,
      pages: 3,
      from: LIST_PAGE_SIZE,
      to: LIST_PAGE_SIZE * 2,
    });
    expect(pageWindow(LIST_PAGE_SIZE + 1, 9, LIST_PAGE_SIZE)).toEqual({
      page: 2,
      pages: 2,
      from: LIST_PAGE_SIZE,
      to: LIST_PAGE_SIZE + 1,
    });
  });
});
