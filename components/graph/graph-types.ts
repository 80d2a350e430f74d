import type { Edge, Node } from "@xyflow/react";
import type { GraphEdge, GraphEdgeKind, GraphNode, GraphNodeKind } from "@/schemas/graph";

/** What every node renders: the graph node plus how the editor wants it marked. */
export type OrgNodeData = GraphNode & {
  highlight?: "draft-problem" | "search" | null;
  /** The Changes overlay: what the plan against a revision says of this node (`remove` is a ghost). */
  change?: NodeChangeMark | null;
};
export type NodeChangeMark = "add" | "change" | "remove" | "widen";
export type EdgeChangeMark = "add" | "remove";
export type SpecialistNode = Node<OrgNodeData, "specialist">;
export type TeamNode = Node<OrgNodeData, "team">;
/** React Flow reserves the type "group" for its own sub-flows, so ours is "org-group". */
export type GroupNode = Node<OrgNodeData, "org-group">;
export type PartyNode = Node<OrgNodeData, "party">;
export type OrgNode = SpecialistNode | TeamNode | GroupNode | PartyNode;

/**
 * `arc` draws an edge between two nodes of one row as an arc hanging below them (specialists) or
 * above them (teams and groups); the handles stay one per side, so connecting stays unambiguous.
 */
export type OrgEdgeData = GraphEdge & {
  hovered?: boolean;
  dimmed?: boolean;
  arc?: { side: "below" | "above"; sourceHeight: number; targetHeight: number };
  change?: EdgeChangeMark | null;
};
export type OrgEdge = Edge<OrgEdgeData, GraphEdgeKind>;

export const EDGE_STYLE: Record<
  GraphEdgeKind,
  { color: string; dash?: string; width: number; title: string; description: string }
> = {
  handoff: {
    color: "#2563eb",
    width: 1.8,
    title: "Handoff",
    description: "a specialist hands work to holders of a role (handoffCandidates)",
  },
  escalation: {
    color: "#ea580c",
    dash: "7 4",
    width: 1.8,
    title: "Escalation",
    description: "a team's escalation path, step by step",
  },
  contract: { color: "#7c3aed", width: 1.4, title: "Contract", description: "producer → consumer of a contract" },
  "team-boundary": {
    color: "#0d9488",
    dash: "2 4",
    width: 3,
    title: "Team boundary",
    description: "a contract crossing from one team to another",
  },
  member: {
    color: "#94a3b8",
    dash: "1 5",
    width: 1,
    title: "Membership",
    description: "team and group membership (drawn faintly)",
  },
};

/** How opaque an edge is drawn: its own kind's level, full when picked, almost gone when another node has focus. */
export function edgeOpacity(kind: GraphEdgeKind, state: { emphasized?: boolean; dimmed?: boolean }): number {
  return state.emphasized ? 1 : state.dimmed ? 0.07 : kind === "member" ? 0.5 : 0.75;
}

/** `#rrggbb` with an alpha channel. */
export function withAlpha(hex: string, alpha: number): string {
  return (
    hex +
    Math.round(alpha * 255)
      .toString(16)
      .padStart(2, "0")
  );
}

export const NODE_KIND_LABEL: Record<GraphNodeKind, string> = {
  specialist: "Specialist",
  team: "Team",
  group: "Group",
  party: "Party",
};
