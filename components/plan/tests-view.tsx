"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { pageWindow } from "@/lib/org/page-window";
import { parseTestsAddress, TESTS_PAGE_SIZE, type TestsAddress, testsHref } from "@/lib/org-tests/tests-address";
import { useOrgEvents } from "@/lib/queries/events";
import { testRunQuery } from "@/lib/queries/plan";
import { pageName } from "@/lib/shell/pages";
import type { OrgTestResult } from "@/schemas/org-test";
import { CoverageTable } from "./coverage-table";
import { TestsPager } from "./tests-pager";

const BUTTON = "rounded bg-sky-700 px-3 py-1 text-sm text-white hover:bg-sky-800 disabled:opacity-60";

/** The editor's deep link (`/?open=kind/id`): the record's panel, its node selected and centred. */
const editorHref = (record: NonNullable<OrgTestResult["record"]>) =>
  `/?${new URLSearchParams({ open: `${record.kind}/${record.id}` }).toString()}`;

/**
 * Every org test run against the saved org: on opening, on "Run tests", and whenever its files or the
 * tests change. The filter and the pages live in the address, replaced in place, so a link or a reload
 * shows the same rows.
 */
export function TestsView() {
  useOrgEvents();
  const run = useQuery(testRunQuery());
  const opened = useSearchParams();
  const [address, setAddress] = useState(() => parseTestsAddress(opened));
  const change = (next: Partial<TestsAddress>) => {
    const changed = { ...address, ...next };
    setAddress(changed);
    window.history.replaceState(window.history.state, "", testsHref(changed) + window.location.hash);
  };
  const failuresOnly = address.failures;
  const results = run.data?.results ?? [];
  const shown = failuresOnly ? results.filter((r) => !r.pass) : results;
  const problems = run.data?.problems ?? [];
  // The results and the invalid cases are one list, paged as one.
  const win = pageWindow(shown.length + problems.length, address.results, TESTS_PAGE_SIZE);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
      <header className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{pageName("/tests")}</h1>
          <p className="text-sm text-muted">
            The org's tests, <code>.cx/tests/*.test.json</code> and enabled packs' <code>tests/</code>, as{" "}
            <code>construct-studio test</code> runs them.
          </p>
        </div>
        <div className="flex items-center gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              data-testid="failures-only"
              checked={failuresOnly}
              onChange={(e) => change({ failures: e.target.checked, results: 1 })}
            />
            Failures only
          </label>
          <button
            type="button"
            className={`${BUTTON} w-28`}
            data-testid="run-tests"
            disabled={run.isFetching}
            onClick={() => void run.refetch()}
          >
            {run.isFetching ? "Running…" : "Run tests"}
          </button>
        </div>
      </header>
      {run.error && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {run.error.message}
        </p>
      )}
      <p role="status" className="mb-3 min-h-6 font-semibold" data-testid="tests-summary">
        {run.data
          ? `${run.data.summary.passed} passed, ${run.data.summary.failed} failed, ${run.data.summary.invalid} invalid`
          : run.isPending && "Running the tests…"}
      </p>
      {run.data && (
        <>
          {failuresOnly && (
            <p className="mb-2 text-sm text-muted" data-testid="tests-shown">
              {shown.length} of {results.length} results shown: the failures
            </p>
          )}
          {results.length === 0 && problems.length === 0 && (
            <p className="text-muted">
              No tests yet: use “Save as test” in a specialist’s Fence tab or in Route…, or write{" "}
              <code>.cx/tests/*.test.json</code>.
            </p>
          )}
          <TestsPager
            label="Pages of results"
            testId="results-pager"
            window={win}
            matching={shown.length + problems.length}
            hrefOf={(page) => testsHref({ ...address, results: page })}
            onPage={(page) => change({ results: page })}
          />
          <ul className="space-y-1 text-sm" data-testid="tests-results">
            {shown.slice(win.from, win.to).map((r) => (
              <ResultRow key={`${r.file}-${r.index}`} result={r} />
            ))}
            {problems.slice(Math.max(0, win.from - shown.length), Math.max(0, win.to - shown.length)).map((p) => (
              <li
                key={`${p.path}${p.location}${p.id}`}
                data-testid="test-problem"
                className="rounded bg-amber-50 px-2 py-1 dark:bg-amber-950/40"
              >
                <strong className="text-warning">INVALID</strong> {p.path} <code>{p.location}</code>: {p.message}
              </li>
            ))}
          </ul>
          {run.data.coverage && (
            <CoverageTable
              coverage={run.data.coverage}
              find={address.find}
              page={address.coverage}
              onFind={(find) => change({ find, coverage: 1 })}
              onPage={(page) => change({ coverage: page })}
              hrefOf={(page) => testsHref({ ...address, coverage: page })}
            />
          )}
        </>
      )}
    </main>
  );
}

function ResultRow({ result: r }: { result: OrgTestResult }) {
  return (
    <li
      data-testid="test-result"
      data-pass={r.pass}
      className={`rounded px-2 py-1 ${r.pass ? "bg-emerald-50 dark:bg-emerald-950/40" : "bg-red-50 dark:bg-red-950/40"}`}
    >
      <strong className={r.pass ? "text-emerald-800 dark:text-emerald-300" : "text-red-800 dark:text-red-300"}>
        {r.pass ? "PASS" : "FAIL"}
      </strong>{" "}
      <span className="font-medium">{r.name}</span>{" "}
      <span className="text-xs text-muted">
        {r.file} #{r.index}
      </span>
      {r.record && (
        <a
          href={editorHref(r.record)}
          data-testid="open-record"
          className="ml-2 text-xs text-sky-700 underline dark:text-sky-400"
        >
          open {r.record.kind} {r.record.id}
        </a>
      )}
      <div className="font-mono text-xs text-slate-600 dark:text-slate-300">{r.detail}</div>
    </li>
  );
}
