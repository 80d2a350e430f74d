"use client";

import type { ReactNode } from "react";
import { newMenuKinds } from "@/components/palette/new-kinds";
import { AppHeader } from "@/components/shell/app-header";
import { ConstructBadge, WorkspacePreset } from "@/components/shell/construct-badge";
import { DeferredTrigger } from "@/components/ui/deferred-trigger";
import { pageName } from "@/lib/shell/pages";
import type { EditorConstruct } from "@/schemas/api";
import type { EntityKind } from "@/schemas/kinds";
import { useEditor } from "./editor-store";
import { ImportExport } from "./import-export";
import { Legend } from "./legend";
import type { RoutePreviewProps } from "./route-preview";
import { useToasts } from "./toasts";
import { usePanelFlow } from "./use-panel-state";

const BUTTON = "rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800";
// As tall as the path's line from md up, so the header's row keeps its height; big enough to tap below.
const TRUST_BUTTON =
  "shrink-0 whitespace-nowrap rounded border border-amber-300 px-1.5 py-1 text-xs text-amber-800 hover:bg-amber-50 md:-my-px md:py-0 dark:text-amber-200 dark:hover:bg-amber-950";
// Short beside the project's path; its name says what trusting it does.
const TRUST = { label: "Trust Construct…", ariaLabel: "Trust Construct: run its own validators on what you save…" };

type HistoryButton = { enabled: boolean; label?: string; run: () => void };

export type ToolbarProps = {
  /** The project edited and the Construct it runs on. */
  project: { root: string; construct: EditorConstruct };
  counts: Record<string, number>;
  reach: ReactNode;
  /** A specialist picked in the routing preview. */
  onPickRoute: (specialistId: string) => void;
  undo: HistoryButton;
  redo: HistoryButton;
  /** An import was written: the org is read again. */
  onImported: () => void;
  onResetLayout: () => void;
};

export function Toolbar(props: ToolbarProps) {
  const { go } = usePanelFlow();
  const navigate = (href: string) => void go(href);
  return (
    <>
      <AppHeader
        current="/"
        root={props.project.root}
        construct={<ConstructBadge construct={props.project.construct} />}
        projectSettings={
          <>
            <WorkspacePreset preset={props.project.construct.workspacePreset} />
            {props.project.construct.offersTrust && (
              // Loaded on intent: most projects never show it, and the first load stays light.
              <DeferredTrigger
                load={() => import("./trust-button").then((m) => m.TrustButton)}
                props={{ construct: props.project.construct, className: TRUST_BUTTON, ...TRUST }}
                opensOn="click"
                testId="trust-construct"
                className={TRUST_BUTTON}
                labels={{ title: props.project.construct.trust, name: TRUST.ariaLabel }}
              >
                {TRUST.label}
              </DeferredTrigger>
            )}
          </>
        }
        status={props.reach}
        onNavigate={navigate}
        tools={<Tools {...props} />}
      />
      <h1 className="sr-only">{pageName("/")}</h1>
    </>
  );
}

/** The activity overlay's switch: quiet like "Show changes", pressed while the canvas shows use. */
function ActivityToggle() {
  const on = useEditor((s) => s.activityOn);
  const toggle = useEditor((s) => s.toggleActivity);
  return (
    <button
      type="button"
      className={`${BUTTON} ${on ? "bg-sky-100 dark:bg-sky-900" : ""}`}
      aria-pressed={on}
      onClick={toggle}
      title="Dim worker profiles unused in the last 90 days; show each one's dispatches and error rate"
      data-testid="activity-toggle"
    >
      Show activity
    </button>
  );
}

/** The canvas's toolbar: which edge kinds show, and the editor's commands. */
function Tools(props: ToolbarProps) {
  const visible = useEditor((s) => s.visibleKinds);
  const toggleKind = useEditor((s) => s.toggleKind);
  const overlayOn = useEditor((s) => s.overlayOn);
  const toggleOverlay = useEditor((s) => s.toggleOverlay);
  const routeOpen = useEditor((s) => s.routeOpen);
  const setRouteOpen = useEditor((s) => s.setRouteOpen);
  const { createNew } = usePanelFlow();
  const { push: toast } = useToasts();
  const preview: RoutePreviewProps = {
    onClose: () => setRouteOpen(false),
    onSaved: (r) =>
      toast(
        r.ok
          ? { tone: "success", title: `Saved test “${r.name}”`, detail: r.path }
          : { tone: "error", title: "Test not saved", detail: r.message },
      ),
    onPick: props.onPickRoute,
  };
  const route = { open: routeOpen, onOpenChange: setRouteOpen, preview };
  return (
    <>
      <Legend kinds={props.project.construct.edgeKinds} visible={visible} counts={props.counts} onToggle={toggleKind} />
      <div className="flex flex-wrap items-center gap-1 md:ml-auto">
        <DeferredTrigger
          load={() => import("./new-menu").then((m) => m.NewMenu)}
          props={{
            className: BUTTON,
            kinds: newMenuKinds(props.project.construct.kinds),
            onCreate: (kind: EntityKind) => void createNew(kind),
          }}
          opensOn="pointerdown"
          testId="new-menu"
          className={BUTTON}
        >
          New ▾
        </DeferredTrigger>
        <button
          type="button"
          className={`${BUTTON} ${overlayOn ? "bg-amber-100 dark:bg-amber-900" : ""}`}
          aria-pressed={overlayOn}
          onClick={toggleOverlay}
          title="Draw the changes since HEAD on the canvas"
          data-testid="overlay-toggle"
        >
          Show changes
        </button>
        {!props.project.construct.absent.activity && <ActivityToggle />}
        {/* Route…'s dialog loads on first intent, or when the palette opens it. */}
        <DeferredTrigger
          load={() => import("./route-menu").then((m) => m.RouteMenu)}
          active={route.open}
          opensOn="click"
          testId="open-route"
          className={BUTTON}
          props={{ ...route, className: BUTTON }}
        >
          Route…
        </DeferredTrigger>
        <ImportExport
          onDone={(m) => {
            toast({ tone: "success", title: m });
            props.onImported();
          }}
          onError={(title, detail) => toast({ tone: "error", title, detail })}
        />
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
      </div>
    </>
  );
}
