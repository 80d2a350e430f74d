"use client";

import { ReactFlowProvider, useStore } from "@xyflow/react";
import { type ComponentProps, useCallback, useEffect, useState } from "react";
import { OrgCanvas } from "@/components/graph/org-canvas";
import type { OrgData } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { GraphEdge, GraphNode } from "@/schemas/graph";
import { EdgeInfo } from "./canvas-overlays";
import type { Ask, Toast } from "./shell-types";
import { useHandoffEdits } from "./use-handoff-edits";
import { useTeamMove } from "./use-team-move";

/** What the canvas's own gestures (draw or delete a handoff, drop into a team) edit, and how they ask. */
export type CanvasEditing = {
  /** The whole org, once loaded: until then the gestures do nothing. */
  data: OrgData | null;
  nodeById: ReadonlyMap<string, GraphNode>;
  edits: OrgEdits;
  ask: Ask;
  toast: Toast;
  /** A specialist changed team: its dragged position no longer means anything. */
  forgetPosition: (nodeId: string) => void;
  /** Handoffs were removed: the selection (one of them) is gone. */
  onHandoffsDeleted: () => void;
};

type Gestures =
  | "isValidConnection"
  | "onConnectRequest"
  | "onConnectRefused"
  | "onDeleteEdges"
  | "onMoveToTeam"
  | "onHoverEdge";

export type LiveCanvasProps = Omit<ComponentProps<typeof OrgCanvas>, Gestures> & {
  editing: CanvasEditing;
  /** The canvas shows its first view (fitted), or has nothing to fit: the picture can go. */
  onReady: () => void;
};

/**
 * The canvas with React Flow and its edit gestures, loaded after first paint (see
 * deferred-canvas), never with the page: nobody draws a handoff before the canvas is there.
 */
export function LiveCanvas({ onReady, editing, ...props }: LiveCanvasProps) {
  const { data, nodeById, edits, ask, toast, forgetPosition, onHandoffsDeleted } = editing;
  const handoffs = useHandoffEdits(data, edits, ask, toast);
  const moveToTeam = useTeamMove(data, nodeById, edits, ask, toast, forgetPosition);
  const [hoverEdge, setHoverEdge] = useState<GraphEdge | null>(null);
  const deleteHandoffs = useCallback(
    async (doomed: GraphEdge[]) => {
      await handoffs.deleteHandoffs(doomed);
      onHandoffsDeleted();
    },
    [handoffs, onHandoffsDeleted],
  );
  const selected = props.selection?.type === "edge" ? props.selection.id : null;
  const selectedEdge = selected ? (props.graph.edges.find((e) => e.id === selected) ?? null) : null;
  const infoEdge = hoverEdge ?? selectedEdge;
  return (
    <ReactFlowProvider>
      <OrgCanvas
        {...props}
        isValidConnection={handoffs.isValidConnection}
        onConnectRequest={handoffs.onConnectRequest}
        onConnectRefused={handoffs.onConnectRefused}
        onDeleteEdges={(e) => void deleteHandoffs(e)}
        onHoverEdge={setHoverEdge}
        onMoveToTeam={moveToTeam}
      />
      <ReadyWhenFitted onReady={onReady} empty={props.graph.nodes.length === 0} />
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

/**
 * React Flow mounts at the identity viewport and the canvas fits its view a frame later: until the
 * viewport has moved the picture stays over it, so the org is never seen to jump.
 */
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
