"use client";

import { againstLine, changeLines, summaryLine } from "@/lib/plan/render";
import type { Plan, PlanChange, ReachChange } from "@/schemas/plan";
import { ReachChanges, someOf } from "./reach-changes";

const SECTIONS: { kind: PlanChange["kind"]; title: string }[] = [
  { kind: "access", title: "Access" },
  { kind: "reach", title: "Reach through others" },
  { kind: "entity", title: "Entities" },
  { kind: "edge", title: "Relationships" },
  { kind: "problem", title: "Validation" },
  { kind: "route", title: "Routing" },
];

const TONE: Record<string, string> = {
  widen: "bg-red-50 text-red-800 font-semibold dark:bg-red-950/60 dark:text-red-300",
  narrow: "text-slate-600 dark:text-slate-400",
  add: "text-emerald-700 dark:text-emerald-400",
  remove: "text-rose-700 dark:text-rose-400",
  change: "text-warning",
  introduced: "text-red-700 dark:text-red-400",
  fixed: "text-emerald-700 dark:text-emerald-400",
  move: "text-violet-700 dark:text-violet-400",
};

const specialists = (n: number) => `${n} specialist${n === 1 ? "" : "s"}`;

/** A plan as the CLI prints it, sectioned, widening access on top and in red. */
export function PlanList({ plan, limit = 300, compact = false }: { plan: Plan; limit?: number; compact?: boolean }) {
  const widened = [
    ...new Set(plan.changes.filter((c) => c.kind === "access" && c.action === "widen").map((c) => c.id)),
  ];
  const reachWidened = [
    ...new Set(plan.changes.filter((c) => c.kind === "reach" && c.action === "widen").map((c) => c.id)),
  ];
  return (
    <div data-testid="plan" className="text-sm">
      {!compact && <p className="mb-2 text-muted">{againstLine(plan)}</p>}
      {widened.length > 0 && (
        <div
          role="alert"
          data-testid="plan-widens"
          className="mb-3 rounded border-2 border-red-500 bg-red-50 px-3 py-2 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          ⚠ Widens access for {specialists(widened.length)}: {someOf(widened, 8)}
        </div>
      )}
      {reachWidened.length > 0 && (
        <div
          role="alert"
          data-testid="plan-reach-widens"
          className="mb-3 rounded border-2 border-red-500 bg-red-50 px-3 py-2 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          ⚠ Reach widens for {specialists(reachWidened.length)} through handoffs and contracts:{" "}
          {someOf(reachWidened, 8)}
        </div>
      )}
      {plan.changes.length === 0 && <p data-testid="plan-empty">No changes.</p>}
      {SECTIONS.map(({ kind, title }) => {
        const items = plan.changes.filter((c) => c.kind === kind);
        if (!items.length) return null;
        return (
          <section key={kind} className="mb-3" data-testid={`plan-${kind}`}>
            <h3 className="mb-1 text-xs font-semibold uppercase text-muted">
              {title} ({items.length})
            </h3>
            {kind === "reach" ? (
              <ReachChanges items={items as ReachChange[]} limit={limit} tone={TONE} />
            ) : (
              <ul className="space-y-0.5 font-mono text-xs">
                {items.slice(0, limit).map((c) => (
                  <li
                    key={`${c.kind}:${c.action}:${changeLines(c)[0]}`}
                    data-change-kind={c.kind}
                    data-change-action={c.action}
                    data-change-id={c.id}
                    className={`whitespace-pre-wrap rounded px-1 ${TONE[c.action] ?? ""}`}
                  >
                    {changeLines(c).join("\n")}
                  </li>
                ))}
                {items.length > limit && <li className="text-muted">… and {items.length - limit} more</li>}
              </ul>
            )}
          </section>
        );
      })}
      <p className="mt-2 font-semibold" data-testid="plan-summary">
        {summaryLine(plan)}
      </p>
    </div>
  );
}
