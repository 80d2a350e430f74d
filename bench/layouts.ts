import { performance } from "node:perf_hooks";
import ELK, { type ElkNode } from "elkjs/lib/elk.bundled.js";
import { BOX, childrenOf, nodeBoxes, nodeSize, type Position } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { aggregateEdges } from "@/lib/graph/overview";
import type { Graph, GraphNode } from "@/schemas/graph";
import { FIRST_VIEW } from "./first-view";
import { median } from "./stats";

/**
 * Measures ELK layered against our containment layout on one graph: the same nesting
 * (INCLUDE_CHILDREN lays out every level in one run) and the edges the overview draws.
 */

/** The padding the canvas fits with (`fitView({ padding: 0.04 })`), and the label's CSS size (text-sm). */
const FIT_PADDING = 0.04;
const LABEL_PX = 14;
/** The canvas never fits below this zoom (`fitView({ minZoom: 0.6 })`): at a smaller scale it shows part of the org. */
const FIT_MIN_ZOOM = 0.6;

export type LayoutFigures = {
  ms: number;
  width: number;
  height: number;
  /** The zoom that fits the whole drawing into 1440 × 900, unclamped. */
  fitScale: number;
  /** What a 14 px label measures on screen at that zoom. */
  labelPx: number;
  /** Whether the canvas's fit (never below 0.6) shows all of it. */
  fitsWhole: boolean;
};

const fitZoom = (width: number, height: number) =>
  Math.min(FIRST_VIEW.width / (width * (1 + FIT_PADDING)), FIRST_VIEW.height / (height * (1 + FIT_PADDING)));

function figures(ms: number, width: number, height: number): LayoutFigures {
  const fitScale = fitZoom(width, height);
  return { ms, width, height, fitScale, labelPx: LABEL_PX * fitScale, fitsWhole: fitScale >= FIT_MIN_ZOOM };
}

/** Bounds of every box the canvas would draw for these positions (containers around their members). */
function extent(graph: Graph, positions: Record<string, Position>) {
  const boxes = Object.values(nodeBoxes(graph.nodes, positions));
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { width: right - left, height: bottom - top };
}

export async function ours(graph: Graph, runs: number): Promise<LayoutFigures> {
  const times: number[] = [];
  let positions: Record<string, Position> = {};
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    positions = layoutGraph(graph.nodes, graph.edges);
    if (i > 0) times.push(performance.now() - start);
  }
  const { width, height } = extent(graph, positions);
  return figures(median(times), width, height);
}

/** The graph as ELK's nested JSON: containers padded like our boxes, at least their own node's size. */
export function elkGraph(graph: Graph, direction: "RIGHT" | "DOWN"): ElkNode {
  const children = childrenOf(graph.nodes);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const toElk = (node: GraphNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    const size = nodeSize(node.kind);
    if (!kids.length) return { id: node.id, ...size };
    return {
      id: node.id,
      layoutOptions: {
        "elk.padding": `[top=${BOX.header},left=${BOX.pad},bottom=${BOX.pad},right=${BOX.pad}]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${size.width},${size.height})`,
      },
      children: kids.map((id) => toElk(byId.get(id) as GraphNode)),
    };
  };
  const roots = graph.nodes.filter((n) => !n.parent || !byId.has(n.parent));
  return {
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.direction": direction,
      "elk.spacing.nodeNode": String(BOX.gap),
      "elk.layered.spacing.nodeNodeBetweenLayers": String(2 * BOX.gap),
      "elk.padding": `[top=${BOX.margin},left=${BOX.margin},bottom=${BOX.margin},right=${BOX.margin}]`,
    },
    children: roots.map(toElk),
    // With INCLUDE_CHILDREN, edges between any two nodes of the nesting may sit at the root.
    edges: aggregateEdges(graph).map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
}

export async function elk(graph: Graph, direction: "RIGHT" | "DOWN", runs: number): Promise<LayoutFigures> {
  const engine = new ELK();
  const times: number[] = [];
  let laid: ElkNode = { id: "root" };
  for (let i = 0; i <= runs; i++) {
    const input = elkGraph(graph, direction);
    const start = performance.now();
    laid = await engine.layout(input);
    if (i > 0) times.push(performance.now() - start);
  }
  return figures(median(times), laid.width ?? 0, laid.height ?? 0);
}

export type LayoutRow = { ours: LayoutFigures; elkRight: LayoutFigures; elkDown: LayoutFigures };

export async function compareLayouts(graph: Graph, runs: number): Promise<LayoutRow> {
  return {
    ours: await ours(graph, runs),
    elkRight: await elk(graph, "RIGHT", runs),
    elkDown: await elk(graph, "DOWN", runs),
  };
}
