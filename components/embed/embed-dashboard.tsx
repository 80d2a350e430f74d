"use client";

import { useQuery } from "@tanstack/react-query";
import { embedListQuery, useEmbedEvents } from "@/lib/queries/embed";
import { pageName } from "@/lib/shell/pages";
import type { EmbedList } from "@/schemas/embed";
import { CapabilityCard } from "./capability-card";

/**
 * What the project's Construct makes of embed capabilities: who runs one (a specialist, a worker
 * profile), what they are and where they come from, and why the studio cannot tick or override
 * them when it cannot (null when it can).
 */
export type EmbedFrame = { runner: string; summary: string; tickAbsent: string | null; overridesAbsent: string | null };

export function EmbedDashboard({ initial, frame }: { initial: EmbedList; frame: EmbedFrame }) {
  const { data } = useQuery({
    ...embedListQuery(),
    initialData: initial,
    refetchInterval: 60_000,
  });
  const live = useEmbedEvents();
  const enabled = data.capabilities.filter((c) => c.enabled).length;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{pageName("/embed")}</h1>
          <p className="text-sm text-muted" data-testid="embed-about">
            {frame.summary}
          </p>
        </div>
        <p className="text-sm text-muted" data-testid="embed-summary">
          {data.capabilities.length} capabilities · {enabled} enabled ·{" "}
          {/* Both states share one grid cell, so the status keeps the wider one's width and the
              header never rewraps when the feed connects. */}
          <span className="inline-grid whitespace-nowrap" title="Live updates over server-sent events">
            <span
              className={`col-start-1 row-start-1 ${live ? "text-emerald-700 dark:text-emerald-400" : "invisible"}`}
            >
              ● live
            </span>
            <span className={`col-start-1 row-start-1 text-muted ${live ? "invisible" : ""}`}>○ connecting</span>
          </span>
        </p>
      </header>
      {data.problems.length > 0 && (
        <section
          role="alert"
          data-testid="embed-problems"
          className="mb-6 rounded-lg border border-red-300 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
        >
          <h2 className="mb-1 font-semibold text-red-800 dark:text-red-300">Manifests that define no capability</h2>
          {data.problems.map((p) => (
            <p key={`${p.location}${p.message}`} className="text-red-800 dark:text-red-300">
              <code className="text-xs">{p.id}</code> {p.message}
            </p>
          ))}
        </section>
      )}
      {(frame.tickAbsent || frame.overridesAbsent) && (
        <p data-testid="embed-absent" className="mb-4 text-sm text-muted">
          {[frame.tickAbsent, frame.overridesAbsent].filter(Boolean).join(". ")}.
        </p>
      )}
      {data.capabilities.length === 0 && <p className="text-sm text-muted">No capabilities.</p>}
      <ul className="space-y-4">
        {data.capabilities.map((c) => (
          <CapabilityCard key={c.id} capability={c} frame={frame} />
        ))}
      </ul>
    </main>
  );
}
