import type { NodeHandle } from "@xyflow/react";
import { NODE_SIZE, type Position } from "@/lib/graph/geometry";
import type { GraphNodeKind } from "@/schemas/kinds";
import { chromeHandles } from "./nodes/node-chrome";

export const kindOfNode = (id: string) => id.slice(0, id.indexOf(":")) as GraphNodeKind;

/** Each kind's handles, given to React Flow up front: most nodes of a big org are never rendered to be measured. */
export const HANDLES = Object.fromEntries(
  (Object.keys(NODE_SIZE) as GraphNodeKind[]).map((kind) => [
    kind,
    chromeHandles(NODE_SIZE[kind].width, NODE_SIZE[kind].height, kind === "specialist"),
  ]),
) as Record<GraphNodeKind, NodeHandle[]>;

/** Where an edge leaves (`out`, bottom) or enters (`in`, top) a node, as React Flow computes it from the handle. */
export function handleAnchor(kind: GraphNodeKind, position: Position, id: "in" | "out"): Position {
  const handle = HANDLES[kind].find((h) => h.id === id);
  // chromeHandles gives every kind both handles, each with its size.
  if (!handle) throw new Error(`no "${id}" handle on a ${kind} node`);
  return {
    x: position.x + handle.x + (handle.width ?? 0) / 2,
    y: position.y + handle.y + (id === "out" ? (handle.height ?? 0) : 0),
  };
}
