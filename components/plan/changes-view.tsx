"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useOrgEvents } from "@/lib/queries/events";
import { planQuery } from "@/lib/queries/plan";
import { pageName } from "@/lib/shell/pages";
import { IgnoreWarning } from "../git-ignore/ignore-warning";
import { PlanList } from "./plan-list";

/** Refreshed as files change on disk. */
export function ChangesView({ initialAgainst = "HEAD" }: { initialAgainst?: string }) {
  useOrgEvents();
  const [input, setInput] = useState(initialAgainst);
  const [against, setAgainst] = useState(initialAgainst);
  const plan = useQuery(planQuery(against));
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{pageName("/changes")}</h1>
          <p className="text-sm text-muted">
            The org now against a revision: what a commit would change, and whom it widens.
          </p>
        </div>
        <form
          className="flex items-center gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            const next = input.trim() || "HEAD";
            // The same revision again compares again: HEAD may name another commit since.
            if (next === against) void plan.refetch();
            else setAgainst(next);
          }}
        >
          <label htmlFor="against">against revision</label>
          <input
            id="against"
            data-testid="plan-against"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            className="w-40 rounded border border-slate-300 bg-white px-2 py-1 font-mono dark:border-slate-600 dark:bg-slate-900"
          />
          <button type="submit" className="rounded bg-sky-700 px-3 py-1 text-white">
            Compare
          </button>
        </form>
      </header>
      <IgnoreWarning context="This page compares the org with git, but git does not see the tier: what it lists as added or changed there will never be committed or reviewed." />
      {plan.isPending && <p className="text-muted">Planning…</p>}
      {plan.error && (
        <p role="alert" data-testid="plan-error" className="text-red-700 dark:text-red-400">
          {plan.error.message}
        </p>
      )}
      {plan.data && <PlanList plan={plan.data} />}
    </main>
  );
}
