"use client";

import { useQuery } from "@tanstack/react-query";
import { FindingsList } from "@/components/activity/findings-list";
import { shortTime } from "@/components/activity/timeline-table";
import { fenceDiff, withProposedFence } from "@/lib/activity-view/fence-diff";
import { HIGH_ERROR_RATE, rateText } from "@/lib/activity-view/filter";
import { accessUnusedQuery, profileEventsQuery } from "@/lib/queries/activity";
import type { EntityRecord } from "@/schemas/kinds";

const MARK = {
  keep: { sign: " ", className: "" },
  remove: { sign: "−", className: "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200" },
  add: { sign: "+", className: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200" },
};

/**
 * What this worker profile did in the window: dispatches, edits, breaches, each fence entry with its
 * use, and a fence narrowed to that use, put in the draft on request and written only by Save.
 */
export function ActivityTab(props: { id: string; draft: EntityRecord; onDraft: (record: EntityRecord) => void }) {
  const unused = useQuery(accessUnusedQuery(props.id));
  const events = useQuery(profileEventsQuery(props.id));
  if (unused.isPending) return <p className="text-sm text-muted">Reading the activity records…</p>;
  if (unused.error) return <p className="text-sm text-red-700 dark:text-red-400">{unused.error.message}</p>;
  const a = unused.data;
  const d = a.dispatches;
  const high = (d.errorRate ?? 0) >= HIGH_ERROR_RATE;
  const diff = a.proposal ? fenceDiff(props.draft.fence, a.proposal) : [];
  const narrows = diff.some((l) => l.mark !== "keep");
  return (
    <div data-testid="activity-tab" className="space-y-4 text-sm">
      <p data-testid="activity-counts">
        Since {a.window.since.slice(0, 10)}: {d.count} dispatch(es) ({d.success} success, {d.warning} warning, {d.error}{" "}
        error), error rate{" "}
        <span className={high ? "rounded bg-red-600 px-1 font-semibold text-white" : ""}>{rateText(d.errorRate)}</span>;{" "}
        {a.mutations} edit(s).
      </p>
      <FindingsList
        title="Breaches"
        findings={a.findings.filter((f) => f.id === "activity-breach")}
        severity="error"
        testId="panel-breaches"
      />
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase text-muted">Fence entries and their use</h3>
        <table className="w-full text-left text-xs" data-testid="fence-use">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-medium">Entry</th>
              <th className="py-1 font-medium">Uses</th>
              <th className="py-1 font-medium">Last use</th>
            </tr>
          </thead>
          <tbody>
            {a.entries.map((e) => (
              <tr key={`${e.list} ${e.entry}`} data-testid="fence-entry" data-unused={e.uses === 0 || undefined}>
                <td className="py-0.5">
                  <span className="text-muted">{e.list} </span>
                  <code>{e.entry}</code>
                </td>
                <td className={`py-0.5 ${e.uses === 0 ? "font-semibold text-amber-800 dark:text-amber-300" : ""}`}>
                  {e.uses === 0 ? "unused" : e.uses}
                </td>
                <td className="py-0.5 font-mono">{e.lastUse ? shortTime(e.lastUse) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {a.proposal && (
        <section data-testid="narrow-proposal" aria-labelledby="narrow-heading">
          <h3 id="narrow-heading" className="mb-1 text-xs font-semibold uppercase text-muted">
            Narrow to what was used
          </h3>
          <p className="mb-1 text-xs text-muted">{a.proposal.note}</p>
          <pre className="overflow-x-auto rounded border border-slate-200 font-mono text-xs dark:border-slate-700">
            {diff.map((l) => (
              <div
                key={`${l.list} ${l.entry} ${l.mark}`}
                data-mark={l.mark}
                className={`px-2 ${MARK[l.mark].className}`}
              >
                {MARK[l.mark].sign} {l.list}: {l.entry}
              </div>
            ))}
          </pre>
          {narrows ? (
            <button
              type="button"
              data-testid="narrow-fence"
              onClick={() => a.proposal && props.onDraft(withProposedFence(props.draft, a.proposal))}
              className="mt-2 rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Put this fence in the draft
            </button>
          ) : (
            <p data-testid="narrow-in-draft" className="mt-1 text-xs">
              The draft has this fence: Save writes it, and “What this save does” shows what it narrows.
            </p>
          )}
        </section>
      )}
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase text-muted">Newest events</h3>
        {events.data?.timeline.length ? (
          <ul className="space-y-0.5 text-xs" data-testid="panel-events">
            {[...events.data.timeline].reverse().map((e) => (
              <li key={`${e.at.file}:${e.at.line}`}>
                <span className="font-mono text-muted">{e.ts ? shortTime(e.ts) : "—"}</span>{" "}
                {e.kind === "dispatch" ? `dispatch ${e.outcome ?? "?"}` : e.tool}{" "}
                <code className="break-all">{e.path ?? e.command ?? e.description ?? ""}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted">None in the window.</p>
        )}
      </section>
    </div>
  );
}
