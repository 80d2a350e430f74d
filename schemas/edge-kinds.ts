import type { GraphEdgeData } from "./graph";

/**
 * Every kind of edge the graph holds and how the canvas draws it: one entry per kind, read by the
 * canvas (components/graph), the legend, the edge box and the geometry (lib/graph). No zod here:
 * the editor's first load reads it.
 */

type DataOf<K> = Extract<GraphEdgeData, { kind: K }>;

export type EdgeKindSpec<K extends GraphEdgeData["kind"] = GraphEdgeData["kind"]> = {
  title: string;
  description: string;
  /** The stroke in each theme, as the `--edge-<kind>` variable (see `edgeColorCss`). */
  color: { light: string; dark: string };
  dash?: string;
  width: number;
  /** Stroke opacity at rest (full when picked, almost none when another node has focus). */
  opacity: number;
  marker: "arrow" | "arrowclosed";
  /** How much a line bends (`curve`): kinds that share ends part ways. */
  curvature: number;
  /** How deep an arc hangs per pixel between its ends (lib/graph/arcs): kinds separate into bands. */
  arcDepth: number;
  /** The two records an edge joins, as the user names them, and where the relationship is written. */
  ends: (data: DataOf<K>) => [string, string];
  origin: (data: DataOf<K>) => string;
};

export const EDGE_KIND_SPECS = {
  handoff: {
    title: "Handoff",
    description: "a specialist hands work to holders of a role (handoffCandidates)",
    color: { light: "#2563eb", dark: "#60a5fa" },
    width: 1.8,
    opacity: 0.8,
    marker: "arrowclosed",
    curvature: 0.25,
    arcDepth: 0.32,
    ends: (d) => [d.from, d.to],
    origin: (d) => `from ${d.from}'s handoffCandidates`,
  },
  escalation: {
    title: "Escalation",
    description: "a team's escalation path, step by step, or who a Construct 2.x policy's owner escalates to",
    color: { light: "#c2410c", dark: "#fb923c" },
    dash: "7 4",
    width: 1.8,
    opacity: 0.8,
    marker: "arrow",
    curvature: 0.4,
    arcDepth: 0.45,
    ends: (d) => [d.from, d.to],
    origin: (d) =>
      d.ownerKind === "policy"
        ? `policy ${d.owner}'s escalationWorkerProfiles`
        : `step ${d.step} of ${d.owner}'s escalationPath`,
  },
  contract: {
    title: "Contract",
    description: "producer → consumer of a contract",
    color: { light: "#7c3aed", dark: "#c4b5fd" },
    width: 1.4,
    opacity: 0.8,
    marker: "arrowclosed",
    curvature: 0.25,
    arcDepth: 0.22,
    ends: (d) => [d.producer, d.consumer],
    origin: (d) =>
      d.capability ? `contract ${d.contractId} of capability ${d.capability}` : `contract ${d.contractId}`,
  },
  "team-boundary": {
    title: "Team boundary",
    description: "a contract crossing from one team to another",
    color: { light: "#0f766e", dark: "#2dd4bf" },
    dash: "2 4",
    width: 3,
    opacity: 0.8,
    marker: "arrow",
    curvature: 0.5,
    arcDepth: 0.2,
    ends: (d) => [d.producerTeam, d.consumerTeam],
    origin: (d) => `${d.contractId}'s teamBoundary`,
  },
  member: {
    title: "Membership",
    description:
      "drawn as containment: a group's box holds its teams, a team's its specialists, a tier's its worker profiles",
    color: { light: "#64748b", dark: "#94a3b8" },
    dash: "1 5",
    width: 1,
    opacity: 0.5,
    marker: "arrow",
    curvature: 0.25,
    arcDepth: 0.3,
    ends: (d) => [d.parent, d.child],
    origin: (d) =>
      d.parentKind === "group"
        ? `${d.parent}'s squads`
        : d.parentKind === "tier"
          ? `${d.child}'s file in the ${d.parent} tier`
          : `${d.child}'s team`,
  },
} satisfies { [K in GraphEdgeData["kind"]]: EdgeKindSpec<K> };

export type GraphEdgeKind = keyof typeof EDGE_KIND_SPECS;
/** In the order the legend lists them and summed kinds take their lanes. */
export const EDGE_KINDS = Object.keys(EDGE_KIND_SPECS) as [GraphEdgeKind, ...GraphEdgeKind[]];

/** A kind's spec with its functions over any edge's data (each kind's entry reads only its own). */
export const edgeSpec = (kind: GraphEdgeKind): EdgeKindSpec => EDGE_KIND_SPECS[kind] as EdgeKindSpec;

/** Membership is containment: it lays the graph out and is never summed between boxes. */
export type SummedKind = Exclude<GraphEdgeKind, "member">;
const SUMMED: readonly SummedKind[] = EDGE_KINDS.filter((k): k is SummedKind => k !== "member");

/**
 * The lane of each summed kind between one pair of boxes (…, -1, 0, 1, …, centred on the line
 * between them), so that kinds run side by side in a fixed order.
 */
export function edgeLane(kind: SummedKind): number {
  return SUMMED.indexOf(kind) - (SUMMED.length - 1) / 2;
}

/** A kind's stroke, following the theme. */
export const edgeColor = (kind: GraphEdgeKind) => `var(--edge-${kind})`;

/** A line summing several kinds wears no kind's colour: a neutral one, readable in both themes. */
export const MIXED_EDGE_COLOR = { light: "#64748b", dark: "#94a3b8" } as const;

/** The `--edge-<kind>` variables of both themes (and `--edge-mixed`), for the root layout's stylesheet. */
export function edgeColorCss(): string {
  const vars = (theme: "light" | "dark") =>
    EDGE_KINDS.map((kind) => `--edge-${kind}:${EDGE_KIND_SPECS[kind].color[theme]};`).join("") +
    `--edge-mixed:${MIXED_EDGE_COLOR[theme]};`;
  return `:root{${vars("light")}}:root.dark{${vars("dark")}}`;
}
