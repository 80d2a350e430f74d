"use client";

import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from "react";
import { ScopeBadge } from "@/components/org/scope-badge";
import type { FieldConflict } from "@/lib/editor/drafts";
import type { ListRow } from "@/schemas/api/org";
import type { EntityKind } from "@/schemas/kinds";

export type Tab = "form" | "json" | "fence" | "access" | "activity" | "prompt";

/** The record's kind and id, its tier and file, what it overrides, and the close button. */
export function PanelHeader(props: {
  kind: EntityKind;
  id: string | null;
  row: ListRow | undefined;
  onClose: () => void;
}) {
  const { kind, id, row } = props;
  return (
    <header className="flex items-start justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <div className="min-w-0">
        <div className="text-xs uppercase tracking-wide text-muted">{id === null ? `new ${kind}` : kind}</div>
        {/* Focus lands here when a record is opened from elsewhere (the palette, a link, a problem). */}
        <h2 tabIndex={-1} className="truncate font-mono text-base font-semibold" data-testid="panel-title">
          {id ?? "—"}
        </h2>
        {row && (
          // The whole path shows, wrapped where it must: cut short it would hide the file's name.
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted">
            <ScopeBadge scope={row.scope} source={row.source} />
            <code className="break-all" title={row.path}>
              {row.path}
            </code>
            {row.overrides.length > 0 && (
              <span className="whitespace-nowrap">overrides {row.overrides.map((o) => o.scope).join(", ")}</span>
            )}
          </div>
        )}
      </div>
      <button
        type="button"
        aria-label="Close panel"
        onClick={props.onClose}
        className="rounded px-2 py-1 text-muted hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        ✕
      </button>
    </header>
  );
}

/** Notes above the tabs: a read-only tier, fields changed on disk while editing, fields that followed disk. */
export function PanelNotes(props: {
  readOnlyTier: "builtin" | "pack" | null;
  /** Construct replaces the record whole with a tier's file (2.x worker profiles), so a save copies all of it. */
  replacesWhole: boolean;
  source: string | undefined;
  conflicts: FieldConflict[];
  followed: string[];
  dirty: boolean;
  /** The draft is one left unsaved in an earlier session. */
  restored: boolean;
  onDiscard: () => void;
}) {
  const { readOnlyTier, conflicts, followed } = props;
  return (
    <>
      {props.restored && (
        <p
          role="status"
          data-testid="draft-restored"
          className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          Unsaved changes from an earlier session, restored. Save them, or
          <button type="button" data-testid="discard-restored" className="ml-1 underline" onClick={props.onDiscard}>
            discard them
          </button>
          .
        </p>
      )}
      {readOnlyTier && (
        <p
          data-testid="read-only-note"
          className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
        >
          {readOnlyTier === "pack" ? `From the pack ${props.source ?? ""}` : "Built in"}, read-only: saving writes a
          {props.replacesWhole
            ? " whole custom copy to the project, which Construct uses in its place."
            : " project override holding only the fields you change."}
        </p>
      )}
      {conflicts.length > 0 && (
        <div
          role="alert"
          data-testid="stale-banner"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Changed on disk while you edited {conflicts.length === 1 ? "it" : "them"}:{" "}
          {conflicts.map((c) => (
            <code key={c.field} className="mr-1">
              {c.field}
            </code>
          ))}
          — Save asks which version of each to keep.
          <button type="button" className="ml-2 underline" onClick={props.onDiscard}>
            Discard mine, reload theirs
          </button>
        </div>
      )}
      {followed.length > 0 && conflicts.length === 0 && (
        <p
          data-testid="followed-note"
          className="border-b border-sky-200 bg-sky-50 px-4 py-1.5 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          Updated from disk: {followed.join(", ")}
          {props.dirty ? "; your edits are kept." : "."}
        </p>
      )}
    </>
  );
}

/** One Tab stop for the row, as a tab list has: the arrow keys, Home and End move between the tabs. */
export function PanelTabs({ tabs, tab, onSwitch }: { tabs: Tab[]; tab: Tab; onSwitch: (tab: Tab) => void }) {
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    onSwitch(next);
    e.currentTarget.querySelector<HTMLElement>(`[data-testid="tab-${next}"]`)?.focus();
  };
  return (
    <div
      className="flex gap-1 border-b border-slate-200 px-3 pt-2 dark:border-slate-800"
      role="tablist"
      aria-label="Views of the record"
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          id={`panel-tab-${t}`}
          aria-selected={tab === t}
          aria-controls="panel-tabpanel"
          tabIndex={tab === t ? 0 : -1}
          data-testid={`tab-${t}`}
          onClick={() => onSwitch(t)}
          className={`rounded-t px-3 py-1.5 text-sm ${tab === t ? "border border-b-0 border-slate-200 bg-slate-50 font-medium dark:border-slate-700 dark:bg-slate-900" : "text-muted hover:text-slate-800 dark:hover:text-slate-200"}`}
        >
          {t === "json" ? "JSON" : t[0].toUpperCase() + t.slice(1)}
        </button>
      ))}
    </div>
  );
}

/** What the prompt tab saves: its own file, through the panel's one Save. */
export type PromptSave = { label: string; dirty: boolean; run: () => void };

/**
 * The panel's one Save. Ctrl/⌘+S presses it from anywhere on the page, as a click would (a form tab
 * submits its form). With nothing to save it stays focusable (aria-disabled) so focus stays in the
 * panel after a save.
 */
function SaveButton(props: { label: string; enabled: boolean; submits?: string; onPress?: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== "s") return;
      e.preventDefault();
      ref.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <button
      ref={ref}
      type={props.submits ? "submit" : "button"}
      form={props.submits}
      data-testid="save-entity"
      aria-disabled={!props.enabled || undefined}
      aria-keyshortcuts="Control+S"
      title="Save (Ctrl+S)"
      onClick={(e) => {
        if (!props.enabled) e.preventDefault();
        else props.onPress?.();
      }}
      className="rounded bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800 aria-disabled:cursor-default aria-disabled:opacity-40 aria-disabled:hover:bg-sky-700"
    >
      {props.label}
    </button>
  );
}

/** Delete (or revert to the lower tier), the unsaved mark, and the one Save of every tab that edits. */
export function PanelFooter(props: {
  row: ListRow | undefined;
  readOnly: boolean;
  tab: Tab;
  /** The draft's state: unsaved changes, a record not created yet, a save under way, a taken id. */
  state: { dirty: boolean; isNew: boolean; saving: boolean; blocked?: boolean };
  onRemove: () => void;
  onSave: () => void;
  prompt: PromptSave | null;
}) {
  const { row, tab, prompt } = props;
  const { isNew, saving, blocked } = props.state;
  const dirty = tab === "prompt" ? !!prompt?.dirty : props.state.dirty;
  return (
    <footer className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
      <div>
        {row && !props.readOnly && (
          <button
            type="button"
            data-testid="delete-entity"
            onClick={props.onRemove}
            className="rounded px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
          >
            {row.overrides.length ? `Revert to ${row.overrides[row.overrides.length - 1].scope}` : "Delete"}
          </button>
        )}
      </div>
      <div className="flex items-center gap-2">
        {dirty && (
          <span className="text-xs text-warning" data-testid="unsaved">
            unsaved
          </span>
        )}
        {tab === "prompt" && prompt && <SaveButton label={prompt.label} enabled={prompt.dirty} onPress={prompt.run} />}
        {(tab === "json" || tab === "form" || tab === "fence" || tab === "activity") && (
          <SaveButton
            label={isNew ? "Create" : "Save"}
            enabled={!saving && !blocked && (dirty || isNew)}
            submits={tab === "form" ? "entity-form" : undefined}
            onPress={tab === "form" ? undefined : props.onSave}
          />
        )}
      </div>
    </footer>
  );
}
