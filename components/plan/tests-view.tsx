"use client";

import { useQuery } from "@tanstack/react-query";
import { useOrgEvents } from "@/lib/queries/events";
import { testRunQuery } from "@/lib/queries/plan";
import { CoverageTable } from "./coverage-table";

/** Every org test run against the saved org, rerun whenever its files or the tests change. */
export function TestsView() {
  useOrgEvents();
  const run = useQuery(testRunQuery());
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-6 py-8">
      <h1 className="mb-4 text-2xl font-semibold">
        Org tests{" "}
        <a href="/" className="ml-2 align-middle text-sm font-normal text-sky-700 hover:underline dark:text-sky-400">
          graph editor →
        </a>{" "}
        <a
          href="/changes"
          className="ml-2 align-middle text-sm font-normal text-sky-700 hover:underline dark:text-sky-400"
        >
          changes →
        </a>
      </h1>
      {run.error && (
        <p role="alert" className="text-red-700">
          {run.error.message}
        </p>
      )}
      {run.data && (
        <>
          <p className="mb-3 font-semibold" data-testid="tests-summary">
            {run.data.summary.passed} passed, {run.data.summary.failed} failed, {run.data.summary.invalid} invalid
          </p>
          {run.data.results.length === 0 && run.data.problems.length === 0 && (
            <p className="text-muted">
              No tests yet: use “Save as test” in a specialist’s Fence tab or in Route…, or write{" "}
              <code>.cx/tests/*.test.json</code>.
            </p>
          )}
          <ul className="space-y-1 text-sm" data-testid="tests-results">
            {run.data.results.map((r) => (
              <li
                key={`${r.file}-${r.index}`}
                data-testid="test-result"
                data-pass={r.pass}
                className={`rounded px-2 py-1 ${r.pass ? "bg-emerald-50 dark:bg-emerald-950/40" : "bg-red-50 dark:bg-red-950/40"}`}
              >
                <strong className={r.pass ? "text-emerald-700" : "text-red-700"}>{r.pass ? "PASS" : "FAIL"}</strong>{" "}
                <span className="font-medium">{r.name}</span>{" "}
                <span className="text-xs text-muted">
                  {r.file} #{r.index}
                </span>
                <div className="font-mono text-xs text-slate-600 dark:text-slate-400">{r.detail}</div>
              </li>
            ))}
            {run.data.problems.map((p) => (
              <li
                key={`${p.path}${p.location}${p.id}`}
                data-testid="test-problem"
                className="rounded bg-amber-50 px-2 py-1 dark:bg-amber-950/40"
              >
                <strong className="text-warning">INVALID</strong> {p.path} <code>{p.location}</code>: {p.message}
              </li>
            ))}
          </ul>
          {run.data.coverage && <CoverageTable coverage={run.data.coverage} />}
        </>
      )}
    </main>
  );
}
