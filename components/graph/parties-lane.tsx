import { ViewportPortal } from "@xyflow/react";
import { BOX, boundsOf, type Rect } from "@/lib/graph/geometry";
import type { GraphNode } from "@/schemas/graph";

/**
 * The heading over the parties' lane (`user`, `construct`, `any`): they are not members of the
 * org but the ends of contracts that come into it or leave it, which the lane says once.
 */
export function PartiesLane({ nodes, boxes }: { nodes: readonly GraphNode[]; boxes: Readonly<Record<string, Rect>> }) {
  const lane = nodes.filter((n) => n.kind === "party" && boxes[n.id]).map((n) => boxes[n.id]);
  if (!lane.length) return null;
  const { x, y, width } = boundsOf(lane);
  return (
    <ViewportPortal>
      <div
        data-testid="parties-lane"
        className="pointer-events-none absolute text-[11px] leading-tight text-muted"
        style={{ transform: `translate(${x}px, ${y - BOX.laneHeader + 8}px)`, width }}
      >
        <div className="font-semibold text-text">Outside the org</div>
        <div>who contracts come from or go to</div>
      </div>
    </ViewportPortal>
  );
}
