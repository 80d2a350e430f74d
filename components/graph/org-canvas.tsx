"use client";

import { Background, Controls, MiniMap, ReactFlow } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useEffect, useMemo, useState } from "react";
import { useEditor } from "@/components/editor/editor-store";
import { useTheme } from "@/components/editor/use-theme";
import type { NodeActivity } from "@/lib/activity-view/overlay";
import { shownEndOf } from "@/lib/graph/collapse";
import { CANVAS_ZOOM } from "@/lib/graph/fit-view";
import { nodeBoxes, type Position } from "@/lib/graph/geometry";
import { neighbourhood, overviewEnd, overviewLevel } from "@/lib/graph/overview";
import type { Graph } from "@/schemas/graph";
import { edgeTypes } from "./edge-types";
import { flowEdges } from "./flow-edges";
import { flowNodes } from "./flow-nodes";
import { FocusBar } from "./focus-bar";
import { GoneContext } from "./gone";
import type { EdgeChangeMark, Highlights, NodeChangeMark, OrgEdge, OrgNode } from "./graph-types";
import { minimapColor, minimapStroke } from "./minimap";
import { nodeTypes } from "./node-types";
import { FoldContext } from "./nodes/fold-button";
import { PartiesLane } from "./parties-lane";
import { useCanvasView } from "./use-canvas-view";
import { type CanvasGestures, useFlowHandlers } from "./use-flow-handlers";
import { useFocusFit } from "./use-focus-fit";
import { useRovingFocus } from "./use-roving-focus";
import { useShownEdges } from "./use-shown-edges";

/** The Changes overlay: node and edge ids the plan marks. */
export type CanvasChanges = {
  nodes: Readonly<Record<string, NodeChangeMark>>;
  edges: Readonly<Record<string, EdgeChangeMark>>;
};

type Props = {
  graph: Graph;
  positions: Readonly<Record<string, Position>>;
  collapsed: ReadonlySet<string>;
  changes: CanvasChanges | null;
  highlights: Highlights;
  /** The activity overlay's marks by node id, or null while it is off. */
  activity?: Readonly<Record<string, NodeActivity>> | null;
  gestures: CanvasGestures;
};

/** The node the keyboard reached, not one a click focused (a click selects it anyway). */
const nodeIdOf = (target: EventTarget) =>
  target instanceof Element && target.matches(":focus-visible")
    ? (target.closest(".react-flow__node")?.getAttribute("data-id") ?? null)
    : null;

/** The ids a reach shown highlights, or null when none is. */
function reachedIn(highlights: Highlights): string[] | null {
  const ids = Object.keys(highlights).filter((id) => highlights[id] === "reach");
  return ids.length ? ids : null;
}

// Above this many nodes only what is in view renders: every mounted edge recomputes its ends on each drag tick.
const RENDER_VISIBLE_ONLY_ABOVE = 300;
// Module-level: an array or object literal in the JSX is a new prop on every render.
const DELETE_KEYS = ["Delete", "Backspace"];
const PRO_OPTIONS = { hideAttribution: false };

/**
 * React Flow wiring only: what the org says comes in as props, what the user is doing (selection,
 * focus, folds asked for, edge kinds shown) from the editor's store, and every edit goes out as a gesture.
 */
export function OrgCanvas({ graph, positions, collapsed, changes, highlights, activity = null, gestures }: Props) {
  const visibleKinds = useEditor((s) => s.visibleKinds);
  const selection = useEditor((s) => s.selection);
  const focusMode = useEditor((s) => s.focusMode);
  const [colorMode] = useTheme();
  const [nodes, setNodes] = useState<OrgNode[]>([]);
  const [tabStop, setTabStop] = useState<string | null>(null);
  const selectedNodeId = selection?.type === "node" ? selection.id : null;
  const boxes = useMemo(() => nodeBoxes(graph.nodes, positions, collapsed), [graph.nodes, positions, collapsed]);
  const { handlers, onNodesChange, select, onGone, hoveredEdge, hoveredNode, dragging, snapBack, opened } =
    useFlowHandlers(gestures, {
      graph,
      boxes,
      positions,
      setNodes,
    });
  // On a fold chevron the box's hover relationships stay hidden, so none is drawn over the chevron.
  const [overFold, setOverFold] = useState(false);
  // A node reached with the keyboard draws its relationships as a hovered one does.
  const [keyed, setKeyed] = useState<string | null>(null);
  const focusNode = (overFold ? null : (hoveredNode ?? keyed)) ?? selectedNodeId;
  const onToggleFold = gestures.onToggleFold;
  const fold = useMemo(() => (onToggleFold ? { toggle: onToggleFold, onPointer: setOverFold } : null), [onToggleFold]);

  const around = useMemo(() => {
    if (focusMode) return neighbourhood(graph, focusMode.nodeId, focusMode.depth, visibleKinds);
    // A sum clicked open keeps its relationships drawn while the pointer crosses the boxes between.
    if (opened) return { nodes: new Set<string>(), edges: new Set(opened.edges) };
    return focusNode ? neighbourhood(graph, focusNode, 1, visibleKinds) : null;
  }, [graph, focusMode, focusNode, visibleKinds, opened]);
  // Chosen for the org as drawn, not for what a hover leaves of it, so hovering never regroups the sums.
  const level = useMemo(() => {
    const end = shownEndOf(graph, collapsed);
    return overviewLevel(graph, visibleKinds, (n) => end(overviewEnd(n)));
  }, [graph, visibleKinds, collapsed]);
  // In focus mode the rest of the org steps back, and so it does around a reach shown; a container of a lit node stays lit.
  const reached = useMemo(() => reachedIn(highlights), [highlights]);
  const lit = useMemo(() => {
    const ids = focusMode ? around?.nodes : reached;
    if (!ids) return null;
    const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
    const out = new Set<string>();
    for (const id of ids) for (let at: string | undefined = id; at; at = parent.get(at)) out.add(at);
    return out;
  }, [focusMode, around, reached, graph.nodes]);

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
          activity,
          tabStop:
            tabStop && boxes[tabStop] ? tabStop : (graph.nodes.find((n) => !n.parent && boxes[n.id])?.id ?? null),
        },
        new Map(current.map((n) => [n.id, n])),
      ),
    );
  }, [graph, boxes, highlights, selectedNodeId, changes, lit, collapsed, activity, tabStop, snapBack]);

  const onKeyDown = useRovingFocus(graph, boxes, select, setTabStop);

  const edges = useMemo(
    () =>
      flowEdges(graph, {
        visibleKinds,
        boxes,
        shown: around?.edges ?? null,
        focusMode: !!focusMode,
        selected: selection?.type === "edge" ? selection.id : null,
        hovered: hoveredEdge,
        changes: changes?.edges ?? null,
        highlights,
        reachShown: !!reached,
        level,
      }),
    [graph, visibleKinds, boxes, around, focusMode, selection, hoveredEdge, changes, highlights, reached, level],
  );

  const boxesNow = useCanvasView(boxes, nodes.length);
  // The boxes focus mode frames: a neighbour hidden by a fold is framed as the folded box showing it.
  const framed = useMemo(() => {
    if (!focusMode || !around) return null;
    const end = shownEndOf(graph, collapsed);
    return new Set([...around.nodes].map(end));
  }, [focusMode, around, graph, collapsed]);
  useFocusFit(focusMode, framed, boxesNow);

  const culling = graph.nodes.length > RENDER_VISIBLE_ONLY_ABOVE;
  const shownEdges = useShownEdges(edges, boxes, dragging, culling);

  return (
    <FoldContext.Provider value={fold}>
      <GoneContext.Provider value={onGone}>
        <ReactFlow<OrgNode, OrgEdge>
          nodes={nodes}
          edges={shownEdges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          colorMode={colorMode}
          {...handlers}
          onNodesChange={onNodesChange}
          deleteKeyCode={DELETE_KEYS}
          minZoom={CANVAS_ZOOM.min}
          maxZoom={CANVAS_ZOOM.max}
          connectionRadius={30}
          proOptions={PRO_OPTIONS}
          onlyRenderVisibleElements={culling}
          disableKeyboardA11y
          onKeyDown={onKeyDown}
          onFocus={(e) => setKeyed(nodeIdOf(e.target))}
          onBlur={() => setKeyed(null)}
        >
          <Background gap={24} size={1} />
          <FocusBar />
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
      </GoneContext.Provider>
    </FoldContext.Provider>
  );
}
