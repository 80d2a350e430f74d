"use client";

import type { ReactNode } from "react";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { NavLink } from "@/components/ui/nav-link";
import type { GraphEdgeKind } from "@/schemas/graph";
import type { EntityKind } from "@/schemas/kinds";
import { ImportExport } from "./import-export";
import { Legend } from "./legend";
import type { RoutePreviewProps } from "./route-preview";

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
  reach: ReactNode;
  onNew: (kind: EntityKind) => void;
  overlayOn: boolean;
  onToggleOverlay: () => void;
  route: { open: boolean; onOpenChange: (open: boolean) => void; preview: RoutePreviewProps };
  onImported: (message: string) => void;
  onError: (title: string, detail: string) => void;
  undo: { enabled: boolean; label?: string; run: () => void };
  redo: { enabled: boolean; label?: string; run: () => void };
  onResetLayout: () => void;
  theme: string;
  onToggleTheme: () => void;
  /** A link out of the editor: the shell asks first when the panel has unsaved edits. */
  onNavigate: (href: string) => void;
};

export function Toolbar(props: ToolbarProps) {
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0">
        <h1 className="text-base font-semibold">Construct Studio</h1>
        <p className="truncate text-xs text-muted" title={props.root}>
          {props.root}
        </p>
      </div>
      <Legend visible={props.visible} counts={props.counts} onToggle={props.onToggleKind} />
      <div className="ml-auto flex flex-wrap items-center gap-1">
        {props.reach}
        <DeferredTrigger
          load={() => import("./new-menu").then((m) => m.NewMenu)}
          props={{ className: BUTTON, onCreate: props.onNew }}
          opensOn="pointerdown"
          testId="new-menu"
          className={BUTTON}
        >
          New ▾
        </DeferredTrigger>
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
        {/* Route…'s dialog loads on first intent, or when the palette opens it. */}
        <DeferredTrigger
          load={() => import("./route-menu").then((m) => m.RouteMenu)}
          active={props.route.open}
          opensOn="click"
          testId="open-route"
          className={BUTTON}
          props={{ ...props.route, className: BUTTON }}
        >
          Route…
        </DeferredTrigger>
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
          <NavLink key={p.href} href={p.href} className={BUTTON} onNavigate={props.onNavigate}>
            {p.label}
          </NavLink>
        ))}
      </div>
    </header>
  );
}
