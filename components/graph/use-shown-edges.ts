import { useStore } from "@xyflow/react";
import { useMemo } from "react";
import { boxesOverlap } from "@/lib/graph/arcs";
import type { Rect } from "@/lib/graph/geometry";
import { windowKey, windowOfKey } from "@/lib/graph/viewport";
import type { OrgEdge } from "./graph-types";

const noWindow = () => "";

/** React Flow walks every edge on each store change: past the culling threshold it gets only those near the view. */
export function useShownEdges(
  edges: OrgEdge[],
  boxes: Readonly<Record<string, Rect>>,
  dragging: string | null,
  culling: boolean,
) {
  const windowed = useStore(culling ? windowKey : noWindow);
  return useMemo(() => {
    const window = windowOfKey(windowed);
    return edges.filter((e) => {
      // A stepped-back edge is not repainted on every frame of a drag, nor kept near a big org's view.
      if (dragging && e.source !== dragging && e.target !== dragging) return false;
      if (e.data?.dimmed && culling) return false;
      if (!window) return true;
      const [a, b] = [boxes[e.source], boxes[e.target]];
      if (!a || !b) return false;
      const box = {
        x1: Math.min(a.x, b.x),
        y1: Math.min(a.y, b.y),
        x2: Math.max(a.x + a.width, b.x + b.width),
        y2: Math.max(a.y + a.height, b.y + b.height),
      };
      return boxesOverlap(window, box);
    });
  }, [edges, windowed, boxes, dragging, culling]);
}
