"use client";

import type { DryRunPlan } from "@/schemas/embed";
import { When } from "./time";

function Step({ n, label, children }: { n: number; label: string; children: React.ReactNode }) {
  return (
    <li className="grid grid-cols-[1.5rem_9rem_1fr] gap-2 py-1">
      <span className="text-xs text-muted">{n}</span>
      <span className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</span>
      <div className="text-sm">{children}</div>
    </li>
  );
}

/** The resolved chain of a dry-run: what a tick would use, in order. Nothing was executed. */
export function DryRunPanel({ plan, runner, onClose }: { plan: DryRunPlan; runner: string; onClose: () => void }) {
  const c = plan.chain;
  const prompt = c.specialist.prompt;
  const output = c.outputContract.output as { mustContain?: string[]; mustMatchEnum?: Record<string, string[]> } | null;
  return (
    <section
      data-testid="dry-run-panel"
      aria-label={`Dry-run of ${plan.id}`}
      className="mt-3 rounded-md border border-sky-200 bg-sky-50/60 p-3 dark:border-sky-900 dark:bg-sky-950/30"
    >
      <div className="mb-1 flex items-center justify-between">
        <h3 className="text-sm font-semibold">Dry-run — the resolved plan; nothing was executed</h3>
        <button type="button" onClick={onClose} className="text-xs text-muted hover:underline">
          close
        </button>
      </div>
      <ol>
        <Step n={1} label={runner}>
          <code>{c.specialist.id}</code>{" "}
          {prompt &&
            ("error" in prompt ? (
              <span className="text-red-700 dark:text-red-400">prompt unavailable: {prompt.error}</span>
            ) : (
              <span className="text-slate-600 dark:text-slate-300" data-testid="dry-run-prompt">
                prompt from <strong>{prompt.source}</strong> <code className="text-xs">{prompt.path}</code>
                {prompt.degraded ? " (degraded)" : ""}
              </span>
            ))}
        </Step>
        <Step n={2} label="Providers">
          {c.providerBindings.map((b) => (
            <div key={b.id}>
              <code>{b.id}</code>{" "}
              {b.available ? (
                <span className="text-emerald-700 dark:text-emerald-400">readable</span>
              ) : (
                <span className="text-warning">{b.code}</span>
              )}{" "}
              <span className="text-xs text-muted">{b.label}</span>
            </div>
          ))}
        </Step>
        <Step n={3} label="Filter">
          {c.filter ? (
            <code className="text-xs">{JSON.stringify(c.filter)}</code>
          ) : (
            <span className="text-muted">none</span>
          )}
        </Step>
        <Step n={4} label="Framework">
          <code>{c.framework.id}</code>{" "}
          {c.framework.path ? (
            <code className="text-xs text-muted">{c.framework.path}</code>
          ) : (
            <span className="text-red-700 dark:text-red-400">missing</span>
          )}
        </Step>
        <Step n={5} label="Output contract">
          <code>{c.outputContract.id}</code>{" "}
          <span className="text-xs text-muted">
            {c.outputContract.producer} → {c.outputContract.consumer}
          </span>
          {output?.mustContain && <div className="text-xs">must contain: {output.mustContain.join(", ")}</div>}
          {output?.mustMatchEnum &&
            Object.entries(output.mustMatchEnum).map(([f, v]) => (
              <div key={f} className="text-xs">
                {f} ∈ {v.join(" | ")}
              </div>
            ))}
        </Step>
        <Step n={6} label="Authority">
          {c.proposalAuthority}: proposals are stored for review, never applied
        </Step>
        <Step n={7} label="Cadence">
          {c.cadence ? (
            <>
              <code>{c.cadence.every}</code> (every {c.cadence.description})
              {c.cadence.next.length > 0 && (
                <span className="text-xs text-muted">
                  {" "}
                  · next{" "}
                  {c.cadence.next.map((at, i) => (
                    <span key={at}>
                      {i ? ", " : ""}
                      <When at={at} />
                    </span>
                  ))}
                </span>
              )}
            </>
          ) : (
            "event-driven only"
          )}
        </Step>
        <Step n={8} label="Runtime">
          <span data-testid="dry-run-runtime">
            <code>{c.runtime.declared}</code> → <code>{c.runtime.resolved}</code>
          </span>{" "}
          <span className="text-xs text-muted">{c.runtime.message}</span>
        </Step>
        <Step n={9} label="Reads">
          {c.reads === null ? (
            <span className="text-muted">
              nothing can be read until the capability is valid and its providers are local
            </span>
          ) : (
            <ul data-testid="dry-run-reads" className="space-y-0.5">
              {c.reads.map((r) => (
                <li key={r.provider}>
                  <code>{r.provider}</code>:{" "}
                  {r.items.length === 0 ? (
                    <span className="text-muted">no items</span>
                  ) : (
                    r.items.map((item, i) => (
                      <span key={`${r.provider}:${item.label}`} className="text-xs">
                        {i ? ", " : ""}
                        <span className="font-mono">{item.label}</span>
                        {item.new && (
                          <span className="ml-1 rounded bg-emerald-100 px-1 text-[10px] text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                            new
                          </span>
                        )}
                      </span>
                    ))
                  )}
                </li>
              ))}
            </ul>
          )}
        </Step>
      </ol>
      <p className="mt-2 text-sm font-medium" data-testid="dry-run-verdict">
        {plan.errors.length ? (
          <span className="text-red-700 dark:text-red-400">Invalid: {plan.errors[0].message}</span>
        ) : plan.wouldSkip ? (
          <span className="text-warning">A tick now would be skipped ({plan.wouldSkip}), calling no model.</span>
        ) : (
          <span className="text-emerald-700 dark:text-emerald-400">A tick now would run on {c.runtime.resolved}.</span>
        )}
      </p>
    </section>
  );
}
