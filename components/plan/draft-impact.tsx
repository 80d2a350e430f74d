"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { routingCasesOf, runOrgTests } from "@/lib/org-tests/run";
import { computePlan } from "@/lib/plan/plan";
import { testFilesQuery } from "@/lib/queries/plan";
import { type EntityKind, type EntityRecord, type OrgRecords, SECTION_OF } from "@/schemas/org";
import { PlanList } from "./plan-list";

/** Computed in the browser with the server's pure functions on the loaded org: a keystroke costs no request. */
export function DraftImpact({ org, kind, draft }: { org: OrgRecords; kind: EntityKind; draft: EntityRecord }) {
  const files = useQuery(testFilesQuery());
  const deferred = useDeferredValue(draft);
  const baseline = useMemo(() => (files.data ? runOrgTests(org, files.data) : null), [org, files.data]);
  const impact = useMemo(() => {
    const id = typeof deferred.id === "string" ? deferred.id : "";
    if (!id) return null;
    const section = SECTION_OF[kind];
    const after: OrgRecords = { ...org, [section]: { ...org[section], [id]: deferred } };
    const plan = computePlan(
      { org, problems: [] },
      { org: after, problems: [] },
      { against: { kind: "saved", ref: "the saved org" }, routing: files.data ? routingCasesOf(files.data) : [] },
    );
    const run = files.data ? runOrgTests(after, files.data) : null;
    const passedBefore = new Set(baseline?.results.filter((r) => r.pass).map((r) => `${r.file}#${r.index}`));
    const broken = run?.results.filter((r) => !r.pass && passedBefore.has(`${r.file}#${r.index}`)) ?? [];
    return { plan, broken };
  }, [org, kind, deferred, files.data, baseline]);
  if (!impact) return null;
  return (
    <section
      className="mt-3 rounded border border-slate-200 p-2 dark:border-slate-700"
      data-testid="draft-impact"
      aria-label="What this save does"
    >
      <h3 className="mb-1 text-xs font-semibold uppercase text-muted">What this save does</h3>
      <PlanList plan={impact.plan} compact limit={50} />
      {impact.broken.length > 0 && (
        <div
          role="alert"
          data-testid="draft-broken-tests"
          className="mt-2 rounded border border-red-400 bg-red-50 p-2 text-xs text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          <strong>This save breaks {impact.broken.length} org test(s):</strong>
          <ul className="mt-1 list-disc pl-4">
            {impact.broken.map((r) => (
              <li key={`${r.file}#${r.index}`}>
                <span className="font-medium">{r.name}</span> — {r.detail}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
