"use client";

import type { TickRecord } from "@/schemas/embed-tick";
import { formatDuration, When } from "./time";

const TONE: Record<TickRecord["status"], string> = {
  ran: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  skipped: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  error: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

/** What the capability's last tick did: status, timing, output, proposals (never applied). */
export function LastTick({
  tick,
  unreadable,
  explained,
}: {
  tick: TickRecord | null;
  /** Why the last tick's record cannot be read. */
  unreadable?: string;
  explained?: string;
}) {
  if (!tick)
    return (
      <p className="text-sm text-muted" data-testid="last-tick">
        {unreadable ? (
          <span className="text-red-700 dark:text-red-400">Unreadable record: {unreadable}</span>
        ) : (
          "Never ticked."
        )}
      </p>
    );
  return (
    <div data-testid="last-tick" data-status={tick.status}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="tick-status" className={`rounded px-2 py-0.5 text-xs font-semibold ${TONE[tick.status]}`}>
          {tick.status}
          {tick.code ? `: ${tick.code}` : ""}
        </span>
        <span className="text-muted">
          <When at={tick.startedAt} /> · {formatDuration(tick.durationMs)} ·{" "}
          {tick.trigger === "manual" ? "run by hand" : "on schedule"} · runtime {tick.runtime}
        </span>
      </p>
      {tick.message && tick.code !== explained && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="tick-detail">
          {tick.message}
        </p>
      )}
      {tick.violations && tick.violations.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs text-red-700 dark:text-red-400">
          {tick.violations.map((v) => (
            <li key={v}>{v}</li>
          ))}
        </ul>
      )}
      {tick.sources && (
        <p className="mt-1 text-xs text-muted">
          read {tick.sources.map((s) => `${s.items} item(s) from ${s.provider}`).join(", ")}
        </p>
      )}
      {tick.output && (
        <dl className="mt-2 grid grid-cols-[10rem_1fr] gap-x-2 text-xs" data-testid="tick-output">
          {Object.entries(tick.output)
            .slice(0, 12)
            .map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono text-muted">{key}</dt>
                <dd className="truncate" title={typeof value === "string" ? value : JSON.stringify(value)}>
                  {typeof value === "string" ? value : JSON.stringify(value)}
                </dd>
              </div>
            ))}
        </dl>
      )}
      {tick.proposals && (
        <div className="mt-2" data-testid="proposals">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-muted">
            Proposals for review ({tick.proposals.length}) — nothing is applied
          </h4>
          {tick.proposals.length === 0 && <p className="text-xs text-muted">The run proposed nothing.</p>}
          <ul className="mt-1 space-y-1">
            {tick.proposals.map((p) => (
              <li
                key={p.id}
                data-testid="proposal"
                className="rounded border border-slate-200 p-2 text-sm dark:border-slate-700"
              >
                <div className="font-medium">{p.title}</div>
                {p.detail && <div className="text-xs text-slate-600 dark:text-slate-300">{p.detail}</div>}
              </li>
            ))}
          </ul>
          {tick.proposalsFile && (
            <p className="mt-1 text-xs text-muted">
              Full answer: <code>runtime/{tick.proposalsFile}</code>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
