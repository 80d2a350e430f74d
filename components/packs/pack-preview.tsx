"use client";

import { useState } from "react";
import { PlanList } from "@/components/plan/plan-list";
import type { FieldError } from "@/schemas/field-error";
import type { PackPreview } from "@/schemas/pack-preview";

const VERSION_TEXT: Record<PackPreview["versionChange"], string> = {
  new: "new install",
  upgrade: "upgrade",
  same: "same version",
  downgrade: "downgrade",
};

/**
 * What enabling, installing or upgrading a pack would do, with Confirm and Cancel. A change that
 * introduces errors can only be confirmed after ticking "enable anyway".
 */
export function PackPreviewPanel({
  preview,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  preview: PackPreview;
  busy: boolean;
  error: { message: string; errors: FieldError[] } | null;
  onConfirm: (force: boolean) => void;
  onCancel: () => void;
}) {
  const [force, setForce] = useState(false);
  const blocked = preview.errors.length > 0 && preview.appliesNow;
  const verb = preview.action === "enable" ? "Enable" : preview.installed ? "Replace" : "Install";
  return (
    <section
      data-testid="pack-preview"
      aria-label={`Preview: ${preview.action} ${preview.id}`}
      className="mb-6 rounded-lg border-2 border-sky-500 bg-white p-4 dark:bg-slate-900"
    >
      <h2 className="mb-1 font-semibold">
        {preview.action === "enable" ? "Enable" : "Install"} <code>{preview.id}</code>
        {preview.action === "install" && (
          <>
            {" "}
            <span data-testid="pack-preview-version">
              {preview.installed ? `${preview.installed.version ?? "?"} → ${preview.version}` : preview.version}
            </span>{" "}
            <span
              data-testid="pack-preview-version-change"
              className={`rounded px-2 py-0.5 text-xs ${preview.versionChange === "downgrade" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"}`}
            >
              {VERSION_TEXT[preview.versionChange]}
            </span>
          </>
        )}
      </h2>
      <p className="mb-2 text-xs text-muted">
        {preview.action === "install" ? "from " : ""}
        <code data-testid="pack-preview-source">{preview.source}</code> · {preview.tier} tier
      </p>
      {!preview.appliesNow && (
        <p className="mb-2 text-sm" data-testid="pack-preview-disabled-note">
          The pack is installed disabled. Below is what enabling it would change.
        </p>
      )}
      {preview.warnings.map((w) => (
        <p key={w} data-testid="pack-preview-warning" className="mb-1 text-sm text-warning">
          ⚠ {w}
        </p>
      ))}
      {preview.errors.length > 0 && (
        <div
          role="alert"
          data-testid="pack-preview-errors"
          className="mb-3 rounded border border-red-400 bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-semibold">
            {preview.errors.length} error{preview.errors.length === 1 ? "" : "s"} this would introduce:
          </p>
          <ul className="list-disc pl-5">
            {preview.errors.map((e) => (
              <li key={`${e.id}:${e.location}:${e.message}`}>
                {e.message}
                {e.path ? <span className="text-xs text-red-600 dark:text-red-400"> ({e.path})</span> : null}
              </li>
            ))}
          </ul>
        </div>
      )}
      <PlanList plan={preview.plan} compact />
      {preview.prompts.length > 0 && (
        <section className="mt-3" data-testid="pack-preview-prompts">
          <h3 className="mb-1 text-xs font-semibold uppercase text-muted">Prompts ({preview.prompts.length})</h3>
          <ul className="font-mono text-xs">
            {preview.prompts.map((m) => (
              <li key={m.specialist}>
                ~ {m.specialist}: {m.before ?? "(none)"} → {m.after ?? "(none)"}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.tests.length > 0 && (
        <section className="mt-3" data-testid="pack-preview-tests">
          <h3 className="mb-1 text-xs font-semibold uppercase text-red-600 dark:text-red-400">
            Org tests that would fail ({preview.tests.length})
          </h3>
          <ul className="font-mono text-xs text-red-700 dark:text-red-400">
            {preview.tests.map((t) => (
              <li key={`${t.file}:${t.name}`}>
                ✗ {t.name} ({t.file}): {t.detail}
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && (
        <div role="alert" data-testid="pack-preview-refused" className="mt-3 text-sm text-red-700 dark:text-red-400">
          <p>{error.message}</p>
          <ul className="list-disc pl-5 text-xs">
            {error.errors.map((e) => (
              <li key={`${e.id}:${e.location}:${e.message}`}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 flex items-center gap-3 text-sm">
        {blocked && (
          <label className="flex items-center gap-1 text-red-700 dark:text-red-400">
            <input
              type="checkbox"
              checked={force}
              onChange={(e) => setForce(e.target.checked)}
              data-testid="pack-preview-force"
            />
            {preview.action === "enable" ? "Enable" : "Install"} anyway, with these errors
          </label>
        )}
        <button
          type="button"
          data-testid="pack-preview-confirm"
          disabled={busy}
          onClick={() => onConfirm(force)}
          className="rounded bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800 disabled:opacity-40"
        >
          {verb}
        </button>
        <button
          type="button"
          data-testid="pack-preview-cancel"
          disabled={busy}
          onClick={onCancel}
          className="rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
