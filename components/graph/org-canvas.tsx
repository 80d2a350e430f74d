"use client";

import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  MarkerType,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
  useStore,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { boxesOverlap } from "@/lib/graph/arcs";
import { NODE_SIZE, type Position } from "@/lib/graph/geometry";
import { windowKey, windowOfKey } from "@/lib/graph/viewport";
import type { Graph, GraphEdge, GraphEdgeKind } from "@/schemas/graph";
import { CulledArcs } from "./culled-arcs";
import { type EdgeExtent, edgeExtent } from "./edge-extent";
import { edgeTypes } from "./edge-types";
import {
  EDGE_STYLE,
  type EdgeChangeMark,
  edgeOpacity,
  type NodeChangeMark,
  type OrgEdge,
  type OrgEdgeData,
  type OrgNode,
  withAlpha,
} from "./graph-types";
import { HANDLES, kindOfNode } from "./handles";
import { nodeTypes } from "./node-types";

export type CanvasSelection = { type: "node"; id: string } | { type: "edge"; id: string } | null;

type Props = {
  graph: Graph;
  positions: Record<string, Position>;
  visibleKinds: ReadonlySet<GraphEdgeKind>;
  selection: CanvasSelection;
  highlights: Readonly<Record<string, "draft-problem" | "search">>;
  /** The Changes overlay: node and edge ids the plan marks. */
  changes?: { nodes: Readonly<Record<string, NodeChangeMark>>; edges: Readonly<Record<string, EdgeChangeMark>> } | null;
  focus: { nodeId: string; nonce: number } | null;
  colorMode: "light" | "dark";
  onSelect: (selection: CanvasSelection) => void;
  isValidConnection: (source: string, target: string) => boolean;
  onConnectRequest: (source: string, target: string) => void;
  /** A drag that ended on a node it may not connect to: the shell says why. */
  onConnectRefused: (source: string, target: string) => void;
  onDeleteEdges: (edges: GraphEdge[]) => void;
  onPositionsChange: (positions: Record<string, Position>) => void;
  onHoverEdge: (edge: GraphEdge | null) => void;
};

const MARKER_TYPE: Record<GraphEdgeKind, MarkerType> = {
  handoff: MarkerType.ArrowClosed,
  escalation: MarkerType.Arrow,
  contract: MarkerType.ArrowClosed,
  "team-boundary": MarkerType.Arrow,
  member: MarkerType.Arrow,
};

/**
 * Above this many nodes only what is in view is rendered. Every mounted edge recomputes its ends
 * on each drag tick (React Flow 12), so at 1,000 specialists and 8,500 edges a drag cost a tenth
 * of a second per frame before painting; in view there are a few dozen nodes and a few hundred edges.
 */
const RENDER_VISIBLE_ONLY_ABOVE = 300;

const noWindow = () => "";

function arcOf(e: GraphEdge): OrgEdgeData["arc"] {
  const from = kindOfNode(e.source);
  const to = kindOfNode(e.target);
  if (from === "specialist" && to === "specialist")
    return { side: "below", sourceHeight: NODE_SIZE.specialist.height, targetHeight: NODE_SIZE.specialist.height };
  if (e.kind === "team-boundary")
    return { side: "above", sourceHeight: NODE_SIZE[from].height, targetHeight: NODE_SIZE[to].height };
  return undefined;
}

/** React Flow wiring only: what the org says comes in as props, every edit goes out as a callback. */
export function OrgCanvas(props: Props) {
  const { graph, positions, visibleKinds, selection, highlights, focus, colorMode, changes } = props;
  const { fitView, setCenter, getNode, getViewport } = useReactFlow();
  const paneWidth = useStore((s) => s.width);
  const paneHeight = useStore((s) => s.height);
  const [nodes, setNodes] = useState<OrgNode[]>([]);
  const [hovered, setHovered] = useState<string | null>(null);
  const [hoveredNode, setHoveredNode] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // With a node hovered or selected, its own relationships stand out and the rest step back.
  const focusNode = hoveredNode ?? (selection?.type === "node" ? selection.id : null);

  useEffect(() => {
    // Keep the node objects React Flow holds, with the sizes it measured, wherever their content did
    // not change: it then re-renders only what is new, and never takes a node for unmeasured.
    setNodes((current) => {
      const held = new Map(current.map((n) => [n.id, n]));
      return graph.nodes.flatMap((n) => {
        const old = held.get(n.id);
        // A node new to the org has no place until the layout catches up (a frame or two): held
        // back rather than shown at the origin and then moved.
        const position = positions[n.id] ?? old?.position;
        if (!position) return [];
        const highlight = highlights[n.id] ?? null;
        const change = changes?.nodes[n.id] ?? null;
        const isSelected = selection?.type === "node" && selection.id === n.id;
        if (
          old &&
          old.data.label === n.label &&
          old.data.sublabel === n.sublabel &&
          old.data.scope === n.scope &&
          old.data.errorCount === n.errorCount &&
          old.data.warningCount === n.warningCount &&
          old.data.highlight === highlight &&
          old.data.change === change &&
          old.position.x === position.x &&
          old.position.y === position.y &&
          old.selected === isSelected
        ) {
          return old;
        }
        return {
          id: n.id,
          type: n.kind === "group" ? "org-group" : n.kind,
          position,
          data: { ...n, highlight, change },
          selected: isSelected,
          deletable: false,
          connectable: n.kind === "specialist",
          // Sizes are fixed, so they are given as measured: fit-to-view counts only measured nodes,
          // and on a big org most nodes are never rendered to be measured.
          ...NODE_SIZE[n.kind],
          handles: HANDLES[n.kind],
          measured: old?.measured ?? NODE_SIZE[n.kind],
        } as OrgNode;
      });
    });
  }, [graph, positions, highlights, selection, changes]);

  const edges = useMemo<OrgEdge[]>(
    () =>
      graph.edges
        .filter((e) => visibleKinds.has(e.kind))
        .map((e) => {
          const selected = selection?.type === "edge" && selection.id === e.id;
          const dimmed = !!focusNode && e.source !== focusNode && e.target !== focusNode;
          const opacity = edgeOpacity(e.kind, { emphasized: selected || hovered === e.id, dimmed });
          return {
            id: e.id,
            type: e.kind,
            source: e.source,
            target: e.target,
            sourceHandle: "out",
            targetHandle: "in",
            data: { ...e, hovered: hovered === e.id, dimmed, arc: arcOf(e), change: changes?.edges[e.id] ?? null },
            markerEnd: {
              type: MARKER_TYPE[e.kind],
              color: withAlpha(EDGE_STYLE[e.kind].color, opacity),
              width: 16,
              height: 16,
            },
            deletable: e.kind === "handoff",
            // Stepped-back edges stop catching the pointer, so the focused node's own edges are easy to pick.
            className: dimmed ? "studio-edge-dimmed" : undefined,
            selectable: e.kind !== "member",
            focusable: e.kind !== "member",
            selected,
            ariaLabel: `${EDGE_STYLE[e.kind].title}: ${e.source} to ${e.target}${e.label ? ` (${e.label})` : ""}`,
          };
        }),
    [graph.edges, visibleKinds, hovered, selection, focusNode, changes],
  );

  useEffect(() => {
    if (!focus) return;
    const node = getNode(focus.nodeId);
    if (node) void setCenter(node.position.x + 100, node.position.y + 30, { zoom: 1.2, duration: 400 });
  }, [focus, getNode, setCenter]);

  // The side panel narrows the canvas: keep the selected node in sight when that hides it.
  const selectedNodeId = selection?.type === "node" ? selection.id : null;
  useEffect(() => {
    if (!selectedNodeId) return;
    const node = getNode(selectedNodeId);
    if (!node) return;
    const { x, y, zoom } = getViewport();
    const left = node.position.x * zoom + x;
    const top = node.position.y * zoom + y;
    const width = (node.width ?? 200) * zoom;
    const height = (node.height ?? 60) * zoom;
    if (left < 0 || top < 0 || left + width > paneWidth || top + height > paneHeight) {
      void setCenter(node.position.x + (node.width ?? 200) / 2, node.position.y + (node.height ?? 60) / 2, {
        zoom,
        duration: 300,
      });
    }
  }, [selectedNodeId, paneWidth, paneHeight, getNode, getViewport, setCenter]);

  const didFit = useRef(false);
  useEffect(() => {
    if (!didFit.current && nodes.length) {
      didFit.current = true;
      // Fit the org, but never so small that labels stop being legible; the minimap shows the rest.
      requestAnimationFrame(() => void fitView({ padding: 0.08, minZoom: 0.6 }));
    }
  }, [nodes.length, fitView]);

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
        if (change.type === "position" && change.dragging === false && change.position)
          moved[change.id] = change.position;
      }
      if (Object.keys(moved).length) props.onPositionsChange(moved);
    },
    [props],
  );

  const culling = graph.nodes.length > RENDER_VISIBLE_ONLY_ABOVE;
  // Above the threshold React Flow itself still walks every edge on each store change (a pan or drag
  // frame), allocating boxes for each: 5 MB of garbage a frame at 8,500 edges. It is given only
  // the edges near the view, a set that changes when the view moves a screen away.
  const windowed = useStore(culling ? windowKey : noWindow);
  // Where each edge lies depends on positions only, not on hover or selection: kept across those.
  const extentOf = useMemo(
    () => (culling ? new Map(graph.edges.map((e) => [e.id, edgeExtent({ ...e, arc: arcOf(e) }, positions)])) : null),
    [culling, graph.edges, positions],
  );
  const near = useMemo(() => {
    const window = windowOfKey(windowed);
    if (!extentOf || !window) return { edges, extents: [] as (EdgeExtent | null)[] };
    const kept: typeof edges = [];
    const keptExtents: EdgeExtent[] = [];
    for (const e of edges) {
      // A stepped-back edge is drawn at 7 % here only to be painted again on every frame of a
      // drag: each commit re-rasterized a few hundred screen-long arcs, a tenth of a second.
      if (e.data?.dimmed && !e.selected) continue;
      const extent = extentOf.get(e.id);
      if (!extent || !boxesOverlap(window, extent.box)) continue;
      kept.push(e);
      keptExtents.push(extent);
    }
    return { edges: kept, extents: keptExtents as (EdgeExtent | null)[] };
  }, [edges, extentOf, windowed]);
  // While a node is dragged, the edges it steps back leave React Flow, which otherwise recomputes
  // every mounted edge's ends on each frame: at 100 specialists (1,000 edges) that was 37 ms of
  // script per pointer move. They come back when the node is dropped.
  const shownEdges = useMemo(
    () => (dragging && !culling ? near.edges.filter((e) => !e.data?.dimmed || e.selected) : near.edges),
    [dragging, culling, near.edges],
  );
  const onConnect = useCallback((c: Connection) => props.onConnectRequest(c.source, c.target), [props]);
  const isValidConnection = useCallback((c: Connection | Edge) => props.isValidConnection(c.source, c.target), [props]);

  return (
    <ReactFlow<OrgNode, OrgEdge>
      nodes={nodes}
      edges={shownEdges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      colorMode={colorMode}
      onNodeDragStart={() => setDragging(true)}
      onNodeDragStop={() => setDragging(false)}
      onNodesChange={onNodesChange}
      onConnect={onConnect}
      onConnectEnd={(_, state) => {
        if (state.fromNode && state.toNode && !state.isValid && state.fromNode.id !== state.toNode.id)
          props.onConnectRefused(state.fromNode.id, state.toNode.id);
      }}
      isValidConnection={isValidConnection}
      onNodeClick={(_, node) => props.onSelect({ type: "node", id: node.id })}
      onEdgeClick={(_, edge) => props.onSelect({ type: "edge", id: edge.id })}
      onPaneClick={() => props.onSelect(null)}
      onNodeMouseEnter={(_, node) => setHoveredNode(node.id)}
      onNodeMouseLeave={() => setHoveredNode(null)}
      onEdgeMouseEnter={(_, edge) => {
        setHovered(edge.id);
        props.onHoverEdge(edge.data ?? null);
      }}
      onEdgeMouseLeave={() => {
        setHovered(null);
        props.onHoverEdge(null);
      }}
      onBeforeDelete={async ({ edges: doomed }) => {
        const handoffs = doomed.map((e) => e.data).filter((d): d is NonNullable<typeof d> => d?.kind === "handoff");
        if (handoffs.length) props.onDeleteEdges(handoffs);
        // The edge disappears when the saved file says so, not before.
        return false;
      }}
      deleteKeyCode={["Delete", "Backspace"]}
      minZoom={0.05}
      maxZoom={2}
      connectionRadius={30}
      proOptions={{ hideAttribution: false }}
      onlyRenderVisibleElements={culling}
    >
      {culling && <CulledArcs edges={near.edges} extents={near.extents} />}
      <Background gap={24} size={1} />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable nodeStrokeWidth={2} className="!hidden md:!block" />
    </ReactFlow>
  );
}
