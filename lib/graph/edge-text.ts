import type { GraphEdge, GraphEdgeData } from "@/schemas/graph";

/** In the records' words ("from cx-a's handoffCandidates"), not the JSON pointer. */
export function edgeOrigin(data: GraphEdgeData): string {
  switch (data.kind) {
    case "handoff":
      return `from ${data.from}'s handoffCandidates`;
    case "escalation":
      return `step ${data.step} of ${data.owner}'s escalationPath`;
    case "contract":
      return `contract ${data.contractId}`;
    case "team-boundary":
      return `${data.contractId}'s teamBoundary`;
    case "member":
      return data.parentKind === "group" ? `${data.parent}'s squads` : `${data.child}'s team`;
    default:
      return unreachable(data);
  }
}

export function edgeEnds(data: GraphEdgeData): [string, string] {
  switch (data.kind) {
    case "handoff":
      return [data.from, data.to];
    case "escalation":
      return [data.from, data.to];
    case "contract":
      return [data.producer, data.consumer];
    case "team-boundary":
      return [data.producerTeam, data.consumerTeam];
    case "member":
      return [data.parent, data.child];
    default:
      return unreachable(data);
  }
}

export function describeEdge(edge: Pick<GraphEdge, "data" | "label">): string {
  const [from, to] = edgeEnds(edge.data);
  return `${from} → ${to}${edge.label ? ` · ${edge.label}` : ""} · ${edgeOrigin(edge.data)}`;
}

export function unreachable(value: never): never {
  throw new Error(`unhandled kind: ${JSON.stringify(value)}`);
}
