import { describe, expect, it } from "vitest";
import { syntheticOrg } from "@/bench/generate-org";
import { flowEdges } from "@/components/graph/flow-edges";
import type { OrgEdge, OrgEdgeData } from "@/components/graph/graph-types";
import { sumLook } from "@/components/graph/sum-edges";
import { foldedEdges, readableFolds, shownEndOf } from "@/lib/graph/collapse";
import { curve, facingEnds } from "@/lib/graph/edge-ends";
import { labelBox } from "@/lib/graph/edge-labels";
import { nodeBoxes, type Rect } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { aggregateEdges, neighbourhood, OVERVIEW_LINES, overviewEnd, overviewLevel } from "@/lib/graph/overview";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import type { Graph } from "@/schemas/graph";
import type { OrgRecords } from "@/schemas/kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const ALL = new Set(EDGE_KINDS);

/** The lines the canvas draws for `graph` at rest (nothing hovered or selected), folded as given. */
function firstView(graph: Graph, collapsed: ReadonlySet<string> = new Set(), shown: ReadonlySet<string> | null = null) {
  const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges, {}, collapsed), collapsed);
  const end = shownEndOf(graph, collapsed);
  const level = overviewLevel(graph, ALL, (n) => end(overviewEnd(n)));
  const edges = flowEdges(graph, {
    visibleKinds: ALL,
    boxes,
    shown,
    focusMode: false,
    selected: null,
    hovered: null,
    changes: null,
    level,
  });
  return { boxes, level, edges };
}

/** The box of each count a line shows, where the canvas draws it. */
function countBoxes(edges: OrgEdge[], boxes: Readonly<Record<string, Rect>>): { id: string; box: Rect }[] {
  return edges.flatMap((e) => {
    const data = e.data as OrgEdgeData;
    if (data.edge || data.dimmed || data.count < 2 || data.countOff) return [];
    const look = sumLook(data);
    const [x, y] = curve(facingEnds(boxes[e.source], boxes[e.target], look.lane), look.curvature).at(
      data.labelAt ?? 0.5,
    );
    return [{ id: e.id, box: labelBox(String(data.count), x, y) }];
  });
}

const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the built-in org's first view reads at a glance", () => {
  const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
  const relationships = graph.edges.filter((e) => e.kind !== "member");
  const view = firstView(graph);

  it(`draws at most ${OVERVIEW_LINES} lines for its relationships, where one per pair of boxes and kind would be more`, () => {
    expect(relationships.length).toBeGreaterThan(100);
    expect(aggregateEdges(graph).length).toBeGreaterThan(OVERVIEW_LINES);
    expect(view.level).not.toBe("kind");
    expect(view.edges.length).toBeGreaterThan(5);
    expect(view.edges.length).toBeLessThanOrEqual(OVERVIEW_LINES);
  });

  it("shows no two counts over each other, and leaves off at most a few", () => {
    const counts = countBoxes(view.edges, view.boxes);
    expect(counts.length).toBeGreaterThan(5);
    const over: string[] = [];
    for (let i = 0; i < counts.length; i++)
      for (let j = i + 1; j < counts.length; j++)
        if (intersects(counts[i].box, counts[j].box)) over.push(`${counts[i].id} × ${counts[j].id}`);
    expect(over).toEqual([]);
    const left = view.edges.filter((e) => e.data?.countOff).length;
    expect(left).toBeLessThanOrEqual(3);
  });

  it("puts every relationship between two boxes in exactly one line, which drawn open shows it on its own", () => {
    const inSums = new Map<string, string[]>();
    for (const e of view.edges) for (const id of e.data?.edges ?? []) inSums.set(id, [...(inSums.get(id) ?? []), e.id]);
    for (const e of relationships) {
      const sums = inSums.get(e.id) ?? [];
      expect(sums.length, e.id).toBeLessThanOrEqual(1);
      // One not in a line runs inside one box: clicking either end draws it.
      if (!sums.length) expect(neighbourhood(graph, e.source, 1).edges.has(e.id), e.id).toBe(true);
    }
    expect(inSums.size).toBeGreaterThan(relationships.length / 2);
    const sum = view.edges.find((e) => (e.data?.edges?.length ?? 0) > 3) as OrgEdge;
    const opened = firstView(graph, new Set(), new Set(sum.data?.edges));
    const drawn = new Set(opened.edges.filter((e) => e.data?.edge).map((e) => e.id));
    expect([...(sum.data?.edges ?? [])].filter((id) => !drawn.has(id))).toEqual([]);
  });
});

describe("a view that cannot read at a glance", () => {
  it("keeps its lines per kind: the 1,000-specialist first view draws what it drew", () => {
    // As the bench opens it: the built-in org beside the 1,000 specialists written to the project.
    const org = loadOrg(BUILTIN_ORG_DIR);
    for (const [section, records] of Object.entries(syntheticOrg(1000)))
      for (const r of records) (org[section as keyof OrgRecords] as Record<string, unknown>)[String(r.id)] = r;
    const graph = orgToGraph({ org });
    const folds = readableFolds(graph);
    const view = firstView(graph, folds);
    expect(view.level).toBe("kind");
    expect(view.edges.length).toBeGreaterThan(OVERVIEW_LINES);
    const before = foldedEdges(graph, folds).map((s) => s.id);
    expect(view.edges.map((e) => e.id).sort()).toEqual(before.sort());
  });
});
