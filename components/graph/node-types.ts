import type { NodeTypes } from "@xyflow/react";
import { NODE_KIND_SPECS, NODE_KINDS } from "@/schemas/node-kinds";
import { BoxNode } from "./nodes/box-node";
import { CardNode } from "./nodes/card-node";

const VIEWS = { card: CardNode, box: BoxNode };

/** Declared once at module level: a new object per render would remount every node. */
export const nodeTypes: NodeTypes = Object.fromEntries(
  NODE_KINDS.map((kind) => [NODE_KIND_SPECS[kind].flowType, VIEWS[NODE_KIND_SPECS[kind].view]]),
);
