"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { brokenBetween, orgWithDraft } from "@/lib/org-tests/draft-run";
import { routingCasesOf, runOrgTests } from "@/lib/org-tests/run";
import { computePlan } from "@/lib/plan/plan";
import { testFilesQuery } from "@/lib/queries/plan";
import type { EntityKind, EntityRecord, OrgRecords } from "@/schemas/kinds";
import { PlanList } from "./plan-list";

/** Computed in the browser with the server's pure functions on the loaded org: a keystroke costs no request. */
export function DraftImpact({ org, kind, draft }: { org: OrgRecords; kind: EntityKind; draft: EntityRecord }) {
  const files = useQuery(testFilesQuery());
  const deferred = useDeferredValue(draft);
  const baseline = useMemo(() => (files.data ? runOrgTests(org, files.data) : null), [org, files.data]);
  const impact = useMemo(() => {
    const after = orgWithDraft(org, { kind, record: deferred });
    if (!after) return null;
    const plan = computePlan(
      { org, problems: [] },
      { org: after, problems: [] },
      { against: { kind: "saved", ref: "the saved org" }, routing: files.data ? routingCasesOf(files.data) : [] },
    );
    const broken = baseline ? brokenBetween(baseline, runOrgTests(after, files.data ?? [])) : [];
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
