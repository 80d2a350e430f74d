import { nodeSize, type Position } from "@/lib/graph/geometry";
import type { Graph, GraphEdge, GraphNode } from "@/schemas/graph";
import type { EntityChange, Plan, PlanChange } from "@/schemas/plan";

// Removed nodes come back as ghosts parked in a row under the org.
export type NodeMark = "add" | "change" | "remove" | "widen";
export type EdgeMark = "add" | "remove";

export type PlanOverlay = {
  nodes: Record<string, NodeMark>;
  edges: Record<string, EdgeMark>;
  graph: Graph;
  positions: Record<string, Position>;
  byNode: Record<string, PlanChange[]>;
};

const NODE_KINDS = new Set(["specialist", "team", "group"]);
const nodeOf = (c: EntityChange) => (NODE_KINDS.has(c.entity) ? `${c.entity}:${c.id}` : null);
export const GHOST_PREFIX = "ghost:";

export function planOverlay(plan: Plan, graph: Graph, positions: Readonly<Record<string, Position>>): PlanOverlay {
  const nodes: Record<string, NodeMark> = {};
  const edges: Record<string, EdgeMark> = {};
  const byNode: Record<string, PlanChange[]> = {};
  const note = (id: string, c: PlanChange) => {
    byNode[id] ??= [];
    byNode[id].push(c);
  };
  const ghosts: GraphNode[] = [];
  for (const c of plan.changes) {
    if (c.kind !== "entity") continue;
    const id = nodeOf(c);
    if (!id) continue;
    nodes[id] = c.action;
    note(id, c);
    if (c.action === "remove")
      ghosts.push({
        id,
        kind: c.entity as GraphNode["kind"],
        entityId: c.id,
        label: c.id,
        sublabel: "removed",
      });
  }
  for (const c of plan.changes) {
    if (c.kind !== "access") continue;
    const id = `specialist:${c.id}`;
    // A new specialist's fence widens access, but "added" says as much.
    if (c.action === "widen" && nodes[id] !== "remove" && nodes[id] !== "add") nodes[id] = "widen";
    else if (!nodes[id]) nodes[id] = "change";
    note(id, c);
  }
  const present = new Set([...graph.nodes.map((n) => n.id), ...ghosts.map((n) => n.id)]);
  const ghostEdges: GraphEdge[] = [];
  for (const c of plan.changes) {
    if (c.kind !== "edge") continue;
    if (c.action === "add") edges[c.id] = "add";
    else if (c.data && present.has(c.source) && present.has(c.target)) {
      const id = `${GHOST_PREFIX}${c.id}`;
      edges[id] = "remove";
      ghostEdges.push({
        id,
        kind: c.edge,
        source: c.source,
        target: c.target,
        ...(c.label ? { label: c.label } : {}),
        carrier: "",
        data: c.data,
      });
    }
  }
  let bottom = 0;
  let left = Number.POSITIVE_INFINITY;
  for (const n of graph.nodes) {
    const p = positions[n.id];
    if (!p) continue;
    bottom = Math.max(bottom, p.y + nodeSize(n.kind).height);
    left = Math.min(left, p.x);
  }
  const ghostPositions: Record<string, Position> = {};
  ghosts.forEach((g, i) => {
    ghostPositions[g.id] = { x: (Number.isFinite(left) ? left : 0) + i * 240, y: bottom + 120 };
  });
  return {
    nodes,
    edges,
    byNode,
    positions: ghostPositions,
    graph: { nodes: [...graph.nodes, ...ghosts], edges: [...graph.edges, ...ghostEdges] },
  };
}
