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

export type CanvasEditing = {
  /** Until the org loads the gestures do nothing. */
  data: OrgData | null;
  nodeById: ReadonlyMap<string, GraphNode>;
  edits: OrgEdits;
  ask: Ask;
  toast: Toast;
  /** A specialist changed team: its dragged position is meaningless in the new one. */
  forgetPosition: (nodeId: string) => void;
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
  /** The canvas shows its fitted first view, or has nothing to fit: the picture can go. */
  onReady: () => void;
};

// Loaded after first paint, never with the page: nobody draws a handoff before the canvas is there.
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
