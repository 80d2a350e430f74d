import type { GraphNode } from "@/schemas/graph";
import { BOX, childrenOf, nodeBoxes, type Position, type Rect } from "./geometry";

/**
 * No two boxes drawn overlap, unless one holds the other: a container grown by a new member, a box
 * unfolded beside its neighbours, a drop onto another box or a layout file saved that way all make
 * room here, wherever the positions came from. Siblings are set apart inside each container,
 * innermost first (a member moved grows its container), then at the top. Of two that overlap, the
 * one later in reading order moves right or down, whichever is shorter, with everything it holds,
 * so nothing moves up or left and the search ends. Boxes in `first`, and the containers around them,
 * keep their places before any other: a box the user just dropped stays where it was dropped.
 * Returns `positions` itself when nothing overlaps.
 */
export function separated(
  nodes: readonly GraphNode[],
  positions: Readonly<Record<string, Position>>,
  collapsed: ReadonlySet<string> = NONE,
  first: Iterable<string> = NONE,
): Readonly<Record<string, Position>> {
  const children = childrenOf(nodes);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parentOf = (id: string) => {
    const p = byId.get(id)?.parent;
    return p && byId.has(p) ? p : null;
  };
  const pinned = new Set<string>();
  for (const id of first) for (let at: string | null = id; at && !pinned.has(at); at = parentOf(at)) pinned.add(at);

  // Siblings by the depth of their container; members of a folded container are not drawn.
  const levels: { depth: number; ids: string[] }[] = [{ depth: 0, ids: [] }];
  for (const n of nodes) if (!parentOf(n.id)) levels[0].ids.push(n.id);
  const open = (id: string, depth: number) => {
    const kids = children.get(id);
    if (!kids?.length || collapsed.has(id)) return;
    levels.push({ depth: depth + 1, ids: kids });
    for (const k of kids) open(k, depth + 1);
  };
  for (const id of levels[0].ids) open(id, 0);
  levels.sort((a, b) => b.depth - a.depth);

  let out = positions;
  let boxes: Record<string, Rect> | null = null;
  let boxesAt = -1;
  for (const { depth, ids } of levels) {
    if (!boxes || boxesAt !== depth) {
      boxes = nodeBoxes(nodes, out, collapsed);
      boxesAt = depth;
    }
    const drawn = ids.filter((id) => boxes?.[id]).map((id) => ({ id, box: (boxes as Record<string, Rect>)[id] }));
    const gap = depth === 0 ? BOX.topGap : drawn.some((d) => children.get(d.id)?.length) ? BOX.boxGap : BOX.gap;
    const moves = apart(drawn, gap, pinned);
    if (!moves.size) continue;
    if (out === positions) out = { ...positions };
    const moved: Record<string, Position> = out as Record<string, Position>;
    const carry = (id: string, dx: number, dy: number) => {
      const p = moved[id];
      if (p) moved[id] = { x: p.x + dx, y: p.y + dy };
      for (const k of children.get(id) ?? []) carry(k, dx, dy);
    };
    for (const [id, { dx, dy }] of moves) carry(id, dx, dy);
    // Boxes of this depth's containers changed: the next depth up measures them again.
    boxes = null;
  }
  return out;
}

const NONE: ReadonlySet<string> = new Set();

/** Strictly overlapping: boxes that only touch are apart. */
export const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How far each box moves so that none of `items` overlaps another; empty when none does. */
function apart(
  items: { id: string; box: Rect }[],
  gap: number,
  pinned: ReadonlySet<string>,
): Map<string, { dx: number; dy: number }> {
  const moves = new Map<string, { dx: number; dy: number }>();
  if (!anyOverlap(items.map((i) => i.box))) return moves;
  const order = [...items].sort(
    (a, b) =>
      Number(pinned.has(b.id)) - Number(pinned.has(a.id)) ||
      a.box.y - b.box.y ||
      a.box.x - b.box.x ||
      (a.id < b.id ? -1 : 1),
  );
  const fixed: Rect[] = [];
  for (const { id, box } of order) {
    const at = { ...box };
    // Each step moves past one fixed box's right or bottom edge, so it ends within 2 × fixed steps.
    for (let blocker = fixed.find((f) => intersects(f, at)); blocker; blocker = fixed.find((f) => intersects(f, at))) {
      const right = blocker.x + blocker.width + gap - at.x;
      const down = blocker.y + blocker.height + gap - at.y;
      if (down <= right) at.y += down;
      else at.x += right;
    }
    if (at.x !== box.x || at.y !== box.y) moves.set(id, { dx: at.x - box.x, dy: at.y - box.y });
    fixed.push(at);
  }
  return moves;
}

/** Sorted by left edge, each box checked only against those starting before its right edge. */
function anyOverlap(boxes: Rect[]): boolean {
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length && sorted[j].x < sorted[i].x + sorted[i].width; j++)
      if (intersects(sorted[i], sorted[j])) return true;
  return false;
}
