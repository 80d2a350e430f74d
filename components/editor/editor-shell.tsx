"use client";

import { useCallback, useMemo, useState } from "react";
import { Reach } from "@/components/palette/reach";
import { PANEL_FRAME } from "@/components/panel/panel-frame";
import { clientOnly } from "@/components/ui/client-only";
import { setDraftsProject } from "@/lib/editor/draft-store";
import { createHistoryStore } from "@/lib/editor/history";
import { useOrgEvents } from "@/lib/queries/events";
import { graphOfOrg } from "@/lib/queries/org";
import { useOrg } from "@/lib/queries/use-org";
import { useOrgEdits } from "@/lib/queries/use-org-edits";
import type { EditorConstruct } from "@/schemas/api";
import type { EntityKind } from "@/schemas/kinds";
import { FoldedPreview } from "./canvas-preview";
import { ChangesLegend, useChangesOverlay } from "./changes-overlay";
import { DeferredCanvas } from "./deferred-canvas";
import { Dialog } from "./dialog";
import { EditorStoreProvider, useEditor } from "./editor-store";
import { Toasts, useToasts } from "./toasts";
import { Toolbar } from "./toolbar";
import { useCanvasLayout } from "./use-canvas-layout";
import { useDeleteCurrent } from "./use-delete-record";
import { usePaletteCommands } from "./use-palette-commands";
import { type OpenHow, targetOfNode, usePanelFlow, usePanelGuards } from "./use-panel-state";
import { useShortcuts } from "./use-shortcuts";
import { useUndoRedo } from "./use-undo-redo";

// The forms and their schemas weigh a third of the page's code: loaded at the first selection.
const EntityPanel = clientOnly(
  () => import("@/components/panel/entity-panel").then((m) => m.EntityPanel),
  () => <PanelLoading />,
);

function PanelLoading() {
  return (
    <aside
      data-testid="entity-panel-loading"
      aria-busy="true"
      className={`${PANEL_FRAME} items-center justify-center text-sm text-muted`}
    >
      Loading…
    </aside>
  );
}

/** What the user is doing lives in one store per editor (editor-store); what the org says, in TanStack Query. */
export function EditorShell({ root, construct }: { root: string; construct: EditorConstruct }) {
  setDraftsProject(root);
  return (
    <EditorStoreProvider activityHere={!construct.absent.activity}>
      <Editor root={root} construct={construct} />
    </EditorStoreProvider>
  );
}

function Editor({ root, construct }: { root: string; construct: EditorConstruct }) {
  const { data, view, folded, error } = useOrg();
  const [history] = useState(createHistoryStore);
  const edits = useOrgEdits(history);
  const { push: toast } = useToasts();
  const ask = useEditor((s) => s.ask);
  const panel = useEditor((s) => s.panel);
  const focusOn = useEditor((s) => s.focusOn);
  const select = useEditor((s) => s.select);
  const { openPanel } = usePanelFlow();
  useOrgEvents();
  usePanelGuards();

  const graph = useMemo(() => (view ? graphOfOrg(view) : { nodes: [], edges: [] }), [view]);
  const layout = useCanvasLayout(graph, toast, edits.record);
  const changes = useChangesOverlay(graph, layout.positions);
  const counts = useMemo(() => {
    if (!view && folded) return folded.edgeCounts;
    const c: Record<string, number> = {};
    for (const e of graph.edges) c[e.kind] = (c[e.kind] ?? 0) + 1;
    return c;
  }, [graph, view, folded]);
  const nodeById = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);

  // Any record, from the palette, the problem list, Route… or `/?open=`: its panel takes the focus, and
  // its node is centred if drawn.
  const openRecord = useCallback(
    async (kind: EntityKind, id: string, how?: OpenHow) => {
      const node = nodeById.get(`${kind}:${id}`);
      const target = node ? targetOfNode(node) : { kind, id };
      if (!target || !(await openPanel(target, how))) return;
      if (node) focusOn(node.id);
      else select(null);
    },
    [nodeById, openPanel, focusOn, select],
  );

  const undoRedo = useUndoRedo(edits, ask, toast);
  const deleteCurrent = useDeleteCurrent(data ?? null, edits, nodeById);
  useShortcuts(undoRedo, deleteCurrent);
  const paletteCommands = usePaletteCommands(layout, construct.kinds, deleteCurrent);

  return (
    <div
      data-panel-open={panel ? "" : undefined}
      className="flex h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
    >
      <Toolbar
        project={{ root, construct }}
        counts={counts}
        reach={
          <Reach
            data={data ?? null}
            summary={view}
            commands={paletteCommands}
            onOpenRecord={openRecord}
            constructProblems={construct.problems}
          />
        }
        onPickRoute={(id) => {
          if (nodeById.has(`specialist:${id}`)) void openRecord("specialist", id);
        }}
        undo={{ enabled: edits.canUndo, label: edits.nextUndo, run: () => void undoRedo("undo") }}
        redo={{ enabled: edits.canRedo, label: edits.nextRedo, run: () => void undoRedo("redo") }}
        onImported={() => {
          edits.record({ type: "import", label: "the import", etag: null });
          void edits.refresh();
        }}
        onResetLayout={() => void layout.resetLayout()}
      />

      <div className="relative flex min-h-0 flex-1">
        <main id="main" tabIndex={-1} aria-label="Canvas" className="relative min-w-0 flex-1" data-testid="canvas">
          {error && !view && (
            <p className="p-6 text-red-600 dark:text-red-400">Could not load the org: {error.message}</p>
          )}
          {!view && !error && !folded && <p className="p-6 text-muted">Loading the org…</p>}
          {!view && folded && <FoldedPreview view={folded} />}
          {view && (
            <DeferredCanvas
              graph={changes.graph}
              positions={changes.positions}
              changes={changes.overlay}
              layout={layout}
              data={data}
              edits={edits}
            />
          )}
          {changes.on && <ChangesLegend plan={changes.plan} error={changes.error} overlay={changes.overlay} />}
        </main>
        {/* The side panel: full records only, so it waits for the lists after first paint. */}
        {panel && !data && <PanelLoading />}
        {panel && data && (
          <EntityPanel key={`${panel.kind}:${panel.id ?? "new"}`} target={panel} data={data} edits={edits} />
        )}
      </div>
      <DialogHost />
      <Toasts />
    </div>
  );
}

function DialogHost() {
  const request = useEditor((s) => s.dialog);
  const answer = useEditor((s) => s.answer);
  return request ? <Dialog request={request} onClose={answer} /> : null;
}
