"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ReactFlowProvider } from "@xyflow/react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { FormOptions } from "@/components/forms/use-entity-form";
import { EDGE_STYLE } from "@/components/graph/graph-types";
import { type CanvasSelection, OrgCanvas } from "@/components/graph/org-canvas";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { ApiError, apiFetch } from "@/lib/api-client";
import { createHistoryStore } from "@/lib/editor/history";
import { canConnect, removeHandoff } from "@/lib/graph/connect";
import type { Position } from "@/lib/graph/geometry";
import { parsePointer } from "@/lib/org/field-error";
import { buildIndex } from "@/lib/org/org-index";
import { useAutoLayout } from "@/lib/queries/auto-layout";
import { graphOfOrg, orgKeys, rowKey, useLayout, useOrg } from "@/lib/queries/org";
import { useOrgEdits } from "@/lib/queries/use-org-edits";
import type { FieldError } from "@/schemas/field-error";
import type { GraphEdge, GraphEdgeKind, GraphNode } from "@/schemas/graph";
import { EDGE_KINDS, type EntityKind, KIND_OF, type Section, WELL_KNOWN_PARTIES } from "@/schemas/kinds";
import { CommandPalette } from "./command-palette";
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

/** The org editor: graph, legend, side panel, and every edit routed through validated saves. */
export function EditorShell({ root }: { root: string }) {
  const [theme, toggleTheme] = useTheme();
  const { data, error } = useOrg();
  const layout = useLayout();
  const [history] = useState(createHistoryStore);
  const edits = useOrgEdits(history);
  const { toasts, push: toast, dismiss } = useToasts();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  useOrgEvents();

  const [visible, setVisible] = useState<Set<GraphEdgeKind>>(() => new Set(EDGE_KINDS));
  const [selection, setSelection] = useState<CanvasSelection>(null);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
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

  const openNode = useCallback((nodeId: string) => {
    const [kind, id] = [nodeId.slice(0, nodeId.indexOf(":")), nodeId.slice(nodeId.indexOf(":") + 1)];
    if (kind === "specialist" || kind === "team" || kind === "group") setPanel({ kind, id });
    else setPanel(null);
  }, []);

  const onSelect = useCallback(
    (next: CanvasSelection) => {
      setSelection(next);
      setOtherProblems([]);
      if (!next) return setPanel(null);
      if (next.type === "node") return openNode(next.id);
      const edge = graph.edges.find((e) => e.id === next.id);
      if (!edge) return;
      const [section, id] = parsePointer(edge.carrier);
      if (edge.kind === "handoff") setPanel(null);
      else setPanel({ kind: KIND_OF[section as Section], id });
    },
    [graph.edges, openNode],
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

  const undoRedo = useCallback(
    async (direction: "undo" | "redo") => {
      try {
        const command = direction === "undo" ? await edits.undo() : await edits.redo();
        if (command) toast({ tone: "info", title: `${direction === "undo" ? "Undid" : "Redid"} ${command.label}` });
      } catch (e) {
        toast({
          tone: "error",
          title: `Could not ${direction}`,
          detail: e instanceof ApiError ? [e.message, ...e.errors.map((x) => x.message)].join("\n") : String(e),
        });
      }
    },
    [edits, toast],
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
      } else if (e.key === "Escape" && !isTyping(e.target)) {
        setPanel(null);
        setSelection(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoRedo]);

  const jumpTo = useCallback(
    (node: GraphNode) => {
      setPaletteOpen(false);
      setSelection({ type: "node", id: node.id });
      openNode(node.id);
      setFocus({ nodeId: node.id, nonce: Date.now() });
    },
    [openNode],
  );

  const createNew = (kind: EntityKind) => {
    setNewMenu(false);
    setSelection(null);
    setPanel({ kind, id: null });
  };

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
                    onClick={() => createNew(k)}
                    className="block w-full px-3 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    {k}
                  </button>
                ))}
              </div>
            )}
          </div>
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
          <Link href="/packs" className={BUTTON}>
            Packs
          </Link>
          <Link href="/embed" className={BUTTON}>
            Embed
          </Link>
          <Link href="/list" className={BUTTON}>
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
                graph={graph}
                positions={positions}
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
          {infoEdge && (
            <div
              data-testid="edge-info"
              className="pointer-events-auto absolute bottom-3 left-3 z-10 max-w-[70%] rounded-md border border-slate-200 bg-white/95 px-3 py-2 text-xs shadow dark:border-slate-700 dark:bg-slate-900/95"
            >
              <span className="font-semibold" style={{ color: EDGE_STYLE[infoEdge.kind].color }}>
                {EDGE_STYLE[infoEdge.kind].title}
              </span>{" "}
              {infoEdge.source.split(":")[1]} → {infoEdge.target.split(":")[1]}
              {infoEdge.label ? ` · ${infoEdge.label}` : ""}
              <span className="ml-2 font-mono text-slate-500">carried by {infoEdge.carrier}</span>
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
            onClose={() => {
              setPanel(null);
              setOtherProblems([]);
            }}
            onOpen={(t) => setPanel(t)}
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
