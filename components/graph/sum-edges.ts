import { BOX, type Rect } from "@/lib/graph/geometry";
import type { AggregateEdge } from "@/lib/graph/overview";
import { type SumLine, sumLabelPlaces } from "@/lib/graph/sum-labels";
import { EDGE_KIND_SPECS, edgeColor, edgeLane, edgeSpec, type SummedKind } from "@/schemas/edge-kinds";
import type { Graph } from "@/schemas/graph";
import { MIXED_LOOK, type OrgEdge, type OrgEdgeData } from "./graph-types";

type Sum = Pick<AggregateEdge, "id" | "kind" | "source" | "target" | "count" | "both"> &
  Partial<Pick<AggregateEdge, "kinds" | "edges">>;

const plural = (n: number, title: string) => {
  const noun = title.toLowerCase();
  return `${n} ${n === 1 ? noun : noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : `${noun}s`}`;
};

/** In the canvas's units, not the stroke's, so a thick sum keeps a small arrowhead (about 9 × 14 px). */
export const marker = (kind: SummedKind | "member", mixed = false) => ({
  type: mixed ? ("arrowclosed" as const) : edgeSpec(kind).marker,
  color: mixed ? MIXED_LOOK.color : edgeColor(kind),
  width: 36,
  height: 36,
  markerUnits: "userSpaceOnUse",
});

/** A line standing for `count` relationships between two boxes, of one kind or several, with its count on it. */
export function sumEdge(sum: Sum, dimmed: boolean, hovered: boolean): OrgEdge {
  const kinds = Object.entries(sum.kinds ?? { [sum.kind]: sum.count }) as [SummedKind, number][];
  const mixed = kinds.length > 1;
  const data: OrgEdgeData = {
    kind: sum.kind,
    label: kinds.map(([kind, n]) => plural(n, EDGE_KIND_SPECS[kind].title)).join(" · "),
    edge: null,
    count: sum.count,
    both: sum.both,
    dimmed,
    hovered,
    mixed,
    kinds: Object.fromEntries(kinds),
    edges: sum.edges,
  };
  const title = mixed ? MIXED_LOOK.title : EDGE_KIND_SPECS[sum.kind].title;
  return {
    id: sum.id,
    type: sum.kind,
    source: sum.source,
    target: sum.target,
    sourceHandle: "out",
    targetHandle: "in",
    data,
    markerEnd: dimmed ? undefined : marker(sum.kind, mixed),
    markerStart: dimmed || !sum.both ? undefined : marker(sum.kind, mixed),
    deletable: false,
    selectable: false,
    focusable: false,
    // Under the boxes it crosses, so it never covers a header or takes its fold chevron's clicks.
    zIndex: -1,
    // Each kind it stands for, so what a line holds can be found as a line of that kind is.
    className: [dimmed ? "studio-edge-dimmed" : "", ...kinds.map(([k]) => `studio-edge-holds-${k}`)].join(" ").trim(),
    ariaLabel: `${title}: ${data.label} between ${sum.source} and ${sum.target}`,
  };
}

/** A sum's lane and bend, as the canvas draws it. */
export function sumLook(data: Pick<OrgEdgeData, "kind" | "mixed">): { lane: number; curvature: number } {
  if (data.mixed || data.kind === "member") return MIXED_LOOK;
  return { lane: edgeLane(data.kind), curvature: EDGE_KIND_SPECS[data.kind].curvature };
}

/**
 * Each count shown stands where it covers no other count and as few cards and titles as it can; one
 * with no place clear of the others is left to the line's hover. Cards are the boxes holding nothing
 * drawn; an open box's title row is as solid as a card, the rest of it is room.
 */
export function placeCounts(graph: Graph, sums: OrgEdge[], boxes: Readonly<Record<string, Rect>>): OrgEdge[] {
  const open = new Set(graph.nodes.filter((n) => n.parent && boxes[n.id]).map((n) => n.parent));
  const solid = graph.nodes
    .filter((n) => boxes[n.id])
    .map((n) => (open.has(n.id) ? { ...boxes[n.id], height: BOX.header } : boxes[n.id]));
  const counted = sums.filter((s) => s.data && !s.data.dimmed && s.data.count > 1);
  const lines: SumLine[] = counted.map((s) => ({
    id: s.id,
    source: s.source,
    target: s.target,
    ...sumLook(s.data as OrgEdgeData),
    text: String(s.data?.count),
  }));
  const at = sumLabelPlaces(lines, boxes, solid);
  return sums.map((s) => {
    if (!at.has(s.id)) return s;
    const t = at.get(s.id);
    return { ...s, data: { ...(s.data as OrgEdgeData), ...(t === null ? { countOff: true } : { labelAt: t }) } };
  });
}
