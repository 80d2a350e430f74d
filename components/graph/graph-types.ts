import type { Edge, Node } from "@xyflow/react";
import type { GraphEdge, GraphEdgeKind, GraphNode, GraphNodeKind } from "@/schemas/graph";

export type OrgNodeData = GraphNode & {
  highlight?: "draft-problem" | "search" | null;
  /** The Changes overlay: what the plan against a revision says of this node (`remove` is a ghost). */
  change?: NodeChangeMark | null;
  dimmed?: boolean;
  members?: number;
  collapsed?: boolean;
  memberText?: string;
  /** The canvas's one tab stop (its fold button is then reachable by Tab too). */
  tabStop?: boolean;
};
export type NodeChangeMark = "add" | "change" | "remove" | "widen";
export type EdgeChangeMark = "add" | "remove";
export type SpecialistNode = Node<OrgNodeData, "specialist">;
export type TeamNode = Node<OrgNodeData, "team">;
/** React Flow reserves the type "group" for its own sub-flows, so ours is "org-group". */
export type GroupNode = Node<OrgNodeData, "org-group">;
export type PartyNode = Node<OrgNodeData, "party">;
export type OrgNode = SpecialistNode | TeamNode | GroupNode | PartyNode;

/** One relationship (`edge`), or the overview's sum of `count` of one kind between two boxes (`edge` null). */
export type OrgEdgeData = {
  kind: GraphEdgeKind;
  label?: string;
  edge: GraphEdge | null;
  count: number;
  both: boolean;
  hovered?: boolean;
  dimmed?: boolean;
  change?: EdgeChangeMark | null;
  /** 0 at the source, 1 at the target; the middle if unset. */
  labelAt?: number;
};
export type OrgEdge = Edge<OrgEdgeData, GraphEdgeKind>;

export const EDGE_STYLE: Record<
  GraphEdgeKind,
  { color: string; dash?: string; width: number; title: string; description: string }
> = {
  handoff: {
    color: "var(--edge-handoff, #2563eb)",
    width: 1.8,
    title: "Handoff",
    description: "a specialist hands work to holders of a role (handoffCandidates)",
  },
  escalation: {
    color: "var(--edge-escalation, #ea580c)",
    dash: "7 4",
    width: 1.8,
    title: "Escalation",
    description: "a team's escalation path, step by step",
  },
  contract: {
    color: "var(--edge-contract, #7c3aed)",
    width: 1.4,
    title: "Contract",
    description: "producer → consumer of a contract",
  },
  "team-boundary": {
    color: "var(--edge-team-boundary, #0d9488)",
    dash: "2 4",
    width: 3,
    title: "Team boundary",
    description: "a contract crossing from one team to another",
  },
  member: {
    color: "var(--edge-member, #94a3b8)",
    dash: "1 5",
    width: 1,
    title: "Membership",
    description: "drawn as containment: a group's box holds its teams, a team's its specialists",
  },
};

export function edgeOpacity(kind: GraphEdgeKind, state: { emphasized?: boolean; dimmed?: boolean }): number {
  return state.emphasized ? 1 : state.dimmed ? 0.12 : kind === "member" ? 0.5 : 0.8;
}

export const NODE_KIND_LABEL: Record<GraphNodeKind, string> = {
  specialist: "Specialist",
  team: "Team",
  group: "Group",
  party: "Party",
};

export const PARTY_HELP: Record<string, string> = {
  user: "user: the person using Construct — a contract's producer or consumer outside the org",
  construct: "construct: the Construct runtime itself, which routes work into the org",
  "*": "any: a contract any producer may fulfil",
};
