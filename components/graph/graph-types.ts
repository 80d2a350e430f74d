import type { Edge, Node } from "@xyflow/react";
import type { NodeActivity } from "@/lib/activity-view/overlay";
import type { GraphEdgeKind, SummedKind } from "@/schemas/edge-kinds";
import { EDGE_KIND_SPECS } from "@/schemas/edge-kinds";
import type { GraphEdge, GraphNode } from "@/schemas/graph";
import type { FlowNodeType } from "@/schemas/node-kinds";

/**
 * Why the canvas marks a node or relationship: a problem the panel's draft causes, a search hit, or a
 * reach the Access view shows (which steps back everything else).
 */
export type Highlight = "draft-problem" | "search" | "reach";
/** Keyed by node id and by relationship id: one map for both. */
export type Highlights = Readonly<Record<string, Highlight>>;

export type OrgNodeData = GraphNode & {
  highlight?: Highlight | null;
  /** The Changes overlay: what the plan against a revision says of this node (`remove` is a ghost). */
  change?: NodeChangeMark | null;
  dimmed?: boolean;
  /** The activity overlay's figures for a worker profile; unset while the overlay is off. */
  activity?: NodeActivity | null;
  members?: number;
  collapsed?: boolean;
  memberText?: string;
  /** The canvas's one tab stop (its fold button is then reachable by Tab too). */
  tabStop?: boolean;
};
export type NodeChangeMark = "add" | "change" | "remove" | "widen";
export type EdgeChangeMark = "add" | "remove";
export type OrgNode = Node<OrgNodeData, FlowNodeType>;

/**
 * One relationship (`edge`), or the overview's sum of `count` between two boxes (`edge` null): of one
 * kind, or of several (`mixed`), the relationships it stands for in `edges`.
 */
export type OrgEdgeData = {
  kind: GraphEdgeKind;
  label?: string;
  edge: GraphEdge | null;
  count: number;
  both: boolean;
  hovered?: boolean;
  dimmed?: boolean;
  highlight?: Highlight | null;
  change?: EdgeChangeMark | null;
  /** 0 at the source, 1 at the target; the middle if unset. */
  labelAt?: number;
  /** A sum's count found no place clear of the others: it is said on hover only. */
  countOff?: boolean;
  mixed?: boolean;
  kinds?: Partial<Record<SummedKind, number>>;
  edges?: readonly string[];
};

/** A line summing relationships of several kinds: no kind's colour, on the middle lane. */
export const MIXED_LOOK = { color: "var(--edge-mixed)", curvature: 0.25, lane: 0, title: "Relationships" } as const;
export type OrgEdge = Edge<OrgEdgeData, GraphEdgeKind>;

export function edgeOpacity(kind: GraphEdgeKind, state: { emphasized?: boolean; dimmed?: boolean }): number {
  return state.emphasized ? 1 : state.dimmed ? 0.12 : EDGE_KIND_SPECS[kind].opacity;
}
