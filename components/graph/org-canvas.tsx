"use client";

import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type FinalConnectionState,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
  useStore,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { boxesOverlap } from "@/lib/graph/arcs";
import { shownEndOf } from "@/lib/graph/collapse";
import { FIRST_FIT } from "@/lib/graph/fit-view";
import { nodeBoxes, type Position } from "@/lib/graph/geometry";
import { neighbourhood } from "@/lib/graph/overview";
import { windowKey, windowOfKey } from "@/lib/graph/viewport";
import type { Graph, GraphEdge, GraphEdgeKind } from "@/schemas/graph";
import { droppedAt, teamUnder } from "./drop";
import { edgeTypes } from "./edge-types";
import { flowEdges } from "./flow-edges";
import { flowNodes } from "./flow-nodes";
import { FocusBar, type FocusMode } from "./focus-bar";
import type { EdgeChangeMark, NodeChangeMark, OrgEdge, OrgNode } from "./graph-types";
import { minimapColor, minimapStroke } from "./minimap";
import { nodeTypes } from "./node-types";
import { FoldContext } from "./nodes/fold-button";
import { PartiesLane } from "./parties-lane";
import { useFocusFit } from "./use-focus-fit";
import { useRovingFocus } from "./use-roving-focus";

export type CanvasSelection = { type: "node"; id: string } | { type: "edge"; id: string } | null;

type Props = {
  graph: Graph;
  positions: Record<string, Position>;
  visibleKinds: ReadonlySet<GraphEdgeKind>;
  selection: CanvasSelection;
  highlights: Readonly<Record<string, "draft-problem" | "search">>;
  /** The Changes overlay: node and edge ids the plan marks. */
  changes?: { nodes: Readonly<Record<string, NodeChangeMark>>; edges: Readonly<Record<string, EdgeChangeMark>> } | null;
  /** Bring this node into view: centred and zoomed in, or (`keepZoom`, a node just created) only panned to. */
  focus: { nodeId: string; nonce: number; keepZoom?: boolean } | null;
  /** Focus mode: only this node's neighbourhood, `depth` relationships away, is drawn in full. */
  focusMode?: { nodeId: string; depth: 1 | 2 } | null;
  collapsed?: ReadonlySet<string>;
  /** Fit the whole org again each time this number changes. */
  refit?: number;
  colorMode: "light" | "dark";
  onSelect: (selection: CanvasSelection) => void;
  isValidConnection: (source: string, target: string) => boolean;
  onConnectRequest: (source: string, target: string) => void;
  /** A drag that ended on a node it may not connect to: the shell says why. */
  onConnectRefused: (source: string, target: string) => void;
  onDeleteEdges: (edges: GraphEdge[]) => void;
  onPositionsChange: (positions: Record<string, Position>) => void;
  onHoverEdge: (edge: GraphEdge | null) => void;
  /** A specialist dropped in another team's box: the shell proposes the move; the node snaps back when it settles. */
  onMoveToTeam?: (specialistNode: string, teamNode: string) => Promise<void> | void;
  onToggleFold?: (nodeId: string) => void;
};

// Above this many nodes only what is in view renders: every mounted edge recomputes its ends on each drag tick.
const RENDER_VISIBLE_ONLY_ABOVE = 300;
const NO_SET: ReadonlySet<string> = new Set();
const noWindow = () => "";
// Module-level: an array or object literal in the JSX is a new prop on every render.
const DELETE_KEYS = ["Delete", "Backspace"];
const PRO_OPTIONS = { hideAttribution: false };

export function OrgCanvas(props: Props) {
  const { graph, positions, visibleKinds, selection, highlights, focus, colorMode, changes } = props;
  const collapsed = props.collapsed ?? NO_SET;
  // Focus mode is the shell's when it passes one, else the canvas's own focus bar sets it.
  const [ownFocusMode, setOwnFocusMode] = useState<FocusMode | null>(null);
  const focusMode = props.focusMode ?? ownFocusMode;
  const { fitView, setCenter, getViewport } = useReactFlow();
  const paneWidth = useStore((s) => s.width);
  const paneHeight = useStore((s) => s.height);
  const [nodes, setNodes] = useState<OrgNode[]>([]);
  const [hovered, setHovered] = useState<string | null>(null);
  const [hoveredNode, setHoveredNode] = useState<string | null>(null);
  // The node being dragged, if any: only its own relationships are kept on the canvas meanwhile.
  const [dragging, setDragging] = useState<string | null>(null);
  const [tabStop, setTabStop] = useState<string | null>(null);
  // Bumped to put nodes back where the props say (a drop into another team that did not move it).
  const [snapBack, setSnapBack] = useState(0);
  const selectedNodeId = selection?.type === "node" ? selection.id : null;
  // On a fold chevron the box's hover relationships stay hidden, so none is drawn over the chevron.
  const [overFold, setOverFold] = useState(false);
  const focusNode = (overFold ? null : hoveredNode) ?? selectedNodeId;
  const onToggleFold = props.onToggleFold;
  const fold = useMemo(() => (onToggleFold ? { toggle: onToggleFold, onPointer: setOverFold } : null), [onToggleFold]);

  const boxes = useMemo(() => nodeBoxes(graph.nodes, positions, collapsed), [graph.nodes, positions, collapsed]);
  const around = useMemo(() => {
    if (focusMode) return neighbourhood(graph, focusMode.nodeId, focusMode.depth, visibleKinds);
    return focusNode ? neighbourhood(graph, focusNode, 1, visibleKinds) : null;
  }, [graph, focusMode, focusNode, visibleKinds]);
  // In focus mode the rest of the org steps back; a container of a neighbour stays lit.
  const lit = useMemo(() => {
    if (!focusMode || !around) return null;
    const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
    const out = new Set<string>();
    for (const id of around.nodes) for (let at: string | undefined = id; at; at = parent.get(at)) out.add(at);
    return out;
  }, [focusMode, around, graph.nodes]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `snapBack` re-runs this to put a node dropped elsewhere back where its box is.
  useEffect(() => {
    setNodes((current) =>
      flowNodes(
        graph,
        boxes,
        {
          selected: selectedNodeId,
          highlights,
          changes: changes?.nodes ?? null,
          focus: lit,
          collapsed,
          tabStop:
            tabStop && boxes[tabStop] ? tabStop : (graph.nodes.find((n) => !n.parent && boxes[n.id])?.id ?? null),
        },
        new Map(current.map((n) => [n.id, n])),
      ),
    );
  }, [graph, boxes, highlights, selectedNodeId, changes, lit, collapsed, tabStop, snapBack]);

  const onKeyDown = useRovingFocus(graph, boxes, props.onSelect, setTabStop);

  const edges = useMemo(
    () =>
      flowEdges(graph, {
        visibleKinds,
        boxes,
        shown: around?.edges ?? null,
        focusMode: !!focusMode,
        selected: selection?.type === "edge" ? selection.id : null,
        hovered,
        changes: changes?.edges ?? null,
      }),
    [graph, visibleKinds, boxes, around, focusMode, selection, hovered, changes],
  );

  // Read by the view effects below, which run on a new focus or selection, not on every drag.
  const boxesNow = useRef(boxes);
  boxesNow.current = boxes;
  const center = useCallback(
    (id: string, zoom: number, duration: number) => {
      const box = boxesNow.current[id];
      if (box)
        void setCenter(box.x + Math.min(box.width, 400) / 2, box.y + Math.min(box.height, 200) / 2, {
          zoom,
          duration,
        });
    },
    [setCenter],
  );
  // A node just created has no box until the org is read again: centre on it when it has one.
  const centred = useRef<number | null>(null);
  useEffect(() => {
    if (!focus || centred.current === focus.nonce || !boxes[focus.nodeId]) return;
    centred.current = focus.nonce;
    if (!focus.keepZoom) return center(focus.nodeId, 1.2, 400);
    const box = boxes[focus.nodeId];
    const { x, y, zoom } = getViewport();
    const [left, top] = [box.x * zoom + x, box.y * zoom + y];
    if (left < 0 || top < 0 || left + box.width * zoom > paneWidth || top + box.height * zoom > paneHeight)
      center(focus.nodeId, zoom, 400);
  }, [focus, boxes, center, getViewport, paneWidth, paneHeight]);

  // The side panel narrows the canvas: keep the selected node in sight when that hides it.
  useEffect(() => {
    const box = selectedNodeId ? boxesNow.current[selectedNodeId] : undefined;
    if (!selectedNodeId || !box) return;
    const { x, y, zoom } = getViewport();
    const left = box.x * zoom + x;
    const top = box.y * zoom + y;
    if (left < 0 || top < 0 || left + box.width * zoom > paneWidth || top + box.height * zoom > paneHeight)
      center(selectedNodeId, zoom, 300);
  }, [selectedNodeId, paneWidth, paneHeight, getViewport, center]);

  // The boxes focus mode frames: a neighbour hidden by a fold is framed as the folded box showing it.
  const framed = useMemo(() => {
    if (!focusMode || !around) return null;
    const end = shownEndOf(graph, collapsed);
    return new Set([...around.nodes].map(end));
  }, [focusMode, around, graph, collapsed]);
  useFocusFit(focusMode, framed, boxesNow);

  const didFit = useRef(false);
  useEffect(() => {
    if (!didFit.current && nodes.length) {
      didFit.current = true;
      // The first view (lib/graph/fit-view): the picture painted before this canvas loaded used it too.
      requestAnimationFrame(() => void fitView(FIRST_FIT));
    }
  }, [nodes.length, fitView]);
  // Folding or unfolding everything changes the drawing's size: fit again, animated.
  const refitDone = useRef(props.refit);
  useEffect(() => {
    if (props.refit === refitDone.current || !nodes.length) return;
    refitDone.current = props.refit;
    requestAnimationFrame(() => void fitView({ ...FIRST_FIT, duration: 250 }));
  }, [props.refit, nodes, fitView]);

  // Handlers keep their identity across renders: React Flow answers a new prop with a store update
  // and a re-render of every mounted node and edge, on each frame of a drag.
  const latest = useRef(props);
  latest.current = props;
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
        // Into another team: a proposed edit, not a canvas move; the node waits while the shell asks.
        if (team)
          void Promise.resolve(latest.current.onMoveToTeam?.(change.id, team)).finally(() => setSnapBack((n) => n + 1));
        else Object.assign(moved, droppedAt(graph, boxes, positions, change.id, change.position));
      }
      if (Object.keys(moved).length) latest.current.onPositionsChange(moved);
    },
    [graph, boxes, positions],
  );

  const culling = graph.nodes.length > RENDER_VISIBLE_ONLY_ABOVE;
  // React Flow walks every edge on each store change: past the threshold it gets only those near the view.
  const windowed = useStore(culling ? windowKey : noWindow);
  const shownEdges = useMemo(() => {
    const window = windowOfKey(windowed);
    return edges.filter((e) => {
      // A stepped-back edge is not repainted on every frame of a drag, nor kept near a big org's view.
      if (dragging && e.source !== dragging && e.target !== dragging) return false;
      if (e.data?.dimmed && culling) return false;
      if (!window) return true;
      const [a, b] = [boxes[e.source], boxes[e.target]];
      if (!a || !b) return false;
      const box = {
        x1: Math.min(a.x, b.x),
        y1: Math.min(a.y, b.y),
        x2: Math.max(a.x + a.width, b.x + b.width),
        y2: Math.max(a.y + a.height, b.y + b.height),
      };
      return boxesOverlap(window, box);
    });
  }, [edges, windowed, boxes, dragging, culling]);
  const onConnect = useCallback((c: Connection) => latest.current.onConnectRequest(c.source, c.target), []);
  const isValidConnection = useCallback(
    (c: Connection | Edge) => latest.current.isValidConnection(c.source, c.target),
    [],
  );
  const onNodeDragStart = useCallback((_: unknown, node: OrgNode) => setDragging(node.id), []);
  const onNodeDragStop = useCallback(() => setDragging(null), []);
  const onConnectEnd = useCallback((event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
    // A box (team, group) has no handle to land on: the node under the pointer is the target.
    const under =
      event.target instanceof Element ? event.target.closest(".react-flow__node")?.getAttribute("data-id") : undefined;
    const to = state.toNode?.id ?? under;
    if (state.fromNode && to && !state.isValid && state.fromNode.id !== to)
      latest.current.onConnectRefused(state.fromNode.id, to);
  }, []);
  const onNodeClick = useCallback(
    (_: unknown, node: OrgNode) => latest.current.onSelect({ type: "node", id: node.id }),
    [],
  );
  const onEdgeClick = useCallback(
    (_: unknown, edge: OrgEdge) => edge.data?.edge && latest.current.onSelect({ type: "edge", id: edge.id }),
    [],
  );
  const onPaneClick = useCallback(() => latest.current.onSelect(null), []);
  const onNodeMouseEnter = useCallback((_: unknown, node: OrgNode) => setHoveredNode(node.id), []);
  const onNodeMouseLeave = useCallback(() => setHoveredNode(null), []);
  const onEdgeMouseEnter = useCallback((_: unknown, edge: OrgEdge) => {
    setHovered(edge.id);
    latest.current.onHoverEdge(edge.data?.edge ?? null);
  }, []);
  const onEdgeMouseLeave = useCallback(() => {
    setHovered(null);
    latest.current.onHoverEdge(null);
  }, []);
  const onBeforeDelete = useCallback(async ({ edges: doomed }: { nodes: OrgNode[]; edges: OrgEdge[] }) => {
    const handoffs = doomed.map((e) => e.data?.edge).filter((d): d is GraphEdge => d?.kind === "handoff");
    if (handoffs.length) latest.current.onDeleteEdges(handoffs);
    // The edge disappears when the saved file says so, not before.
    return false;
  }, []);

  return (
    <FoldContext.Provider value={fold}>
      <ReactFlow<OrgNode, OrgEdge>
        nodes={nodes}
        edges={shownEdges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        colorMode={colorMode}
        onNodeDragStart={onNodeDragStart}
        onNodeDragStop={onNodeDragStop}
        onNodesChange={onNodesChange}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        isValidConnection={isValidConnection}
        onNodeClick={onNodeClick}
        onEdgeClick={onEdgeClick}
        onPaneClick={onPaneClick}
        onNodeMouseEnter={onNodeMouseEnter}
        onNodeMouseLeave={onNodeMouseLeave}
        onEdgeMouseEnter={onEdgeMouseEnter}
        onEdgeMouseLeave={onEdgeMouseLeave}
        onBeforeDelete={onBeforeDelete}
        deleteKeyCode={DELETE_KEYS}
        minZoom={0.05}
        maxZoom={2}
        connectionRadius={30}
        proOptions={PRO_OPTIONS}
        onlyRenderVisibleElements={culling}
        disableKeyboardA11y
        onKeyDown={onKeyDown}
      >
        <Background gap={24} size={1} />
        {props.focusMode === undefined && (
          <FocusBar selected={selectedNodeId} focusMode={ownFocusMode} onChange={setOwnFocusMode} />
        )}
        <Controls showInteractive={false} />
        <PartiesLane nodes={graph.nodes} boxes={boxes} />
        <MiniMap
          pannable
          zoomable
          nodeStrokeWidth={2}
          nodeColor={minimapColor}
          nodeStrokeColor={minimapStroke}
          className="!hidden md:!block"
        />
      </ReactFlow>
    </FoldContext.Provider>
  );
}
