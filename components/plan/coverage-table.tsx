import { pageWindow } from "@/lib/org/page-window";
import { formatPercent } from "@/lib/org-tests/percent";
import { matchesFind, TESTS_PAGE_SIZE } from "@/lib/org-tests/tests-address";
import type { OrgTestCoverage } from "@/schemas/org-test-coverage";
import { TestsPager } from "./tests-pager";

const FIELD = "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";

/**
 * The fence coverage `construct-studio test --coverage` prints: per specialist, with its untested
 * entries, a page at a time and found by id, so a thousand specialists stay one screen of rows.
 */
export function CoverageTable({
  coverage,
  find,
  page,
  onFind,
  onPage,
  hrefOf,
}: {
  coverage: OrgTestCoverage;
  find: string;
  page: number;
  onFind: (find: string) => void;
  onPage: (page: number) => void;
  hrefOf: (page: number) => string;
}) {
  const matching = find.trim() ? coverage.principals.filter((p) => matchesFind(p.id, find)) : coverage.principals;
  const win = pageWindow(matching.length, page, TESTS_PAGE_SIZE);
  return (
    <section className="mt-6" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading" className="mb-2 text-lg font-semibold">
        Fence coverage
      </h2>
      <p className="mb-2 text-sm" data-testid="coverage-total">
        {coverage.total
          ? `${coverage.tested} of ${coverage.total} fence entries exercised (${formatPercent(coverage.percent)})`
          : "No specialist has a fence entry to exercise."}
      </p>
      {coverage.principals.length > 0 && (
        <>
          <div className="mb-2 flex flex-wrap items-end gap-4 text-sm">
            <label className="flex flex-col gap-1">
              Find a specialist
              <input
                type="search"
                value={find}
                onChange={(e) => onFind(e.target.value)}
                placeholder="id"
                data-testid="coverage-find"
                className={`${FIELD} w-56`}
              />
            </label>
            <p role="status" data-testid="coverage-found" className="py-1 text-muted">
              {!find.trim()
                ? ""
                : matching.length
                  ? `${matching.length.toLocaleString("en")} of ${coverage.principals.length.toLocaleString("en")} specialists found`
                  : `No specialist's id holds “${find.trim()}”.`}
            </p>
          </div>
          <TestsPager
            label="Pages of fence coverage"
            testId="coverage-pager"
            window={win}
            matching={matching.length}
            hrefOf={hrefOf}
            onPage={onPage}
          />
          {/* On a narrow screen the table scrolls sideways in its own box (by touch or, focused, by arrow keys). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by keyboard to scroll it */}
          <section className="overflow-x-auto" aria-labelledby="coverage-heading" tabIndex={0}>
            <table className="w-full min-w-[36rem] text-left text-sm" data-testid="coverage-table">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Specialist
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Tested
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Untested entries
                  </th>
                </tr>
              </thead>
              <tbody>
                {matching.slice(win.from, win.to).map((p) => {
                  const untested = p.entries.filter((e) => !e.by.length);
                  return (
                    <tr
                      key={p.id}
                      data-testid="coverage-row"
                      data-id={p.id}
                      className="border-b border-slate-100 align-top dark:border-slate-800"
                    >
                      <td className="py-1 pr-3 font-mono whitespace-nowrap">{p.id}</td>
                      <td className="py-1 pr-3 whitespace-nowrap" data-testid="coverage-figure">
                        {p.tested}/{p.total} ({formatPercent((p.tested * 100) / p.total)})
                      </td>
                      <td className="py-1 font-mono text-xs" data-testid="coverage-untested">
                        {untested.length
                          ? untested.map((e) => (
                              <span key={`${e.list}\t${e.entry}`} className="mr-2 inline-block">
                                {e.list} {JSON.stringify(e.entry)}
                              </span>
                            ))
                          : "—"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}
