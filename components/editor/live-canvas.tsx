"use client";

import { useQuery } from "@tanstack/react-query";
import { ReactFlowProvider, useStore } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Highlight } from "@/components/graph/graph-types";
import { type CanvasChanges, OrgCanvas } from "@/components/graph/org-canvas";
import type { CanvasGestures } from "@/components/graph/use-flow-handlers";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { activityMarks, type NodeActivity } from "@/lib/activity-view/overlay";
import { shownEndOf } from "@/lib/graph/collapse";
import type { Position } from "@/lib/graph/geometry";
import { parsePointer } from "@/lib/json/pointer";
import { reachQuery } from "@/lib/queries/access";
import { activityOverlayQuery } from "@/lib/queries/activity";
import type { OrgData } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { Graph, GraphEdge } from "@/schemas/graph";
import { KIND_OF, type Section } from "@/schemas/kinds";
import { EdgeInfo } from "./canvas-overlays";
import { type CanvasSelection, useEditor, useEditorApi } from "./editor-store";
import { useToasts } from "./toasts";
import type { CanvasLayout } from "./use-canvas-layout";
import { useHandoffEdits } from "./use-handoff-edits";
import { targetOfNode, usePanelFlow } from "./use-panel-state";
import { useTeamMove } from "./use-team-move";

export type LiveCanvasProps = {
  /** The graph drawn: with the Changes overlay on, its ghosts of removed records too. */
  graph: Graph;
  positions: Readonly<Record<string, Position>>;
  changes: CanvasChanges | null;
  layout: CanvasLayout;
  /** Until the org loads the gestures do nothing. */
  data: OrgData | null;
  edits: OrgEdits;
  /** The canvas shows its fitted first view, or has nothing to fit: the picture can go. */
  onReady: () => void;
};

// Loaded after first paint, never with the page: nobody draws a handoff before the canvas is there.
export function LiveCanvas({ graph, positions, changes, layout, data, edits, onReady }: LiveCanvasProps) {
  const store = useEditorApi();
  const ask = useEditor((s) => s.ask);
  const { push: toast } = useToasts();
  const { changePanel } = usePanelFlow();
  // A ghost of a removed record (marked "remove") has no record to open or edit: the overlay shows what it was.
  const nodeById = useMemo(
    () => new Map(graph.nodes.filter((n) => changes?.nodes[n.id] !== "remove").map((n) => [n.id, n])),
    [graph, changes],
  );
  const handoffs = useHandoffEdits(data, edits, ask, toast);
  const moveToTeam = useTeamMove(data, nodeById, edits, ask, toast, layout.forgetPosition);
  const [hoverEdge, setHoverEdge] = useState<GraphEdge | null>(null);
  const deleteHandoffs = useCallback(
    async (doomed: GraphEdge[]) => {
      await handoffs.deleteHandoffs(doomed);
      store.getState().select(null);
    },
    [handoffs, store],
  );

  const select = useCallback(
    async (next: CanvasSelection) => {
      let target: PanelTarget | null = null;
      if (next?.type === "node") target = targetOfNode(nodeById.get(next.id));
      else if (next) {
        const edge = graph.edges.find((e) => e.id === next.id);
        if (!edge || changes?.edges[edge.id] === "remove") return;
        const [section, id] = parsePointer(edge.carrier);
        if (edge.kind !== "handoff") target = { kind: KIND_OF[section as Section], id };
      }
      // A click elsewhere never drops a draft unasked; "Keep editing" leaves the selection as it was.
      if (!(await changePanel(target))) return;
      store.getState().select(next);
      store.getState().setOtherProblems([]);
    },
    [graph.edges, nodeById, changes, changePanel, store],
  );

  const otherProblems = useEditor((s) => s.otherProblems);
  const reachShown = useEditor((s) => s.reachShown);
  // The same query as the Access view's: one fetch, and the highlight follows the org as it changes.
  const reach = useQuery(reachQuery(reachShown?.id ?? null)).data;
  const highlights = useMemo(() => {
    const h: Record<string, Highlight> = {};
    if (reachShown && reach?.id === reachShown.id) {
      // A folded team shows that it holds part of the reach.
      const end = shownEndOf(graph, layout.collapsed);
      for (const id of [...reach.nodes, ...reach.nodes.map(end), ...reach.edges]) h[id] = "reach";
    }
    for (const p of otherProblems) {
      const [section, id] = parsePointer(p.location);
      const kind = KIND_OF[section as Section];
      if (kind) h[`${kind}:${id}`] = "draft-problem";
    }
    return h;
  }, [otherProblems, reachShown, reach, graph, layout.collapsed]);

  const activity = useActivityMarks();

  const gestures: CanvasGestures = {
    onSelect: (next) => void select(next),
    onPositionsChange: layout.onPositionsChange,
    onToggleFold: layout.toggleFold,
    isValidConnection: handoffs.isValidConnection,
    onConnectRequest: handoffs.onConnectRequest,
    onConnectRefused: handoffs.onConnectRefused,
    onDeleteEdges: (e) => void deleteHandoffs(e),
    onHoverEdge: setHoverEdge,
    onMoveToTeam: moveToTeam,
  };
  const selection = useEditor((s) => s.selection);
  const selected = selection?.type === "edge" ? selection.id : null;
  const selectedEdge = selected ? (graph.edges.find((e) => e.id === selected) ?? null) : null;
  const infoEdge = hoverEdge ?? selectedEdge;
  return (
    <ReactFlowProvider>
      <OrgCanvas
        graph={graph}
        positions={positions}
        collapsed={layout.collapsed}
        changes={changes}
        highlights={highlights}
        activity={activity}
        gestures={gestures}
      />
      <ReadyWhenFitted onReady={onReady} empty={graph.nodes.length === 0} />
      {infoEdge && (
        <EdgeInfo
          edge={infoEdge}
          removable={selectedEdge?.kind === "handoff" && selectedEdge.id === infoEdge.id}
          onRemove={() => selectedEdge && void deleteHandoffs([selectedEdge])}
        />
      )}
    </ReactFlowProvider>
  );
}

/** The activity overlay's marks: one summary for the whole canvas, asked again each second while shown. */
function useActivityMarks(): Readonly<Record<string, NodeActivity>> | null {
  const on = useEditor((s) => s.activityOn);
  const summary = useQuery(activityOverlayQuery(on)).data;
  const held = useRef<Record<string, NodeActivity> | null>(null);
  return useMemo(() => {
    held.current = on && summary ? activityMarks(summary, "worker-profile", held.current) : null;
    return held.current;
  }, [on, summary]);
}

// React Flow fits a frame after mounting: the picture stays until the viewport moves, so the org never jumps.
function ReadyWhenFitted({ onReady, empty }: { onReady: () => void; empty: boolean }) {
  const fitted = useStore((s) => s.transform[0] !== 0 || s.transform[1] !== 0 || s.transform[2] !== 1);
  useEffect(() => {
    if (fitted || empty) onReady();
  }, [fitted, empty, onReady]);
  // A fit that lands exactly on the identity viewport moves nothing: the picture goes anyway.
  useEffect(() => {
    const timer = setTimeout(onReady, 1500);
    return () => clearTimeout(timer);
  }, [onReady]);
  return null;
}
