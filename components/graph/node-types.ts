import type { NodeTypes } from "@xyflow/react";
import { GroupNode, TeamNode } from "./nodes/box-node";
import { PartyNode } from "./nodes/party-node";
import { SpecialistNode } from "./nodes/specialist-node";

/** Declared once at module level: a new object per render would remount every node. */
export const nodeTypes = {
  specialist: SpecialistNode,
  team: TeamNode,
  "org-group": GroupNode,
  party: PartyNode,
} satisfies NodeTypes;
