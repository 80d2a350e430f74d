"use client";

import { useMemo, useState } from "react";
import { ApiError } from "@/lib/api/error";
import { cadenceProblem, upcomingRuns } from "@/lib/embed/cadence";
import { embedPointer, manifestProblems } from "@/lib/embed/manifest";
import { isAtOrUnder } from "@/lib/json/pointer";
import { useEmbedActions } from "@/lib/queries/embed";
import {
  type CapabilityView,
  EMBED_RUNTIMES,
  type EmbedOverridesBody,
  type EmbedRuntime,
  OVERRIDABLE_FIELDS,
  type OverridableField,
} from "@/schemas/embed";
import type { FieldError } from "@/schemas/field-error";
import type { Result } from "@/schemas/result";
import { When } from "./time";

type Draft = { cadence: string; eventDriven: boolean; runtime: EmbedRuntime; filter: string };

const input =
  "w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm disabled:opacity-50 dark:border-slate-600 dark:bg-slate-950";
const squiggle = "border-red-500 underline decoration-red-500 decoration-wavy";

function Problems({ list, testId }: { list: FieldError[]; testId: string }) {
  if (!list.length) return null;
  return (
    <ul data-testid={testId} className="mt-1 text-xs text-red-700 dark:text-red-400">
      {list.map((p) => (
        <li key={p.message}>
          <code>{p.id}</code> {p.message}
        </li>
      ))}
    </ul>
  );
}

/** Each field follows the lower tiers or is overridden; the shared rules check it as typed, the server on save. */
export function OverrideForm({
  capability: c,
  onDone,
}: {
  capability: CapabilityView;
  onDone: (message: string) => void;
}) {
  const overlayFields = c.overlay?.fields;
  const overridden = useMemo(
    () => new Set((overlayFields ?? []).map((f) => f.replace(/^embed\./, ""))),
    [overlayFields],
  );
  const [on, setOn] = useState<Record<OverridableField, boolean>>(
    () =>
      Object.fromEntries(OVERRIDABLE_FIELDS.map((f) => [f, overridden.has(f)])) as Record<OverridableField, boolean>,
  );
  const e = c.manifest.embed ?? {};
  const [draft, setDraft] = useState<Draft>({
    cadence: e.cadence?.every ?? "PT1H",
    eventDriven: e.cadence === null,
    runtime: e.runtime ?? "auto",
    filter: JSON.stringify(e.filter ?? {}, null, 2),
  });
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { saveOverrides } = useEmbedActions();

  const filterParse = useMemo((): Result<{ value: unknown }> => {
    try {
      return { ok: true, value: JSON.parse(draft.filter || "{}") };
    } catch (error) {
      return { ok: false, message: `not JSON: ${(error as Error).message}` };
    }
  }, [draft.filter]);

  const body: EmbedOverridesBody = useMemo(() => {
    const set: EmbedOverridesBody["set"] = {};
    if (on.cadence) set.cadence = draft.eventDriven ? null : { every: draft.cadence.trim() };
    if (on.runtime) set.runtime = draft.runtime;
    if (on.filter && filterParse.ok) set.filter = filterParse.value as EmbedOverridesBody["set"]["filter"];
    return { set, reset: OVERRIDABLE_FIELDS.filter((f) => !on[f] && overridden.has(f)) };
  }, [on, draft, filterParse, overridden]);

  const problems = useMemo(() => {
    const merged = { ...c.manifest, embed: { ...c.manifest.embed, ...body.set } };
    const found = manifestProblems(merged, c.id).filter((p) => p.severity === "error");
    if (on.filter && !filterParse.ok)
      found.push({
        id: "embed-invalid-filter",
        severity: "error",
        message: `filter: ${filterParse.message}`,
        location: embedPointer(c.id, "embed", "filter"),
        field: "filter",
      });
    return found;
  }, [body, c, on.filter, filterParse]);
  const all = [...problems, ...serverErrors.filter((s) => !problems.some((p) => p.message === s.message))];
  const at = (field: OverridableField) =>
    all.filter((p) => isAtOrUnder(p.location, embedPointer(c.id, "embed", field)));
  const cadenceError = on.cadence && !draft.eventDriven ? cadenceProblem(draft.cadence.trim()) : null;
  const preview =
    on.cadence && !draft.eventDriven && !cadenceError
      ? upcomingRuns(draft.cadence.trim(), new Date(c.lastTick?.startedAt ?? Date.now()), 4).slice(
          c.lastTick ? 1 : 0,
          c.lastTick ? 4 : 3,
        )
      : [];
  const changed = body.reset.length > 0 || OVERRIDABLE_FIELDS.some((f) => on[f]);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    setServerErrors([]);
    try {
      await saveOverrides({ id: c.id, body, etag: c.etag });
      onDone(`Saved overrides of ${c.id} to ${c.overlay?.path ?? `.cx/embed/${c.id}.manifest.json`}.`);
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(error.errors);
        setFailure(
          error.status === 409
            ? "The overlay changed on disk since this page loaded; close and reopen the form to see it."
            : error.message,
        );
      } else setFailure(String(error));
    } finally {
      setSaving(false);
    }
  };

  const toggle = (field: OverridableField) => (
    <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
      <input
        type="checkbox"
        data-testid={`override-${field}`}
        checked={on[field]}
        onChange={(ev) => setOn((o) => ({ ...o, [field]: ev.target.checked }))}
      />
      override{overridden.has(field) && !on[field] ? " (will reset to the default)" : ""}
    </label>
  );

  return (
    <form
      data-testid="override-form"
      className="mt-3 space-y-3 rounded-md border border-violet-200 bg-violet-50/50 p-3 dark:border-violet-900 dark:bg-violet-950/20"
      onSubmit={(ev) => {
        ev.preventDefault();
        void save();
      }}
    >
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Unchecked fields follow {c.source.tier === "pack" ? `pack ${c.source.pack}` : "the built-in manifest"}; checked
        ones are written to the project overlay.
      </p>
      <div>
        <div className="mb-1 flex items-center justify-between">
          <span className="text-sm font-medium">Cadence</span>
          {toggle("cadence")}
        </div>
        <div className="flex items-center gap-3">
          <input
            aria-label="Cadence (ISO-8601 duration)"
            data-testid="cadence-input"
            className={`${input} max-w-48 ${at("cadence").length || cadenceError ? squiggle : ""}`}
            disabled={!on.cadence || draft.eventDriven}
            value={draft.cadence}
            placeholder="PT15M"
            onChange={(ev) => setDraft((d) => ({ ...d, cadence: ev.target.value }))}
          />
          <label className="flex items-center gap-1 text-xs">
            <input
              type="checkbox"
              data-testid="event-driven"
              disabled={!on.cadence}
              checked={draft.eventDriven}
              onChange={(ev) => setDraft((d) => ({ ...d, eventDriven: ev.target.checked }))}
            />
            event-driven only (no schedule)
          </label>
        </div>
        <p className="mt-1 text-xs text-muted">
          ISO-8601: <code>PT15M</code>, <code>PT2H</code>, <code>P1D</code>, <code>P1W</code>, <code>P1DT12H</code>.
        </p>
        {preview.length > 0 && (
          <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="cadence-preview">
            Next runs:{" "}
            {preview.map((d, i) => (
              <span key={d.toISOString()}>
                {i ? ", " : ""}
                <When at={d.toISOString()} />
              </span>
            ))}
          </p>
        )}
        <Problems list={at("cadence")} testId="cadence-errors" />
      </div>
      <div>
        <div className="mb-1 flex items-center justify-between">
          <span className="text-sm font-medium">Runtime</span>
          {toggle("runtime")}
        </div>
        <select
          aria-label="Runtime"
          data-testid="runtime-select"
          className={`${input} max-w-48`}
          disabled={!on.runtime}
          value={draft.runtime}
          onChange={(ev) => setDraft((d) => ({ ...d, runtime: ev.target.value as EmbedRuntime }))}
        >
          {EMBED_RUNTIMES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <Problems list={at("runtime")} testId="runtime-errors" />
      </div>
      <div>
        <div className="mb-1 flex items-center justify-between">
          <span className="text-sm font-medium">Filter</span>
          {toggle("filter")}
        </div>
        <textarea
          aria-label="Filter (JSON)"
          data-testid="filter-input"
          rows={5}
          spellCheck={false}
          className={`${input} ${at("filter").length ? squiggle : ""}`}
          disabled={!on.filter}
          value={draft.filter}
          onChange={(ev) => setDraft((d) => ({ ...d, filter: ev.target.value }))}
        />
        <p className="text-xs text-muted">
          Keys: <code>scope</code> (projects, repos, repoGlob, channels, spaces, paths), <code>predicates</code>{" "}
          (assignee, statusCategory, priority, label, updatedSince), <code>nativeQuery</code>.
        </p>
        <Problems list={at("filter")} testId="filter-errors" />
      </div>
      {failure && (
        <p role="alert" data-testid="override-failure" className="text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          data-testid="save-overrides"
          disabled={saving || !changed || problems.length > 0}
          className="rounded bg-violet-600 px-3 py-1 text-sm font-medium text-white disabled:opacity-40"
        >
          {saving ? "Saving…" : "Save overrides"}
        </button>
      </div>
    </form>
  );
}
