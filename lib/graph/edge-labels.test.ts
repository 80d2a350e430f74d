import { describe, expect, it } from "vitest";
import { flowEdges } from "@/components/graph/flow-edges";
import { curve } from "@/lib/graph/edge-ends";
import { type LabelLine, labelBox, SPREAD_AT_MOST, spreadLabels } from "@/lib/graph/edge-labels";
import { nodeBoxes, type Rect } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { orgToGraph } from "@/lib/graph/org-to-graph";
import { neighbourhood } from "@/lib/graph/overview";
import { EDGE_KINDS } from "@/schemas/edge-kinds";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

const overlaps = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) &&
  Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

const boxOf = (line: LabelLine, t: number) => {
  const [x, y] = curve(line.ends, line.curvature).at(t);
  return labelBox(line.text, x, y);
};

/** A line from (sx, sy) leaving downwards to (tx, ty) entering from above. */
const line = (id: string, sx: number, sy: number, tx: number, ty: number, prefer = 0.28): LabelLine => ({
  id,
  ends: { sx, sy, tx, ty, sourceSide: "bottom", targetSide: "top" },
  curvature: 0.4,
  text: `${id} · 1`,
  prefer,
});

describe("spreadLabels", () => {
  it("keeps a label where it would rather be when nothing is in the way", () => {
    expect(spreadLabels([line("a", 0, 0, 400, 300)], [])).toEqual(new Map([["a", 0.28]]));
  });

  it("moves labels of lines leaving nearly the same point apart along their lines", () => {
    const lines = [line("governance-team", 100, 186, 100, 105), line("governance-group", 100, 200, 100, 105)];
    // Both at their preferred place, the two labels cover each other.
    expect(overlaps(boxOf(lines[0], 0.28), boxOf(lines[1], 0.28))).toBe(true);
    const at = spreadLabels(lines, []);
    expect(overlaps(boxOf(lines[0], at.get("governance-team")!), boxOf(lines[1], at.get("governance-group")!))).toBe(
      false,
    );
  });

  it("keeps a label off a node the lines join", () => {
    const node = { x: 0, y: 100, width: 200, height: 64 };
    const lines = [line("over-the-node", 100, 0, 100, 300, 0.5)];
    expect(overlaps(boxOf(lines[0], 0.5), node)).toBe(true);
    const at = spreadLabels(lines, [node]).get("over-the-node")!;
    expect(overlaps(boxOf(lines[0], at), node)).toBe(false);
  });

  it("leaves the labels of very many lines where they would rather be", () => {
    const many = Array.from({ length: SPREAD_AT_MOST + 1 }, (_, i) => line(`l${i}`, 0, 0, 10, 10, 0.72));
    expect([...spreadLabels(many, []).values()].every((t) => t === 0.72)).toBe(true);
  });
});

describe("the labels around a focused specialist of the built-in org", () => {
  it("cover neither each other nor the boxes of the nodes their lines join", () => {
    const graph = orgToGraph({ org: loadOrg(BUILTIN_ORG_DIR) });
    const boxes = nodeBoxes(graph.nodes, layoutGraph(graph.nodes, graph.edges));
    const around = neighbourhood(graph, "specialist:cx-security", 1, new Set(EDGE_KINDS));
    const edges = flowEdges(graph, {
      visibleKinds: new Set(EDGE_KINDS),
      boxes,
      shown: around.edges,
      focusMode: true,
      selected: null,
      hovered: null,
      changes: null,
    }).filter((e) => e.data?.edge && e.data.label);
    expect(edges.length).toBeGreaterThan(5);
    const handle = (id: string, side: "in" | "out") => {
      const b = boxes[id];
      return side === "in"
        ? [b.x + b.width / 2, b.y - 3]
        : [b.x + b.width / 2, b.y + b.height + (id.startsWith("specialist:") ? 5 : 3)];
    };
    const placed = edges.map((e) => {
      const [sx, sy] = handle(e.source, "out");
      const [tx, ty] = handle(e.target, "in");
      const curvature = e.data?.kind === "escalation" ? 0.4 : e.data?.kind === "team-boundary" ? 0.5 : 0.25;
      const [x, y] = curve({ sx, sy, tx, ty, sourceSide: "bottom", targetSide: "top" }, curvature).at(
        e.data?.labelAt ?? 0.5,
      );
      return { id: e.id, box: labelBox(e.data?.label ?? "", x, y) };
    });
    const security = boxes["specialist:cx-security"];
    expect(placed.filter((p) => overlaps(p.box, security)).map((p) => p.id)).toEqual([]);
    const pairs = placed.flatMap((a, i) =>
      placed
        .slice(i + 1)
        .filter((b) => overlaps(a.box, b.box))
        .map((b) => [a.id, b.id]),
    );
    expect(pairs).toEqual([]);
  });
});
