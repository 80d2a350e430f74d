import type { GraphEdge, GraphEdgeData } from "@/schemas/graph";

/**
 * Where a relationship is written, in the words of the records ("from cx-a's handoffCandidates"),
 * rather than as the JSON pointer the editor uses to open it.
 */
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

/** The two records an edge joins, as the user names them: `cx-a → cx-b`. */
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

/** One line for the edge-info box: `cx-a → cx-b · role · from cx-a's handoffCandidates`. */
export function describeEdge(edge: Pick<GraphEdge, "data" | "label">): string {
  const [from, to] = edgeEnds(edge.data);
  return `${from} → ${to}${edge.label ? ` · ${edge.label}` : ""} · ${edgeOrigin(edge.data)}`;
}

/** A compile-time check that a switch covers every kind: adding a kind breaks the build here. */
export function unreachable(value: never): never {
  throw new Error(`unhandled kind: ${JSON.stringify(value)}`);
}
