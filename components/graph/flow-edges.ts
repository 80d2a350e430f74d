import { type LabelLine, spreadLabels } from "@/lib/graph/edge-labels";
import type { Rect } from "@/lib/graph/geometry";
import { aggregateEdges, type OverviewLevel, overviewEnd } from "@/lib/graph/overview";
import type { GraphEdgeKind } from "@/schemas/edge-kinds";
import { EDGE_KIND_SPECS, type SummedKind } from "@/schemas/edge-kinds";
import type { Graph, GraphEdge } from "@/schemas/graph";
import { nodeSpec } from "@/schemas/node-kinds";
import type { EdgeChangeMark, Highlights, OrgEdge, OrgEdgeData } from "./graph-types";
import { chromeHandles } from "./nodes/node-chrome";
import { marker, placeCounts, sumEdge } from "./sum-edges";

export type EdgeMarks = {
  visibleKinds: ReadonlySet<GraphEdgeKind>;
  boxes: Readonly<Record<string, Rect>>;
  /** Relationships drawn one by one: the focused node's own (or its neighbourhood's). */
  shown: ReadonlySet<string> | null;
  /** In focus mode the overview's sums are hidden, not only stepped back. */
  focusMode: boolean;
  selected: string | null;
  hovered: string | null;
  changes: Readonly<Record<string, EdgeChangeMark>> | null;
  highlights?: Highlights;
  /** A reach is shown: its relationships are drawn one by one, the others step back. */
  reachShown?: boolean;
  /** How the overview sums (`overviewLevel` of the whole org as drawn), so hovering never regroups it. */
  level?: OverviewLevel;
};

/** The box an end is drawn in: itself, or its nearest container still shown (a folded team). */
function shownEnd(graph: Graph, boxes: Readonly<Record<string, Rect>>) {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
  return (id: string): string | null => {
    for (let at: string | undefined = id; at; at = parent.get(at)) if (boxes[at]) return at;
    return null;
  };
}

/** The overview's sums between boxes, plus each relationship of the focus and of the Changes overlay; none twice. */
export function flowEdges(graph: Graph, given: EdgeMarks): OrgEdge[] {
  const marks = { ...given, highlights: given.highlights ?? {}, reachShown: !!given.reachShown };
  const end = shownEnd(graph, marks.boxes);
  // An end hidden in a folded team is drawn on the folded box; both ends in one box draw nothing.
  const single = (e: GraphEdge) => {
    if (e.kind === "member" || !marks.visibleKinds.has(e.kind)) return false;
    const marked = !!marks.changes?.[e.id] || marks.selected === e.id || !!marks.highlights[e.id];
    if (!(marks.shown?.has(e.id) || marked)) return false;
    const [a, b] = [end(e.source), end(e.target)];
    return !!a && !!b && a !== b;
  };
  const singles = graph.edges.filter(single);
  const drawn = new Set(singles.map((e) => e.id));
  const out: OrgEdge[] = [];
  if (!marks.focusMode) {
    const rest = { nodes: graph.nodes, edges: graph.edges.filter((e) => !drawn.has(e.id)) };
    const sums: OrgEdge[] = [];
    for (const a of aggregateEdges(rest, marks.visibleKinds, (n) => end(overviewEnd(n)), marks.level)) {
      if (!marks.boxes[a.source] || !marks.boxes[a.target]) continue;
      const dimmed = !!marks.shown || marks.reachShown;
      sums.push(sumEdge(a, dimmed, marks.hovered === a.id));
    }
    out.push(...placeCounts(graph, sums, marks.boxes));
  }
  // Relationships of one kind between the same two boxes (a fold hides an end) are one line with a count.
  const bundles = new Map<string, GraphEdge[]>();
  for (const e of singles) {
    const [a, b] = [end(e.source) as string, end(e.target) as string];
    if ((a === e.source && b === e.target) || marks.changes?.[e.id] || marks.selected === e.id) continue;
    const key = `${e.kind}|${a}|${b}`;
    const list = bundles.get(key);
    if (list) list.push(e);
    else bundles.set(key, [e]);
  }
  const bundled = new Set<string>();
  for (const [key, list] of bundles) {
    if (list.length < 2) continue;
    for (const e of list) bundled.add(e.id);
    const [kind, a, b] = [list[0].kind, end(list[0].source) as string, end(list[0].target) as string];
    const id = `fold:${key}`;
    const lit = list.some((e) => marks.highlights[e.id] === "reach");
    const sum = sumEdge(
      {
        id,
        kind: kind as SummedKind,
        source: a,
        target: b,
        count: list.length,
        both: false,
        edges: list.map((e) => e.id),
      },
      marks.reachShown && !lit,
      marks.hovered === id,
    );
    out.push(
      lit ? { ...sum, className: REACH_CLASS, data: { ...(sum.data as OrgEdgeData), highlight: "reach" } } : sum,
    );
  }
  const ones = singles.filter((e) => !bundled.has(e.id));
  const labelAt = labelPlaces(graph, ones, end, marks.boxes);
  for (const e of ones) {
    const title = EDGE_KIND_SPECS[e.kind].title;
    const selected = marks.selected === e.id;
    const highlight = marks.highlights[e.id] ?? null;
    const dimmed = marks.reachShown && highlight !== "reach";
    out.push({
      id: e.id,
      type: e.kind,
      source: end(e.source) as string,
      target: end(e.target) as string,
      sourceHandle: "out",
      targetHandle: "in",
      data: {
        kind: e.kind,
        label: e.label,
        edge: e,
        count: 1,
        both: false,
        hovered: marks.hovered === e.id,
        change: marks.changes?.[e.id] ?? null,
        labelAt: labelAt.get(e.id),
        highlight,
        dimmed,
      },
      className: highlight === "reach" ? REACH_CLASS : dimmed ? "studio-edge-dimmed" : undefined,
      markerEnd: marker(e.kind),
      deletable: e.kind === "handoff",
      // Edges are reached from their node (arrows, Enter), not by tabbing through hundreds of them.
      focusable: false,
      selected,
      ariaLabel: `${title}: ${e.source} to ${e.target}${e.label ? ` (${e.label})` : ""}`,
    });
  }
  return out;
}

/** Marks a relationship of a reach shown, for styles and for tests. */
const REACH_CLASS = "studio-edge-reach";

/** Labels around a busy node stand nearer their quieter end; `spreadLabels` moves them off each other and the nodes. */
function labelPlaces(
  graph: Graph,
  singles: readonly GraphEdge[],
  end: (id: string) => string | null,
  boxes: Readonly<Record<string, Rect>>,
): Map<string, number> {
  const busy = new Map<string, number>();
  for (const e of singles) for (const id of [e.source, e.target]) busy.set(id, (busy.get(id) ?? 0) + 1);
  const connectable = new Map(graph.nodes.map((n) => [n.id, nodeSpec(n.kind).connectable]));
  // An open container (one whose members are drawn) is not in the way: a label may stand inside it.
  const open = new Set(graph.nodes.filter((n) => n.parent && boxes[n.id]).map((n) => n.parent));
  // React Flow's ends: the middle of the source's `out` handle's bottom and of the target's `in` handle's top.
  const handle = (id: string, which: "in" | "out") => {
    const box = boxes[id];
    const h = chromeHandles(box.width, box.height, !!connectable.get(id)).find((x) => x.id === which);
    return {
      x: box.x + (h?.x ?? 0) + (h?.width ?? 0) / 2,
      y: box.y + (h?.y ?? 0) + (which === "out" ? (h?.height ?? 0) : 0),
    };
  };
  const lines: LabelLine[] = [];
  const solid = new Map<string, Rect>();
  for (const e of singles) {
    const [a, b] = [end(e.source), end(e.target)];
    if (!a || !b || !e.label) continue;
    const [s, t] = [handle(a, "out"), handle(b, "in")];
    const [atSource, atTarget] = [busy.get(e.source) ?? 0, busy.get(e.target) ?? 0];
    lines.push({
      id: e.id,
      ends: { sx: s.x, sy: s.y, tx: t.x, ty: t.y, sourceSide: "bottom", targetSide: "top" },
      curvature: EDGE_KIND_SPECS[e.kind].curvature,
      text: e.label,
      prefer: atSource > atTarget ? 0.72 : atSource < atTarget ? 0.28 : 0.5,
    });
    for (const id of [a, b]) if (!open.has(id)) solid.set(id, boxes[id]);
  }
  return spreadLabels(lines, [...solid.values()]);
}
