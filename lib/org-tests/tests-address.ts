import { pageNumber } from "@/lib/org/page-window";
import { holdsEveryWord } from "@/lib/text/every-word";

/** What `/tests` shows, kept in its address so a link or a reload shows the same. */
export type TestsAddress = {
  failures: boolean;
  /** Narrows the coverage table to the principals whose id holds every word. */
  find: string;
  /** 1-based pages of the results and of the coverage table. */
  results: number;
  coverage: number;
};

/** A page of rows stays a few hundred elements however many specialists or cases there are. */
export const TESTS_PAGE_SIZE = 50;

type Params = { get(name: string): string | null };

/** Unknown or malformed values mean the first page, unfiltered: an older link never errors. */
export function parseTestsAddress(params: Params): TestsAddress {
  return {
    failures: params.get("failures") === "1",
    find: (params.get("find") ?? "").trim().slice(0, 200),
    results: pageNumber(params.get("results")),
    coverage: pageNumber(params.get("coverage")),
  };
}

/** Only what differs from the first pages of everything, in a fixed order. */
export function testsHref(a: TestsAddress): string {
  const params = new URLSearchParams();
  if (a.failures) params.set("failures", "1");
  if (a.results > 1) params.set("results", String(a.results));
  if (a.find.trim()) params.set("find", a.find.trim());
  if (a.coverage > 1) params.set("coverage", String(a.coverage));
  const query = params.toString();
  return query ? `/tests?${query}` : "/tests";
}

export const matchesFind = (id: string, find: string): boolean => holdsEveryWord(id, find);
