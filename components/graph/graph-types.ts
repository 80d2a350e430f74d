import type { Edge, Node } from "@xyflow/react";
import { EDGE_KIND_SPECS } from "@/schemas/edge-kinds";
import type { GraphEdge, GraphEdgeKind, GraphNode } from "@/schemas/graph";
import type { FlowNodeType } from "@/schemas/node-kinds";

/** What every node renders: the graph node plus how the editor wants it marked. */
export type OrgNodeData = GraphNode & {
  highlight?: "draft-problem" | "search" | null;
  /** The Changes overlay: what the plan against a revision says of this node (`remove` is a ghost). */
  change?: NodeChangeMark | null;
  /** Stepped back: outside the focused node's neighbourhood. */
  dimmed?: boolean;
  /** For a team or group: how many members its box holds, and whether it is folded. */
  members?: number;
  collapsed?: boolean;
  /** For a team or group: what it holds, all the way down ("3 teams · 14 specialists"). */
  memberText?: string;
  /** Whether this node holds the canvas's one tab stop (its fold button is then reachable by Tab too). */
  tabStop?: boolean;
};
export type NodeChangeMark = "add" | "change" | "remove" | "widen";
export type EdgeChangeMark = "add" | "remove";
export type OrgNode = Node<OrgNodeData, FlowNodeType>;

/**
 * An edge as drawn: one relationship (`edge`), or the overview's sum of `count` relationships of
 * one kind between two boxes (`edge` null; `both` when some run each way).
 */
export type OrgEdgeData = {
  kind: GraphEdgeKind;
  label?: string;
  edge: GraphEdge | null;
  count: number;
  both: boolean;
  hovered?: boolean;
  dimmed?: boolean;
  change?: EdgeChangeMark | null;
  /** Where along the line (0 at the source, 1 at the target) its label stands; the middle if unset. */
  labelAt?: number;
};
export type OrgEdge = Edge<OrgEdgeData, GraphEdgeKind>;

/** How opaque an edge is drawn: its own kind's level, full when picked, almost gone when another node has focus. */
export function edgeOpacity(kind: GraphEdgeKind, state: { emphasized?: boolean; dimmed?: boolean }): number {
  return state.emphasized ? 1 : state.dimmed ? 0.12 : EDGE_KIND_SPECS[kind].opacity;
}
