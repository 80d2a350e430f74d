"use client";

import { useQuery } from "@tanstack/react-query";
import { useEditor } from "@/components/editor/editor-store";
import { PATH_ENDS } from "@/lib/access/reach";
import { reachQuery } from "@/lib/queries/access";
import type { Reach, ReachStep } from "@/schemas/access";
import { AccessHistorySection } from "./access-history";
import { ReachGroups, ReachPath } from "./reach-groups";

const ESCALATIONS_SHOWN = 5;

/** The first few reached only by escalating, each with its path up the tree of shortest paths. */
function escalationsIn(reach: Reach): { id: string; path: ReachStep[]; elided: number }[] {
  const stepTo = new Map<string, ReachStep | null>();
  for (const r of [...reach.reached, ...reach.escalatedTo]) stepTo.set(r.id, r.step);
  return reach.escalatedTo.slice(0, ESCALATIONS_SHOWN).map(({ id }) => {
    const path: ReachStep[] = [];
    for (let step = stepTo.get(id); step; step = stepTo.get(step.from)) {
      path.unshift(step);
      // A tree from the server has no cycle; a malformed one must not hang the panel.
      if (path.length > reach.reached.length + reach.escalatedTo.length) break;
    }
    if (path.length <= 2 * PATH_ENDS) return { id, path, elided: 0 };
    return {
      id,
      path: [...path.slice(0, PATH_ENDS), ...path.slice(-PATH_ENDS)],
      elided: path.length - 2 * PATH_ENDS,
    };
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What a task that starts with this specialist (or worker profile) can end up doing, as the saved org
 * says: everyone it can pass work to through handoffs and contracts, escalations apart.
 */
export function AccessView({
  kind,
  id,
  dirty,
  onOpen,
}: {
  kind: "specialist" | "worker-profile";
  id: string;
  dirty: boolean;
  onOpen: (id: string) => void;
}) {
  const reach = useQuery(reachQuery(id));
  const shown = useEditor((s) => s.reachShown);
  const showReach = useEditor((s) => s.showReach);
  const on = shown?.kind === kind && shown.id === id;
  return (
    <div data-testid="access-view" className="space-y-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs text-muted">
          What a task that starts with <code>{id}</code> can end up doing, through everyone it can hand work to.
        </p>
        <button
          type="button"
          aria-pressed={on}
          data-testid="reach-on-canvas"
          onClick={() => showReach(on ? null : { kind, id })}
          className={`shrink-0 rounded border px-2 py-1 text-xs font-medium ${on ? "border-violet-600 bg-violet-600 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"}`}
        >
          Show on canvas
        </button>
      </div>
      {dirty && (
        <p data-testid="access-saved-only" className="text-xs text-amber-800 dark:text-amber-300">
          This is the saved org's reach; “What this save does” below says what your edits change.
        </p>
      )}
      {reach.isPending && (
        <p aria-busy="true" className="text-muted">
          Working out the reach…
        </p>
      )}
      {reach.error && (
        <p role="alert" data-testid="access-error" className="text-red-700 dark:text-red-400">
          Could not work out the reach: {reach.error.message}
        </p>
      )}
      {reach.data && <ReachBody reach={reach.data} onOpen={onOpen} />}
      <AccessHistorySection id={id} />
    </div>
  );
}

function ReachBody({ reach, onOpen }: { reach: Reach; onOpen: (id: string) => void }) {
  const others = reach.reached.length - 1;
  const nothing = !reach.entries.length && !reach.escalations.length;
  return (
    <>
      <p data-testid="access-summary">
        {nothing
          ? `Nothing: no one on the way grants anything${others ? ` (${plural(others, "other")} reached)` : ""}.`
          : `${plural(reach.entries.length, "entry", "entries")} through ${plural(others, "other")}${
              reach.escalatedTo.length
                ? `; ${reach.escalations.length} more only by escalating to ${plural(reach.escalatedTo.length, "other")}`
                : ""
            }.`}
      </p>
      {reach.entries.length > 0 && (
        <section aria-labelledby="reach-direct">
          <h3 id="reach-direct" className="mb-1 text-xs font-semibold uppercase text-muted">
            Through handoffs and contracts
          </h3>
          <ReachGroups start={reach.id} entries={reach.entries} testId="reach-entries" onOpen={onOpen} />
        </section>
      )}
      {(reach.escalations.length > 0 || reach.escalatedTo.length > 0) && (
        <section aria-labelledby="reach-escalations" data-testid="reach-escalations">
          <h3 id="reach-escalations" className="mb-1 text-xs font-semibold uppercase text-muted">
            Only by escalating
          </h3>
          <p className="mb-1 text-xs text-muted">
            Escalating hands the task on, and handoffs continue from there:{" "}
            {escalationsIn(reach).map((e, i) => (
              <span key={e.id}>
                {i > 0 && "; "}
                <ReachPath start={reach.id} path={e.path} elided={e.elided} onOpen={onOpen} />
              </span>
            ))}
            {reach.escalatedTo.length > ESCALATIONS_SHOWN &&
              ` and ${reach.escalatedTo.length - ESCALATIONS_SHOWN} more`}
          </p>
          {reach.escalations.length > 0 ? (
            <ReachGroups start={reach.id} entries={reach.escalations} testId="reach-escalated" onOpen={onOpen} />
          ) : (
            <p className="text-xs text-muted">Nothing more than the handoffs already reach.</p>
          )}
        </section>
      )}
      {reach.invalid.length > 0 && (
        <section aria-labelledby="reach-invalid" data-testid="reach-invalid">
          <h3 id="reach-invalid" className="mb-1 text-xs font-semibold uppercase text-muted">
            Left out: not valid globs
          </h3>
          <ul className="space-y-0.5 text-xs">
            {reach.invalid.map((i) => (
              <li key={`${i.holder}\t${i.list}\t${i.entry}`}>
                <code>{i.holder}</code> {i.list} <code>{JSON.stringify(i.entry)}</code>: {i.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {reach.notes.length > 0 && (
        <section aria-labelledby="reach-notes" data-testid="reach-notes">
          <h3 id="reach-notes" className="mb-1 text-xs font-semibold uppercase text-muted">
            Grants nothing
          </h3>
          <ul className="space-y-0.5 text-xs">
            {reach.notes.map((n) => (
              <li key={`${n.id}\t${n.message}`}>
                <code>{n.id}</code>: {n.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
