import type { NodeActivity } from "@/lib/activity-view/overlay";
import { countText, memberCounts } from "@/lib/graph/collapse";
import { childrenOf, type Rect } from "@/lib/graph/geometry";
import type { Graph } from "@/schemas/graph";
import { nodeSpec } from "@/schemas/node-kinds";
import type { Highlights, NodeChangeMark, OrgNode } from "./graph-types";
import { chromeHandles } from "./nodes/node-chrome";

export type NodeMarks = {
  selected: string | null;
  highlights: Highlights;
  changes: Readonly<Record<string, NodeChangeMark>> | null;
  focus: ReadonlySet<string> | null;
  collapsed: ReadonlySet<string>;
  /** The activity overlay's marks by node id, or null while it is off. */
  activity?: Readonly<Record<string, NodeActivity>> | null;
  /** The one node in the Tab order (roving focus); the others are reached with the arrow keys. */
  tabStop: string | null;
};

/** Containers are sub-flows listed before their members; an unchanged node keeps its object (no re-render). */
export function flowNodes(
  graph: Graph,
  boxes: Readonly<Record<string, Rect>>,
  marks: NodeMarks,
  held: ReadonlyMap<string, OrgNode>,
): OrgNode[] {
  const members = childrenOf(graph.nodes);
  const counts = memberCounts(graph);
  const depth = new Map<string, number>();
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const parent = byId.get(id)?.parent;
    const d = parent && byId.has(parent) ? depthOf(parent) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  const ordered = graph.nodes.filter((n) => boxes[n.id]).sort((a, b) => depthOf(a.id) - depthOf(b.id));
  return ordered.map((n) => {
    const box = boxes[n.id];
    const parentBox = n.parent ? boxes[n.parent] : undefined;
    const position = parentBox ? { x: box.x - parentBox.x, y: box.y - parentBox.y } : { x: box.x, y: box.y };
    const count = members.get(n.id)?.length;
    const tabIndex = n.id === marks.tabStop ? 0 : -1;
    const data = {
      ...n,
      highlight: marks.highlights[n.id] ?? null,
      change: marks.changes?.[n.id] ?? null,
      dimmed: (!!marks.focus && !marks.focus.has(n.id)) || !!marks.activity?.[n.id]?.idle,
      activity: marks.activity?.[n.id] ?? null,
      ...(count
        ? {
            members: count,
            collapsed: marks.collapsed.has(n.id),
            memberText: countText(counts.get(n.id)),
            tabStop: tabIndex === 0,
          }
        : {}),
    };
    const selected = marks.selected === n.id;
    const old = held.get(n.id);
    if (
      old &&
      old.selected === selected &&
      old.domAttributes?.tabIndex === tabIndex &&
      old.position.x === position.x &&
      old.position.y === position.y &&
      old.width === box.width &&
      old.height === box.height &&
      old.parentId === (parentBox ? n.parent : undefined) &&
      sameData(old.data, data)
    )
      return old;
    const size = { width: box.width, height: box.height };
    const spec = nodeSpec(n.kind);
    return {
      id: n.id,
      type: spec.flowType,
      position,
      ...(parentBox ? { parentId: n.parent } : {}),
      data,
      selected,
      deletable: false,
      connectable: spec.connectable,
      // React Flow's own node focus (each node a tab stop, arrows nudging it) is off; see the canvas.
      focusable: false,
      domAttributes: { tabIndex },
      ariaLabel: `${spec.label} ${n.label}${count ? `, ${data.memberText}${data.collapsed ? ", folded" : ""}` : ""}`,
      className:
        "rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500",
      // Given as measured: fit-to-view counts only measured nodes, and most of a big org never renders.
      ...size,
      handles: chromeHandles(box.width, box.height, spec.connectable),
      measured: size,
    } as OrgNode;
  });
}

function sameData(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) if (x[k] !== y[k]) return false;
  return true;
}

/** Down into a container's first member, up to the container, left and right among siblings (wrapping). */
export function rovingTarget(graph: Graph, shown: ReadonlySet<string>, from: string, key: string): string | null {
  const node = graph.nodes.find((n) => n.id === from);
  if (!node) return null;
  const members = childrenOf(graph.nodes);
  const visible = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => shown.has(id));
  if (key === "ArrowDown") return visible(members.get(from))[0] ?? null;
  if (key === "ArrowUp") return node.parent && shown.has(node.parent) ? node.parent : null;
  if (key !== "ArrowLeft" && key !== "ArrowRight") return null;
  const siblings = node.parent
    ? visible(members.get(node.parent))
    : graph.nodes.filter((n) => (!n.parent || !shown.has(n.parent)) && shown.has(n.id)).map((n) => n.id);
  const at = siblings.indexOf(from);
  if (at < 0 || siblings.length < 2) return null;
  return siblings[(at + (key === "ArrowRight" ? 1 : siblings.length - 1)) % siblings.length];
}
