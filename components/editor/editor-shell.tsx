"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ReactFlowProvider } from "@xyflow/react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FormOptions } from "@/components/forms/use-entity-form";
import { EDGE_STYLE } from "@/components/graph/graph-types";
import { type CanvasSelection, OrgCanvas } from "@/components/graph/org-canvas";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { ApiError, apiFetch } from "@/lib/api-client";
import { sessionDrafts } from "@/lib/editor/draft-store";
import { createHistoryStore, stepConflicts } from "@/lib/editor/history";
import { canConnect, removeHandoff } from "@/lib/graph/connect";
import { describeEdge } from "@/lib/graph/edge-text";
import type { Position } from "@/lib/graph/geometry";
import { parsePointer } from "@/lib/org/field-error";
import { buildIndex } from "@/lib/org/org-index";
import { planOverlay } from "@/lib/plan/overlay";
import { changeLines, summaryLine } from "@/lib/plan/render";
import { useAutoLayout } from "@/lib/queries/auto-layout";
import { graphOfOrg, orgKeys, rowKey, useLayout, useOrg } from "@/lib/queries/org";
import { planQuery } from "@/lib/queries/plan";
import { type Resolution, useOrgEdits } from "@/lib/queries/use-org-edits";
import type { FieldError } from "@/schemas/field-error";
import type { GraphEdge, GraphEdgeKind, GraphNode } from "@/schemas/graph";
import { EDGE_KINDS, type EntityKind, KIND_OF, type Section, WELL_KNOWN_PARTIES } from "@/schemas/kinds";
import type { PlanChange } from "@/schemas/plan";
import { CommandPalette } from "./command-palette";
import { askConflicts } from "./conflict-dialog";
import { useDialog } from "./dialog";
import { ImportExport } from "./import-export";
import { Legend } from "./legend";
import { RoutePreview } from "./route-preview";
import { Toasts, useToasts } from "./toasts";
import { useOrgEvents } from "./use-org-events";
import { useTheme } from "./use-theme";

// The forms, their resolvers and the JSON schemas weigh a third of the page's own code and are
// needed only once something is selected: loaded then, the first time, not with the page.
const EntityPanel = dynamic(() => import("@/components/panel/entity-panel").then((m) => m.EntityPanel), {
  loading: () => (
    <aside
      data-testid="entity-panel-loading"
      aria-busy="true"
      className="flex h-full w-[30rem] max-w-[45vw] items-center justify-center border-l border-slate-200 bg-white text-sm text-slate-500 dark:border-slate-800 dark:bg-slate-950"
    >
      Loading…
    </aside>
  ),
});

const BUTTON = "rounded px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800";

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === "INPUT" ||
      el.tagName === "TEXTAREA" ||
      el.tagName === "SELECT" ||
      el.isContentEditable ||
      !!el.closest(".monaco-editor"))
  );
}

/** The panel a node opens: specialists, teams and groups have one, the parties do not. */
function targetOfNode(nodeId: string): PanelTarget | null {
  const [kind, id] = [nodeId.slice(0, nodeId.indexOf(":")), nodeId.slice(nodeId.indexOf(":") + 1)];
  return kind === "specialist" || kind === "team" || kind === "group" ? { kind, id } : null;
}

/** The org editor: graph, legend, side panel, and every edit routed through validated saves. */
export function EditorShell({ root }: { root: string }) {
  const [theme, toggleTheme] = useTheme();
  const { data, error } = useOrg();
  const layout = useLayout();
  const [history] = useState(createHistoryStore);
  const edits = useOrgEdits(history);
  const { toasts, push: toast, dismiss } = useToasts();
  const dialog = useDialog();
  const dialogOpen = useRef(false);
  dialogOpen.current = dialog.open;
  const queryClient = useQueryClient();
  useOrgEvents();

  const [visible, setVisible] = useState<Set<GraphEdgeKind>>(() => new Set(EDGE_KINDS));
  const [selection, setSelection] = useState<CanvasSelection>(null);
  const [panel, setPanelNow] = useState<PanelTarget | null>(null);
  const panelDirty = useRef(false);
  const router = useRouter();
  const [otherProblems, setOtherProblems] = useState<FieldError[]>([]);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [routeOpen, setRouteOpen] = useState(false);
  const [newMenu, setNewMenu] = useState(false);
  const [focus, setFocus] = useState<{ nodeId: string; nonce: number } | null>(null);
  const [hoverEdge, setHoverEdge] = useState<GraphEdge | null>(null);
  const [dragged, setDragged] = useState<Record<string, Position>>({});

  const graph = useMemo(() => (data ? graphOfOrg(data) : { nodes: [], edges: [] }), [data]);
  const auto = useAutoLayout(graph);
  // Positions the user saved win over computed ones.
  const computed = useMemo(() => ({ ...auto, ...layout.data?.positions }), [auto, layout.data]);
  const positions = useMemo(() => ({ ...computed, ...dragged }), [computed, dragged]);
  const counts = useMemo(() => {
    const c: Record<string, number> = {};
    for (const e of graph.edges) c[e.kind] = (c[e.kind] ?? 0) + 1;
    return c;
  }, [graph]);
  // The Changes overlay: the plan against HEAD drawn on the canvas, refreshed with the org.
  const [overlayOn, setOverlayOn] = useState(false);
  const plan = useQuery({ ...planQuery("HEAD"), enabled: overlayOn });
  const overlay = useMemo(
    () => (overlayOn && plan.data ? planOverlay(plan.data, graph, positions) : null),
    [overlayOn, plan.data, graph, positions],
  );
  const canvasPositions = useMemo(
    () => (overlay ? { ...positions, ...overlay.positions } : positions),
    [overlay, positions],
  );
  const highlights = useMemo(() => {
    const h: Record<string, "draft-problem"> = {};
    for (const p of otherProblems) {
      const [section, id] = parsePointer(p.location);
      const kind = KIND_OF[section as Section];
      if (kind) h[`${kind}:${id}`] = "draft-problem";
    }
    return h;
  }, [otherProblems]);

  const options = useMemo<FormOptions>(() => {
    const org = data?.org;
    const roles = new Set<string>();
    for (const s of Object.values(org?.specialists ?? {})) if (typeof s.role === "string") roles.add(s.role);
    for (const t of [...Object.values(org?.teams ?? {}), ...Object.values(org?.groups ?? {})])
      for (const r of (t.roles as string[] | undefined) ?? []) roles.add(r);
    return {
      teams: Object.keys(org?.teams ?? {}),
      groups: Object.keys(org?.groups ?? {}),
      roles: [...roles].sort(),
      skills: (data?.skills ?? []).map((s) => s.id),
      policies: Object.keys(org?.policies ?? {}),
      parties: [...WELL_KNOWN_PARTIES, ...Object.keys(org?.specialists ?? {})],
      specialists: Object.keys(org?.specialists ?? {}),
    };
  }, [data]);

  const setPanel = useCallback((next: PanelTarget | null) => {
    panelDirty.current = false;
    sessionDrafts().setOpenPanel(next);
    setPanelNow(next);
  }, []);

  // A reload reopens the panel that had an unsaved draft; the panel restores the draft itself.
  useEffect(() => {
    const open = sessionDrafts().openPanel();
    if (open && sessionDrafts().get(open)) setPanelNow(open);
  }, []);

  /**
   * Whether the open panel may go: yes when it has no unsaved edits, else the user's answer.
   * A discarded draft leaves session storage with it.
   */
  const mayLeavePanel = useCallback(async () => {
    if (!panel || !panelDirty.current) return true;
    const answer = await dialog.ask(
      "Discard unsaved changes?",
      <>
        <code>{panel.id ?? `new ${panel.kind}`}</code> has changes you have not saved. Keep editing, or discard them?
      </>,
      [
        { label: "Keep editing", value: "keep", tone: "plain" },
        { label: "Discard changes", value: "discard", tone: "danger" },
      ],
      { noCancel: true },
    );
    if (answer !== "discard") return false;
    sessionDrafts().drop(panel);
    panelDirty.current = false;
    return true;
  }, [panel, dialog]);

  /** Opens `next` in the panel (or closes it) once the current draft, if any, may go. */
  const changePanel = useCallback(
    async (next: PanelTarget | null) => {
      if (panel && next && panel.kind === next.kind && panel.id === next.id) return true;
      if (!(await mayLeavePanel())) return false;
      setPanel(next);
      return true;
    },
    [panel, mayLeavePanel, setPanel],
  );

  // Reloading or closing the tab with a draft: the browser's own "leave site?" prompt. The draft
  // is in session storage as well, so a reload that goes ahead still finds it.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!panelDirty.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  const navigate = useCallback(
    async (e: React.MouseEvent, href: string) => {
      if (!panelDirty.current || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      if (await mayLeavePanel()) router.push(href);
    },
    [mayLeavePanel, router],
  );

  const openNode = useCallback((nodeId: string) => changePanel(targetOfNode(nodeId)), [changePanel]);

  const onSelect = useCallback(
    async (next: CanvasSelection) => {
      let target: PanelTarget | null = null;
      // A ghost of a removed entity has no record to open: the overlay shows what it was.
      if (next?.type === "node") target = overlay?.nodes[next.id] === "remove" ? null : targetOfNode(next.id);
      else if (next) {
        const edge = graph.edges.find((e) => e.id === next.id);
        if (!edge) return;
        const [section, id] = parsePointer(edge.carrier);
        if (edge.kind !== "handoff") target = { kind: KIND_OF[section as Section], id };
      }
      // A click elsewhere never drops a draft unasked; "Keep editing" leaves the selection as it was.
      if (!(await changePanel(target))) return;
      setSelection(next);
      setOtherProblems([]);
    },
    [graph.edges, changePanel, overlay],
  );

  const saveHandoffPatch = useCallback(
    async (specialistId: string, patch: Record<string, unknown>, label: string) => {
      if (!data) return;
      const row = data.rows[rowKey("specialist", specialistId)];
      if (!row) return;
      // The rules and their schemas load with the first edit, not with the page.
      const { validateDraft } = await import("@/lib/org/validate");
      const check = validateDraft(buildIndex(data.org), "specialist", { ...row.record, ...patch });
      if (!check.ok) {
        toast({ tone: "error", title: `Refused: ${label}`, detail: check.errors.map((e) => e.message).join("\n") });
        return;
      }
      if (row.scope === "builtin") {
        const answer = await dialog.ask(
          "Override a built-in specialist?",
          <>
            <code>{specialistId}</code> is built in and read-only. The change is saved as a project override (
            <code>.cx/org/specialists/{specialistId}.json</code>) holding only <code>handoffCandidates</code>.
          </>,
          [{ label: "Create override", value: "override" }],
        );
        if (answer !== "override") return;
      }
      try {
        const hadLayer = row.scope === "project" || row.overrides.some((o) => o.scope === "project");
        const result = await edits.save({
          kind: "specialist",
          id: specialistId,
          patch,
          previous: row.record,
          etag: row.etag,
          hadLayer,
          label,
        });
        toast({ tone: "success", title: label[0].toUpperCase() + label.slice(1), detail: result.path });
      } catch (e) {
        toast({
          tone: "error",
          title: `Not saved: ${label}`,
          detail: e instanceof ApiError ? [e.message, ...e.errors.map((x) => x.message)].join("\n") : String(e),
        });
      }
    },
    [data, dialog, edits, toast],
  );

  const onConnectRequest = useCallback(
    (source: string, target: string) => {
      if (!data) return;
      const verdict = canConnect(data.org, source, target);
      if (!verdict.ok) {
        toast({ tone: "error", title: "That connection is not a handoff", detail: verdict.reason });
        return;
      }
      void saveHandoffPatch(
        verdict.specialistId,
        verdict.patch,
        `add handoff ${verdict.specialistId} → ${verdict.role}`,
      );
    },
    [data, saveHandoffPatch, toast],
  );

  const onConnectRefused = useCallback(
    (source: string, target: string) => {
      if (!data) return;
      const verdict = canConnect(data.org, source, target);
      if (!verdict.ok) toast({ tone: "error", title: "Connection refused", detail: verdict.reason });
    },
    [data, toast],
  );

  const isValidConnection = useCallback(
    (source: string, target: string) => !!data && canConnect(data.org, source, target).ok,
    [data],
  );

  const deleteHandoffs = useCallback(
    async (doomed: GraphEdge[]) => {
      if (!data) return;
      for (const edge of doomed) {
        const change = removeHandoff(data.org, edge);
        if (change)
          await saveHandoffPatch(
            change.specialistId,
            change.patch,
            `remove handoff ${change.specialistId} → ${change.role}`,
          );
      }
      setSelection(null);
    },
    [data, saveHandoffPatch],
  );

  const onPositionsChange = useCallback(
    (moved: Record<string, Position>) => {
      setDragged((d) => ({ ...d, ...moved }));
      void apiFetch("/api/layout", { method: "PUT", body: { positions: moved } }).catch((e) =>
        toast({ tone: "error", title: "Layout not saved", detail: String(e) }),
      );
    },
    [toast],
  );

  const resetLayout = useCallback(async () => {
    // Positions dragged in this session are saved but not yet in the layout query: forget both.
    const positions = Object.fromEntries(
      [...new Set([...Object.keys(layout.data?.positions ?? {}), ...Object.keys(dragged)])].map((k) => [k, null]),
    );
    await apiFetch("/api/layout", { method: "PUT", body: { positions } });
    setDragged({});
    await queryClient.invalidateQueries({ queryKey: orgKeys.layout });
  }, [layout.data, dragged, queryClient]);

  /** Asks how to replay a step that ran into a newer version; null: leave everything as it is. */
  const resolveStep = useCallback(
    async (direction: "undo" | "redo", current: { record: Record<string, unknown>; etag: string } | undefined) => {
      const command = edits.peek(direction);
      if (!command) return null;
      const verb = direction === "undo" ? "Undo" : "Redo";
      const name = <code>{`${command.kind} ${command.id}`}</code>;
      if (command.type === "patch" && !(direction === "undo" && command.createdLayer) && current) {
        const conflicts = stepConflicts(command, direction, current.record);
        // Changes elsewhere in the record are kept; only the step's own fields are written.
        if (!conflicts.length) return { etag: current.etag } satisfies Resolution;
        const choices = await askConflicts(
          dialog.ask,
          "Changed on disk",
          <>
            {name} changed on disk after “{command.label}”. {verb} would write over these fields: keep the version on
            disk or the {direction === "undo" ? "undone" : "redone"} one, field by field. Nothing is written until you
            choose.
          </>,
          conflicts,
          `${verb} with these choices`,
          direction === "undo" ? "Before the edit (undo)" : "After the edit (redo)",
        );
        if (!choices) return null;
        const fields = Object.keys(direction === "undo" ? command.before : command.after).filter(
          (f) => choices[f] !== "theirs",
        );
        return { etag: current.etag, fields } satisfies Resolution;
      }
      const deletes =
        (direction === "undo" && (command.type === "create" || (command.type === "patch" && command.createdLayer))) ||
        (direction === "redo" && command.type === "remove");
      if (deletes && current) {
        const answer = await dialog.ask(
          "Changed on disk",
          <>
            {name} changed on disk after “{command.label}”. {verb} would remove it, with the newer changes. Nothing is
            removed until you choose.
          </>,
          [
            { label: `${verb} anyway`, value: "force", tone: "danger" },
            { label: "Keep it, forget this step", value: "keep", tone: "plain" },
          ],
        );
        if (answer === "force") return { etag: current.etag } satisfies Resolution;
        return answer === "keep" ? ({ etag: current.etag, fields: [] } satisfies Resolution) : null;
      }
      // Re-creating: a newer record of that id is never overwritten.
      const answer = await dialog.ask(
        "A newer version exists",
        <>
          {name} exists again since “{command.label}”; {direction === "undo" ? "undoing" : "redoing"} would write over
          it, so it is not replayed.
        </>,
        [{ label: "Keep it, forget this step", value: "keep", tone: "plain" }],
      );
      return answer === "keep" ? ({ etag: current?.etag ?? "", fields: [] } satisfies Resolution) : null;
    },
    [dialog, edits],
  );

  const undoRedo = useCallback(
    async (direction: "undo" | "redo") => {
      const replay = (resolution?: Resolution) =>
        direction === "undo" ? edits.undo(resolution) : edits.redo(resolution);
      try {
        let command = null;
        try {
          command = await replay();
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 409) throw e;
          const resolution = await resolveStep(direction, e.current);
          if (!resolution) return;
          command = await replay(resolution);
          if (resolution.fields?.length === 0) {
            toast({ tone: "info", title: `Kept the version on disk; ${command?.label ?? "the step"} is forgotten` });
            return;
          }
        }
        if (command) toast({ tone: "info", title: `${direction === "undo" ? "Undid" : "Redid"} ${command.label}` });
        else
          toast({
            tone: "info",
            title: `Nothing to ${direction}`,
            detail: "Layout moves and imports are not in the undo history: Auto-layout or a re-import reverts them.",
          });
      } catch (e) {
        toast({
          tone: "error",
          title: `Could not ${direction}`,
          detail: e instanceof ApiError ? [e.message, ...e.errors.map((x) => x.message)].join("\n") : String(e),
        });
      }
    },
    [edits, resolveStep, toast],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setPaletteOpen(true);
      } else if (mod && e.key.toLowerCase() === "z" && !isTyping(e.target)) {
        e.preventDefault();
        void undoRedo(e.shiftKey ? "redo" : "undo");
      } else if (mod && e.key.toLowerCase() === "y" && !isTyping(e.target)) {
        e.preventDefault();
        void undoRedo("redo");
      } else if (e.key === "Escape" && !isTyping(e.target) && !dialogOpen.current) {
        void changePanel(null).then((closed) => closed && setSelection(null));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoRedo, changePanel]);

  const jumpTo = useCallback(
    async (node: GraphNode) => {
      setPaletteOpen(false);
      if (!(await openNode(node.id))) return;
      setSelection({ type: "node", id: node.id });
      setFocus({ nodeId: node.id, nonce: Date.now() });
    },
    [openNode],
  );

  const createNew = async (kind: EntityKind) => {
    setNewMenu(false);
    if (!(await changePanel({ kind, id: null }))) return;
    setSelection(null);
  };

  const onDirtyChange = useCallback((dirty: boolean) => {
    panelDirty.current = dirty;
  }, []);

  const selectedEdge = selection?.type === "edge" ? (graph.edges.find((e) => e.id === selection.id) ?? null) : null;
  const infoEdge = hoverEdge ?? selectedEdge;
  const errorCount = data?.problems.filter((p) => p.severity === "error").length ?? 0;

  return (
    <div className="flex h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-0">
          <h1 className="text-base font-semibold">Construct Studio</h1>
          <p className="truncate text-xs text-slate-500" title={root}>
            {root}
          </p>
        </div>
        <Legend
          visible={visible}
          counts={counts}
          onToggle={(kind) =>
            setVisible((v) => {
              const next = new Set(v);
              if (next.has(kind)) next.delete(kind);
              else next.add(kind);
              return next;
            })
          }
        />
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
            onClick={() => setPaletteOpen(true)}
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
                    onClick={() => void createNew(k)}
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
            className={`${BUTTON} ${overlayOn ? "bg-amber-100 dark:bg-amber-900" : ""}`}
            aria-pressed={overlayOn}
            onClick={() => setOverlayOn((o) => !o)}
            title="Draw the changes since HEAD on the canvas"
            data-testid="overlay-toggle"
          >
            Changes
          </button>
          <button type="button" className={BUTTON} onClick={() => setRouteOpen((o) => !o)} data-testid="open-route">
            Route…
          </button>
          <ImportExport
            onDone={(m) => {
              toast({ tone: "success", title: m });
              void edits.refresh();
            }}
            onError={(title, detail) => toast({ tone: "error", title, detail })}
          />
          <button
            type="button"
            className={BUTTON}
            disabled={!edits.canUndo}
            onClick={() => void undoRedo("undo")}
            title={edits.nextUndo ? `Undo ${edits.nextUndo} (Ctrl+Z)` : "Nothing to undo"}
            data-testid="undo"
          >
            ↶ Undo
          </button>
          <button
            type="button"
            className={BUTTON}
            disabled={!edits.canRedo}
            onClick={() => void undoRedo("redo")}
            title={edits.nextRedo ? `Redo ${edits.nextRedo} (Ctrl+Shift+Z)` : "Nothing to redo"}
            data-testid="redo"
          >
            ↷ Redo
          </button>
          <button type="button" className={BUTTON} onClick={() => void resetLayout()} title="Forget dragged positions">
            Auto-layout
          </button>
          <button
            type="button"
            className={BUTTON}
            onClick={toggleTheme}
            aria-label="Toggle dark mode"
            data-testid="theme-toggle"
          >
            {theme === "dark" ? "☀" : "☾"}
          </button>
          <Link href="/packs" className={BUTTON} onClick={(e) => void navigate(e, "/packs")}>
            Packs
          </Link>
          <Link href="/embed" className={BUTTON} onClick={(e) => void navigate(e, "/embed")}>
            Embed
          </Link>
          <Link href="/changes" className={BUTTON} onClick={(e) => void navigate(e, "/changes")}>
            Plan
          </Link>
          <Link href="/tests" className={BUTTON} onClick={(e) => void navigate(e, "/tests")}>
            Tests
          </Link>
          <Link href="/list" className={BUTTON} onClick={(e) => void navigate(e, "/list")}>
            List
          </Link>
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        <main className="relative min-w-0 flex-1" data-testid="canvas">
          {error && <p className="p-6 text-red-600">Could not load the org: {error.message}</p>}
          {!data && !error && <p className="p-6 text-slate-500">Loading the org…</p>}
          {data && (
            <ReactFlowProvider>
              <OrgCanvas
                graph={overlay?.graph ?? graph}
                positions={canvasPositions}
                changes={overlay}
                visibleKinds={visible}
                selection={selection}
                highlights={highlights}
                focus={focus}
                colorMode={theme}
                onSelect={onSelect}
                isValidConnection={isValidConnection}
                onConnectRequest={onConnectRequest}
                onConnectRefused={onConnectRefused}
                onDeleteEdges={(e) => void deleteHandoffs(e)}
                onPositionsChange={onPositionsChange}
                onHoverEdge={setHoverEdge}
              />
            </ReactFlowProvider>
          )}
          {overlayOn && (
            <OverlayLegend
              summary={plan.data ? summaryLine(plan.data) : null}
              error={plan.error?.message ?? null}
              widens={plan.data?.summary.widens ?? 0}
              selected={selection?.type === "node" ? (overlay?.byNode[selection.id] ?? []) : []}
              selectedId={selection?.type === "node" ? selection.id : null}
            />
          )}
          {infoEdge && (
            <div
              data-testid="edge-info"
              className="pointer-events-auto absolute bottom-3 left-3 z-10 max-w-[70%] rounded-md border border-slate-200 bg-white/95 px-3 py-2 text-xs shadow dark:border-slate-700 dark:bg-slate-900/95"
            >
              <span className="font-semibold" style={{ color: EDGE_STYLE[infoEdge.kind].color }}>
                {EDGE_STYLE[infoEdge.kind].title}
              </span>{" "}
              {describeEdge(infoEdge)}
              {selectedEdge?.kind === "handoff" && selectedEdge.id === infoEdge.id && (
                <span className="ml-3">
                  <button
                    type="button"
                    data-testid="remove-handoff"
                    className="text-red-600 underline"
                    onClick={() => void deleteHandoffs([selectedEdge])}
                  >
                    Remove handoff
                  </button>
                  <span className="ml-1 text-slate-400">(or press Delete)</span>
                </span>
              )}
            </div>
          )}
          {routeOpen && (
            <RoutePreview
              onClose={() => setRouteOpen(false)}
              onSaved={(r) =>
                toast(
                  r.ok
                    ? { tone: "success", title: `Saved test “${r.name}”`, detail: r.path }
                    : { tone: "error", title: "Test not saved", detail: r.message },
                )
              }
              onPick={(id) => {
                const node = graph.nodes.find((n) => n.id === `specialist:${id}`);
                if (node) jumpTo(node);
              }}
            />
          )}
        </main>
        {panel && data && (
          <EntityPanel
            key={`${panel.kind}:${panel.id ?? "new"}`}
            target={panel}
            data={data}
            options={options}
            edits={edits}
            dark={theme === "dark"}
            toast={toast}
            ask={dialog.ask}
            onClose={() =>
              void changePanel(null).then((closed) => {
                if (closed) setOtherProblems([]);
              })
            }
            onOpen={(t) => setPanel(t)}
            onDirtyChange={onDirtyChange}
            onOtherProblems={setOtherProblems}
          />
        )}
      </div>
      {paletteOpen && <CommandPalette nodes={graph.nodes} onPick={jumpTo} onClose={() => setPaletteOpen(false)} />}
      {dialog.element}
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

const OVERLAY_KEY: { mark: string; label: string; className: string }[] = [
  { mark: "add", label: "added", className: "border-2 border-emerald-500" },
  { mark: "change", label: "changed", className: "border-2 border-amber-400" },
  { mark: "remove", label: "removed (ghost)", className: "border-2 border-dashed border-rose-400 opacity-60" },
  { mark: "widen", label: "widens access", className: "border-4 border-red-600" },
];

/** The overlay's legend, its summary, and the field diff of the node clicked. */
function OverlayLegend(props: {
  summary: string | null;
  error: string | null;
  widens: number;
  selected: PlanChange[];
  selectedId: string | null;
}) {
  return (
    <div
      data-testid="overlay-legend"
      className="pointer-events-auto absolute left-3 top-3 z-10 max-w-md rounded-md border border-slate-200 bg-white/95 p-2 text-xs shadow dark:border-slate-700 dark:bg-slate-900/95"
    >
      <div className="mb-1 font-semibold">Changes since HEAD</div>
      <div className="mb-1 flex flex-wrap gap-2">
        {OVERLAY_KEY.map((k) => (
          <span key={k.mark} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-4 rounded-sm ${k.className}`} />
            {k.label}
          </span>
        ))}
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-emerald-600" /> edge added
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0 w-4 border-t-2 border-dashed border-rose-600" /> edge removed
        </span>
      </div>
      {props.error && <div className="text-red-700">{props.error}</div>}
      {props.widens > 0 && (
        <div role="alert" data-testid="overlay-widens" className="font-semibold text-red-700 dark:text-red-400">
          ⚠ {props.widens} specialist(s) gain access
        </div>
      )}
      {props.summary && <div data-testid="overlay-summary">{props.summary}</div>}
      {props.selectedId && props.selected.length > 0 && (
        <pre
          data-testid="overlay-diff"
          className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-1 font-mono dark:bg-slate-800"
        >
          {props.selected.flatMap((c) => changeLines(c)).join("\n")}
        </pre>
      )}
    </div>
  );
}
