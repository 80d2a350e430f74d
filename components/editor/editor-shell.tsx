"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CanvasSelection } from "@/components/graph/org-canvas";
import type { PaletteCommands } from "@/components/palette/actions";
import { Reach } from "@/components/palette/reach";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { clientOnly, useLoaded } from "@/components/ui/client-only";
import { createHistoryStore } from "@/lib/editor/history";
import { parsePointer } from "@/lib/org/field-error";
import { useOrgEvents } from "@/lib/queries/events";
import { graphOfOrg, useOrg } from "@/lib/queries/org";
import { planQuery } from "@/lib/queries/plan";
import { useOrgEdits } from "@/lib/queries/use-org-edits";
import type { FieldError } from "@/schemas/field-error";
import type { GraphEdgeKind, GraphNode } from "@/schemas/graph";
import { EDGE_KINDS, type EntityKind, KIND_OF, type Section } from "@/schemas/kinds";
import { DeferredCanvas } from "./deferred-canvas";
import { useDialog } from "./dialog";
import { Toasts, useToasts } from "./toasts";
import { Toolbar } from "./toolbar";
import { useCanvasLayout } from "./use-canvas-layout";
import { usePanelState } from "./use-panel-state";
import { useShortcuts } from "./use-shortcuts";
import { useTheme } from "./use-theme";
import { useUndoRedo } from "./use-undo-redo";

// The forms and their schemas weigh a third of the page's code: loaded at the first selection.
const EntityPanel = clientOnly(
  () => import("@/components/panel/entity-panel").then((m) => m.EntityPanel),
  () => <PanelLoading />,
);

// The Changes overlay's legend and the plan's drawing on the canvas: their code loads when it is on.
const OverlayLegend = clientOnly(() => import("./canvas-overlays").then((m) => m.OverlayLegend));
const loadPlanOverlay = () => import("@/lib/plan/overlay");

function PanelLoading() {
  return (
    <aside
      data-testid="entity-panel-loading"
      aria-busy="true"
      className="flex h-full w-[30rem] max-w-[45vw] items-center justify-center border-l border-slate-200 bg-white text-sm text-muted dark:border-slate-800 dark:bg-slate-950"
    >
      Loading…
    </aside>
  );
}

/** The panel a node opens: specialists, teams and groups have one, the parties do not. */
function targetOfNode(node: GraphNode | undefined): PanelTarget | null {
  if (!node) return null;
  return node.kind === "party" ? null : { kind: node.kind, id: node.entityId };
}

export function EditorShell({ root }: { root: string }) {
  const [theme, toggleTheme] = useTheme();
  const { data, view, error } = useOrg();
  const [history] = useState(createHistoryStore);
  const edits = useOrgEdits(history);
  const { push: toast } = useToasts();
  const dialog = useDialog();
  const dialogOpen = useRef(false);
  dialogOpen.current = dialog.open;
  useOrgEvents();

  const [visible, setVisible] = useState<Set<GraphEdgeKind>>(() => new Set(EDGE_KINDS));
  const [selection, setSelection] = useState<CanvasSelection>(null);
  const { panel, setPanel, changePanel, go, onDirtyChange } = usePanelState(dialog.ask);
  const [otherProblems, setOtherProblems] = useState<FieldError[]>([]);
  const [routeOpen, setRouteOpen] = useState(false);
  // Bumped by "Fold all teams" and "Unfold all": the canvas fits the org again.
  const [refit, setRefit] = useState(0);
  const [focus, setFocus] = useState<{ nodeId: string; nonce: number; keepZoom?: boolean } | null>(null);

  const graph = useMemo(() => (view ? graphOfOrg(view) : { nodes: [], edges: [] }), [view]);
  const layout = useCanvasLayout(graph, toast);
  const { positions, onPositionsChange, resetLayout, collapsed, reveal } = layout;
  const counts = useMemo(() => {
    const c: Record<string, number> = {};
    for (const e of graph.edges) c[e.kind] = (c[e.kind] ?? 0) + 1;
    return c;
  }, [graph]);
  // The Changes overlay: the plan against HEAD drawn on the canvas, refreshed with the org.
  const [overlayOn, setOverlayOn] = useState(false);
  const plan = useQuery({ ...planQuery("HEAD"), enabled: overlayOn });
  const overlayCode = useLoaded(loadPlanOverlay, overlayOn);
  const overlay = useMemo(
    () => (overlayOn && plan.data && overlayCode ? overlayCode.planOverlay(plan.data, graph, positions) : null),
    [overlayOn, plan.data, overlayCode, graph, positions],
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
  const nodeById = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);

  const openNode = useCallback(
    (nodeId: string) => changePanel(targetOfNode(nodeById.get(nodeId))),
    [changePanel, nodeById],
  );

  const onSelect = useCallback(
    async (next: CanvasSelection) => {
      let target: PanelTarget | null = null;
      // A ghost of a removed entity has no record to open: the overlay shows what it was.
      if (next?.type === "node")
        target = overlay?.nodes[next.id] === "remove" ? null : targetOfNode(nodeById.get(next.id));
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
    [graph.edges, nodeById, changePanel, overlay],
  );

  // A node to reveal may sit in a folded team: its folds open once per request, so folding it again sticks.
  const revealedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!focus || revealedFor.current === focus.nonce || !nodeById.has(focus.nodeId)) return;
    revealedFor.current = focus.nonce;
    reveal(focus.nodeId);
  }, [focus, nodeById, reveal]);
  const canvasEditing = useMemo(
    () => ({
      data,
      nodeById,
      edits,
      ask: dialog.ask,
      toast,
      forgetPosition: layout.forgetPosition,
      onHandoffsDeleted: () => setSelection(null),
    }),
    [data, nodeById, edits, dialog.ask, toast, layout.forgetPosition],
  );
  const undoRedo = useUndoRedo(edits, dialog.ask, toast);
  const closePanel = useCallback(
    () => void changePanel(null).then((closed) => closed && setSelection(null)),
    [changePanel],
  );
  useShortcuts({ undoRedo, closePanel, dialogOpen });

  const jumpTo = useCallback(
    async (node: GraphNode) => {
      if (!(await openNode(node.id))) return;
      setSelection({ type: "node", id: node.id });
      setFocus({ nodeId: node.id, nonce: Date.now() });
    },
    [openNode],
  );

  const createNew = async (kind: EntityKind) => {
    if (!(await changePanel({ kind, id: null }))) return;
    setSelection(null);
  };

  // Any record, from the palette, the problem list or `/?open=`: its panel, and its node centred if drawn.
  const openRecord = useCallback(
    async (kind: EntityKind, id: string) => {
      const node = nodeById.get(`${kind}:${id}`);
      if (node) return jumpTo(node);
      if (await changePanel({ kind, id })) setSelection(null);
    },
    [nodeById, jumpTo, changePanel],
  );
  const toggleKind = useCallback(
    (kind: GraphEdgeKind) =>
      setVisible((v) => {
        const next = new Set(v);
        if (next.has(kind)) next.delete(kind);
        else next.add(kind);
        return next;
      }),
    [],
  );
  const paletteCommands: PaletteCommands = {
    newRecord: (kind) => void createNew(kind),
    route: () => setRouteOpen(true),
    // The header's own export link and file input do the work, so there is one way to each.
    exportOrg: () => document.querySelector<HTMLElement>('[data-testid="export-link"]')?.click(),
    importOrg: () => document.querySelector<HTMLElement>('[data-testid="import-file"]')?.click(),
    visibleKinds: visible,
    toggleKind,
    theme,
    toggleTheme,
    navigate: (href) => void go(href),
    foldAllTeams: () => {
      layout.foldAllTeams();
      setRefit((n) => n + 1);
    },
    unfoldAll: () => {
      layout.unfoldAll();
      setRefit((n) => n + 1);
    },
  };

  return (
    <div className="flex h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Toolbar
        root={root}
        visible={visible}
        counts={counts}
        onToggleKind={toggleKind}
        reach={<Reach data={data ?? null} commands={paletteCommands} onOpenRecord={openRecord} />}
        onNew={(kind) => void createNew(kind)}
        overlayOn={overlayOn}
        onToggleOverlay={() => setOverlayOn((o) => !o)}
        route={{
          open: routeOpen,
          onOpenChange: setRouteOpen,
          preview: {
            onClose: () => setRouteOpen(false),
            onSaved: (r) =>
              toast(
                r.ok
                  ? { tone: "success", title: `Saved test “${r.name}”`, detail: r.path }
                  : { tone: "error", title: "Test not saved", detail: r.message },
              ),
            onPick: (id) => {
              const node = nodeById.get(`specialist:${id}`);
              if (node) void jumpTo(node);
            },
          },
        }}
        onImported={(m) => {
          toast({ tone: "success", title: m });
          void edits.refresh();
        }}
        onError={(title, detail) => toast({ tone: "error", title, detail })}
        undo={{ enabled: edits.canUndo, label: edits.nextUndo, run: () => void undoRedo("undo") }}
        redo={{ enabled: edits.canRedo, label: edits.nextRedo, run: () => void undoRedo("redo") }}
        onResetLayout={() => void resetLayout()}
        theme={theme}
        onToggleTheme={toggleTheme}
        onNavigate={(href) => void go(href)}
      />

      <div className="flex min-h-0 flex-1">
        <main className="relative min-w-0 flex-1" data-testid="canvas">
          {error && !view && <p className="p-6 text-red-600">Could not load the org: {error.message}</p>}
          {!view && !error && <p className="p-6 text-muted">Loading the org…</p>}
          {view && (
            <DeferredCanvas
              graph={overlay?.graph ?? graph}
              positions={canvasPositions}
              changes={overlay}
              visibleKinds={visible}
              selection={selection}
              highlights={highlights}
              focus={focus}
              colorMode={theme}
              onSelect={onSelect}
              onPositionsChange={onPositionsChange}
              collapsed={collapsed}
              onToggleFold={layout.toggleFold}
              refit={refit}
              editing={canvasEditing}
            />
          )}
          {overlayOn && (
            <OverlayLegend
              plan={plan.data ?? null}
              error={plan.error?.message ?? null}
              selected={selection?.type === "node" ? (overlay?.byNode[selection.id] ?? []) : []}
              selectedId={selection?.type === "node" ? selection.id : null}
            />
          )}
        </main>
        {/* The side panel: full records only, so it waits for the lists after first paint. */}
        {panel && !data && <PanelLoading />}
        {panel && data && (
          <EntityPanel
            key={`${panel.kind}:${panel.id ?? "new"}`}
            target={panel}
            data={data}
            edits={edits}
            dark={theme === "dark"}
            toast={toast}
            ask={dialog.ask}
            onClose={() =>
              void changePanel(null).then((closed) => {
                if (closed) setOtherProblems([]);
              })
            }
            onOpen={(t) => {
              setPanel(t);
              // A record just created is selected and panned into view at the current zoom.
              if (!t.id) return;
              const nodeId = `${t.kind}:${t.id}`;
              setSelection({ type: "node", id: nodeId });
              setFocus({ nodeId, nonce: Date.now(), keepZoom: true });
            }}
            onDirtyChange={onDirtyChange}
            onOtherProblems={setOtherProblems}
          />
        )}
      </div>
      {dialog.element}
      <Toasts />
    </div>
  );
}
