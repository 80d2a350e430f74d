import { childrenOf, type Position, type Rect } from "@/lib/graph/geometry";
import type { Graph } from "@/schemas/graph";

/** Absolute positions, as `layout.json` holds them: React Flow reports a member relative to its container. */
export function droppedAt(
  graph: Graph,
  boxes: Readonly<Record<string, Rect>>,
  positions: Readonly<Record<string, Position>>,
  id: string,
  relative: Position,
): Record<string, Position> {
  const node = graph.nodes.find((n) => n.id === id);
  const parent = node?.parent ? boxes[node.parent] : undefined;
  const at = parent ? { x: relative.x + parent.x, y: relative.y + parent.y } : relative;
  const before = boxes[id];
  const out: Record<string, Position> = { [id]: at };
  if (!before) return out;
  const [dx, dy] = [at.x - before.x, at.y - before.y];
  const members = childrenOf(graph.nodes);
  const carry = (of: string) => {
    for (const m of members.get(of) ?? []) {
      const p = positions[m];
      if (p) out[m] = { x: p.x + dx, y: p.y + dy };
      carry(m);
    }
  };
  carry(id);
  return out;
}

/** The team box (not its own) a dropped specialist's centre lies in, if any. */
export function teamUnder(
  graph: Graph,
  boxes: Readonly<Record<string, Rect>>,
  id: string,
  relative: Position,
): string | null {
  const node = graph.nodes.find((n) => n.id === id);
  if (node?.kind !== "specialist") return null;
  const parent = node.parent ? boxes[node.parent] : undefined;
  const own = boxes[id];
  if (!own) return null;
  const cx = relative.x + (parent?.x ?? 0) + own.width / 2;
  const cy = relative.y + (parent?.y ?? 0) + own.height / 2;
  const team = graph.nodes.find((n) => {
    const b = boxes[n.id];
    return (
      n.kind === "team" &&
      n.id !== node.parent &&
      b &&
      cx > b.x &&
      cx < b.x + b.width &&
      cy > b.y &&
      cy < b.y + b.height
    );
  });
  return team?.id ?? null;
}
