"use client";

import Link from "next/link";
import { useState } from "react";
import type { GraphEdgeKind } from "@/schemas/graph";
import type { EntityKind } from "@/schemas/kinds";
import { ImportExport } from "./import-export";
import { Legend } from "./legend";

const BUTTON = "rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800";

const PAGES = [
  { href: "/packs", label: "Packs" },
  { href: "/embed", label: "Embed" },
  { href: "/changes", label: "Plan" },
  { href: "/tests", label: "Tests" },
  { href: "/list", label: "List" },
] as const;

export type ToolbarProps = {
  root: string;
  visible: Set<GraphEdgeKind>;
  counts: Record<string, number>;
  onToggleKind: (kind: GraphEdgeKind) => void;
  errorCount: number;
  onSearch: () => void;
  onNew: (kind: EntityKind) => void;
  overlayOn: boolean;
  onToggleOverlay: () => void;
  onToggleRoute: () => void;
  onImported: (message: string) => void;
  onError: (title: string, detail: string) => void;
  undo: { enabled: boolean; label?: string; run: () => void };
  redo: { enabled: boolean; label?: string; run: () => void };
  onResetLayout: () => void;
  theme: string;
  onToggleTheme: () => void;
  /** A link out of the editor: the shell asks first when the panel has unsaved edits. */
  onNavigate: (e: React.MouseEvent, href: string) => void;
};

/** The editor's header: title, legend and toggles, status, and every command with a button. */
export function Toolbar(props: ToolbarProps) {
  const [newMenu, setNewMenu] = useState(false);
  const { errorCount } = props;
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0">
        <h1 className="text-base font-semibold">Construct Studio</h1>
        <p className="truncate text-xs text-slate-500" title={props.root}>
          {props.root}
        </p>
      </div>
      <Legend visible={props.visible} counts={props.counts} onToggle={props.onToggleKind} />
      <div className="ml-auto flex flex-wrap items-center gap-1">
        <span
          data-testid="org-status"
          className={`mr-2 rounded px-2 py-0.5 text-xs ${errorCount ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300" : "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"}`}
        >
          {errorCount ? `${errorCount} error${errorCount === 1 ? "" : "s"}` : "valid"}
        </span>
        <button
          type="button"
          className={BUTTON}
          onClick={props.onSearch}
          title="Search (Ctrl+K)"
          data-testid="open-search"
        >
          Search <kbd className="text-[10px] text-slate-400">⌃K</kbd>
        </button>
        <div className="relative">
          <button
            type="button"
            className={BUTTON}
            aria-haspopup="menu"
            aria-expanded={newMenu}
            onClick={() => setNewMenu((o) => !o)}
            data-testid="new-menu"
          >
            New ▾
          </button>
          {newMenu && (
            <div
              role="menu"
              className="absolute right-0 z-20 mt-1 w-40 rounded border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              {(["specialist", "team", "group", "contract"] as const).map((k) => (
                <button
                  key={k}
                  role="menuitem"
                  type="button"
                  data-testid={`new-${k}`}
                  onClick={() => {
                    setNewMenu(false);
                    props.onNew(k);
                  }}
                  className="block w-full px-3 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {k}
                </button>
              ))}
            </div>
          )}
        </div>
        <button
          type="button"
          className={`${BUTTON} ${props.overlayOn ? "bg-amber-100 dark:bg-amber-900" : ""}`}
          aria-pressed={props.overlayOn}
          onClick={props.onToggleOverlay}
          title="Draw the changes since HEAD on the canvas"
          data-testid="overlay-toggle"
        >
          Changes
        </button>
        <button type="button" className={BUTTON} onClick={props.onToggleRoute} data-testid="open-route">
          Route…
        </button>
        <ImportExport onDone={props.onImported} onError={props.onError} />
        <button
          type="button"
          className={BUTTON}
          disabled={!props.undo.enabled}
          onClick={props.undo.run}
          title={props.undo.label ? `Undo ${props.undo.label} (Ctrl+Z)` : "Nothing to undo"}
          data-testid="undo"
        >
          ↶ Undo
        </button>
        <button
          type="button"
          className={BUTTON}
          disabled={!props.redo.enabled}
          onClick={props.redo.run}
          title={props.redo.label ? `Redo ${props.redo.label} (Ctrl+Shift+Z)` : "Nothing to redo"}
          data-testid="redo"
        >
          ↷ Redo
        </button>
        <button type="button" className={BUTTON} onClick={props.onResetLayout} title="Forget dragged positions">
          Auto-layout
        </button>
        <button
          type="button"
          className={BUTTON}
          onClick={props.onToggleTheme}
          aria-label="Toggle dark mode"
          data-testid="theme-toggle"
        >
          {props.theme === "dark" ? "☀" : "☾"}
        </button>
        {PAGES.map((p) => (
          <Link key={p.href} href={p.href} className={BUTTON} onClick={(e) => props.onNavigate(e, p.href)}>
            {p.label}
          </Link>
        ))}
      </div>
    </header>
  );
}
