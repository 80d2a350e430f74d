import type { EdgeTypes } from "@xyflow/react";
import { ContractEdge } from "./edges/contract-edge";
import { EscalationEdge } from "./edges/escalation-edge";
import { HandoffEdge } from "./edges/handoff-edge";
import { MemberEdge } from "./edges/member-edge";
import { TeamBoundaryEdge } from "./edges/team-boundary-edge";

export const edgeTypes = {
  handoff: HandoffEdge,
  escalation: EscalationEdge,
  contract: ContractEdge,
  "team-boundary": TeamBoundaryEdge,
  member: MemberEdge,
} satisfies EdgeTypes;
