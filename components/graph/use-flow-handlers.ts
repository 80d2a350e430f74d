import {
  applyNodeChanges,
  type Connection,
  type Edge,
  type FinalConnectionState,
  type NodeChange,
} from "@xyflow/react";
import { type Dispatch, type SetStateAction, useCallback, useMemo, useRef, useState } from "react";
import type { CanvasSelection } from "@/components/editor/editor-store";
import type { Position, Rect } from "@/lib/graph/geometry";
import type { Graph, GraphEdge } from "@/schemas/graph";
import { droppedAt, teamUnder } from "./drop";
import type { OrgEdge, OrgNode } from "./graph-types";

/** What the canvas's gestures ask of the editor: every edit goes out through one of these. */
export type CanvasGestures = {
  onSelect: (selection: CanvasSelection) => void;
  onPositionsChange: (positions: Record<string, Position>) => void;
  onToggleFold?: (nodeId: string) => void;
  isValidConnection: (source: string, target: string) => boolean;
  onConnectRequest: (source: string, target: string) => void;
  /** A drag that ended on a node it may not connect to: the editor says why. */
  onConnectRefused: (source: string, target: string) => void;
  onDeleteEdges: (edges: GraphEdge[]) => void;
  onHoverEdge: (edge: GraphEdge | null) => void;
  /** A specialist dropped in another team's box: the editor proposes the move; the node snaps back when it settles. */
  onMoveToTeam?: (specialistNode: string, teamNode: string) => Promise<void> | void;
};

type Layout = {
  graph: Graph;
  boxes: Readonly<Record<string, Rect>>;
  positions: Readonly<Record<string, Position>>;
  setNodes: Dispatch<SetStateAction<OrgNode[]>>;
};

/**
 * React Flow's handlers and the pointer state they keep. All but `onNodesChange` keep their identity across
 * renders: React Flow answers a new prop with a store update and a re-render of every mounted node and edge, on
 * each frame of a drag.
 */
export function useFlowHandlers(gestures: CanvasGestures, { graph, boxes, positions, setNodes }: Layout) {
  const latest = useRef(gestures);
  latest.current = gestures;
  const [hoveredEdge, setHoveredEdge] = useState<string | null>(null);
  const [hoveredNode, setHoveredNode] = useState<string | null>(null);
  // The node being dragged, if any: only its own relationships are kept on the canvas meanwhile.
  const [dragging, setDragging] = useState<string | null>(null);
  // Bumped to put nodes back where the props say (a drop into another team that did not move it).
  const [snapBack, setSnapBack] = useState(0);
  // A sum of the overview clicked open: the relationships it stands for, drawn one by one until a click elsewhere.
  const [opened, setOpened] = useState<{ id: string; edges: readonly string[] } | null>(null);

  const onNodesChange = useCallback(
    (changes: NodeChange<OrgNode>[]) => {
      setNodes((current) =>
        applyNodeChanges(
          changes.filter((c) => c.type === "position" || c.type === "dimensions"),
          current,
        ),
      );
      const moved: Record<string, Position> = {};
      for (const change of changes) {
        if (change.type !== "position" || change.dragging !== false || !change.position) continue;
        const team = latest.current.onMoveToTeam ? teamUnder(graph, boxes, change.id, change.position) : null;
        // Into another team: a proposed edit, not a canvas move; the node waits while the editor asks.
        if (team)
          void Promise.resolve(latest.current.onMoveToTeam?.(change.id, team)).finally(() => setSnapBack((n) => n + 1));
        else Object.assign(moved, droppedAt(graph, boxes, positions, change.id, change.position));
      }
      if (Object.keys(moved).length) latest.current.onPositionsChange(moved);
    },
    [graph, boxes, positions, setNodes],
  );

  const handlers = useMemo(
    () => ({
      onConnect: (c: Connection) => latest.current.onConnectRequest(c.source, c.target),
      isValidConnection: (c: Connection | Edge) => latest.current.isValidConnection(c.source, c.target),
      onNodeDragStart: (_: unknown, node: OrgNode) => setDragging(node.id),
      onNodeDragStop: () => setDragging(null),
      onConnectEnd: (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
        // A box (team, group) has no handle to land on: the node under the pointer is the target.
        const under =
          event.target instanceof Element
            ? event.target.closest(".react-flow__node")?.getAttribute("data-id")
            : undefined;
        const to = state.toNode?.id ?? under;
        if (state.fromNode && to && !state.isValid && state.fromNode.id !== to)
          latest.current.onConnectRefused(state.fromNode.id, to);
      },
      onNodeClick: (_: unknown, node: OrgNode) => {
        setOpened(null);
        latest.current.onSelect({ type: "node", id: node.id });
      },
      onEdgeClick: (_: unknown, edge: OrgEdge) => {
        if (edge.data?.edge) latest.current.onSelect({ type: "edge", id: edge.id });
        else if (edge.data?.edges?.length) setOpened({ id: edge.id, edges: edge.data.edges });
      },
      onPaneClick: () => {
        setOpened(null);
        latest.current.onSelect(null);
      },
      onNodeMouseEnter: (_: unknown, node: OrgNode) => setHoveredNode(node.id),
      onNodeMouseLeave: () => setHoveredNode(null),
      onEdgeMouseEnter: (_: unknown, edge: OrgEdge) => {
        setHoveredEdge(edge.id);
        latest.current.onHoverEdge(edge.data?.edge ?? null);
      },
      onEdgeMouseLeave: () => {
        setHoveredEdge(null);
        latest.current.onHoverEdge(null);
      },
      onBeforeDelete: async ({ edges: doomed }: { nodes: OrgNode[]; edges: OrgEdge[] }) => {
        const handoffs = doomed.map((e) => e.data?.edge).filter((d): d is GraphEdge => d?.kind === "handoff");
        if (handoffs.length) latest.current.onDeleteEdges(handoffs);
        // The edge disappears when the saved file says so, not before.
        return false;
      },
    }),
    [],
  );

  // A hovered node or edge whose element goes away gets no mouseleave: its hover ends with it.
  const edgeNow = useRef(hoveredEdge);
  edgeNow.current = hoveredEdge;
  const onGone = useCallback((id: string) => {
    setHoveredNode((now) => (now === id ? null : now));
    if (edgeNow.current !== id) return;
    edgeNow.current = null;
    setHoveredEdge(null);
    latest.current.onHoverEdge(null);
  }, []);

  /** Selects through the latest gestures: for the keyboard, which is not one of React Flow's handlers. */
  const select = useCallback((selection: CanvasSelection) => latest.current.onSelect(selection), []);

  return { handlers, onNodesChange, select, onGone, hoveredEdge, hoveredNode, dragging, snapBack, opened };
}
