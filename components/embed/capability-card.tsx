"use client";

import { useState } from "react";
import { ApiError } from "@/lib/api/error";
import { currentSkipReason, skipNotice } from "@/lib/embed/skip-notice";
import { useEmbedActions } from "@/lib/queries/embed";
import type { CapabilityView, DryRunPlan } from "@/schemas/embed";
import { clientOnly } from "../ui/client-only";
import { CapabilityDetails } from "./capability-details";
import type { EmbedFrame } from "./embed-dashboard";
import { LastTick } from "./last-tick";

// Opened by a press: the override form's rules (zod, luxon's cadence maths) and the dry-run's
// panel load then, not with the page.
const OverrideForm = clientOnly(async () => (await import("./override-form")).OverrideForm);
const DryRunPanel = clientOnly(async () => (await import("./dry-run-panel")).DryRunPanel);

const button = "rounded px-3 py-1 text-sm font-medium disabled:opacity-40";
const secondary = `${button} border border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800`;

export function CapabilityCard({ capability: c, frame }: { capability: CapabilityView; frame: EmbedFrame }) {
  const actions = useEmbedActions();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "warn" | "error"; text: string } | null>(null);
  const [plan, setPlan] = useState<DryRunPlan | null>(null);
  const [editing, setEditing] = useState(false);

  const run = async (
    what: string,
    fn: () => Promise<string | { tone: "ok" | "warn" | "error"; text: string } | undefined>,
  ) => {
    setBusy(what);
    setMessage(null);
    try {
      const result = await fn();
      if (result) setMessage(typeof result === "string" ? { tone: "ok", text: result } : result);
    } catch (e) {
      setMessage({ tone: "error", text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };

  const rt = c.runtime;
  const notice = skipNotice(currentSkipReason(c), {
    runtimeDetail: rt.message,
    globs: c.manifest.embed?.filter?.scope?.paths,
  });
  return (
    <li
      data-testid={`capability-${c.id}`}
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-mono text-base font-semibold">{c.id}</h2>
            <span
              data-testid="capability-state"
              className={`rounded px-2 py-0.5 text-xs ${c.enabled ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"}`}
            >
              {c.enabled ? "enabled" : "disabled"}
            </span>
            <span
              className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
              title={c.source.path}
            >
              {c.source.tier}
              {c.source.pack ? ` · ${c.source.pack}` : ""}
            </span>
            {c.overlay && c.overlay.fields.length > 0 && (
              <span
                className="rounded bg-violet-100 px-2 py-0.5 text-xs text-violet-800 dark:bg-violet-950 dark:text-violet-300"
                data-testid="overridden"
                title={c.overlay.path}
              >
                overrides {c.overlay.fields.map((f) => f.replace(/^embed\./, "")).join(", ")}
              </span>
            )}
            {c.running && (
              <span className="animate-pulse text-xs text-sky-700 dark:text-sky-400" data-testid="running">
                running…
              </span>
            )}
          </div>
          {c.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{c.description}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            data-testid="toggle-enabled"
            disabled={!!busy || (!c.enabled && c.errors.length > 0)}
            onClick={() =>
              void run("toggle", async () => {
                await actions.toggle({ id: c.id, action: c.enabled ? "disable" : "enable" });
                if (c.enabled) return `Disabled ${c.id}.`;
                return frame.tickAbsent
                  ? `Enabled ${c.id}: Construct's own embed daemon runs it.`
                  : `Enabled ${c.id}: it ticks on its cadence while the server runs.`;
              })
            }
            className={c.enabled ? secondary : `${button} bg-sky-700 text-white hover:bg-sky-800`}
          >
            {c.enabled ? "Disable" : "Enable"}
          </button>
          <button
            type="button"
            data-testid="dry-run"
            disabled={!!busy}
            className={secondary}
            onClick={() =>
              void run("dry-run", async () => {
                setPlan(await actions.dryRun(c.id));
              })
            }
          >
            Dry-run
          </button>
          <button
            type="button"
            data-testid="run-now"
            hidden={!!frame.tickAbsent}
            disabled={!!busy || c.running || c.errors.length > 0}
            className={secondary}
            onClick={() =>
              void run("tick", async () => {
                const r = await actions.tick(c.id);
                // Why a tick skipped is the card's skip notice; the message does not say it again.
                return {
                  tone: r.status === "ran" ? "ok" : r.status === "skipped" ? "warn" : "error",
                  text: `Tick finished: ${r.status}${r.code && r.status !== "skipped" ? ` (${r.code})` : ""}.`,
                };
              })
            }
          >
            {busy === "tick" ? "Running…" : "Run now"}
          </button>
          <button
            type="button"
            data-testid="edit-overrides"
            hidden={!!frame.overridesAbsent}
            disabled={!!busy}
            className={secondary}
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
          >
            Overrides
          </button>
        </div>
      </div>

      <CapabilityDetails capability={c} runner={frame.runner} />

      {notice && (
        <div
          data-testid="skip-notice"
          data-code={notice.code}
          className="mt-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
        >
          <p>{notice.message}</p>
          <p className="mt-0.5 text-xs">{notice.fix}</p>
        </div>
      )}

      {[...c.errors, ...c.warnings].length > 0 && (
        <ul className="mt-2 space-y-0.5 text-xs" data-testid="capability-problems">
          {c.errors.map((e) => (
            <li key={e.location + e.message} className="text-red-700 dark:text-red-400">
              <code>{e.id}</code> {e.message}
            </li>
          ))}
          {c.warnings.map((w) => (
            <li key={w.location + w.message} className="text-warning">
              <code>{w.id}</code> {w.message}
            </li>
          ))}
        </ul>
      )}

      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          data-testid="capability-message"
          className={`mt-2 text-sm ${message.tone === "error" ? "text-red-700 dark:text-red-400" : message.tone === "warn" ? "text-warning" : "text-emerald-700 dark:text-emerald-400"}`}
        >
          {message.text}
        </p>
      )}

      {editing && (
        <OverrideForm
          capability={c}
          onDone={(text) => {
            setEditing(false);
            setPlan(null);
            setMessage({ tone: "ok", text });
          }}
        />
      )}
      {plan && <DryRunPanel plan={plan} runner={frame.runner} onClose={() => setPlan(null)} />}

      {!frame.tickAbsent && (
        <section className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Last tick</h3>
          <LastTick tick={c.lastTick} unreadable={c.lastTickUnreadable?.message} explained={notice?.code} />
        </section>
      )}
    </li>
  );
}
