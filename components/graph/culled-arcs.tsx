"use client";

import { type ReactFlowState, useStore, ViewportPortal } from "@xyflow/react";
import { memo, useCallback, useMemo } from "react";
import { boxesOverlap, DASHED_LENGTH_CAP } from "@/lib/graph/arcs";
import { viewBox } from "@/lib/graph/viewport";
import type { EdgeExtent } from "./edge-extent";
import { EDGE_STYLE, edgeOpacity, type OrgEdge } from "./graph-types";

/**
 * React Flow, rendering only what is in view, drops an edge when the box around its two nodes is
 * out of view. An arc hangs up to 900 px below its row, so panning the row out of sight made arcs
 * that still crossed the screen vanish. This draws exactly those arcs, as plain paths: their ends,
 * where one would pick them, are off screen, and once one end is back React Flow draws the edge.
 */
export const CulledArcs = memo(function CulledArcs({
  edges,
  extents,
}: {
  edges: readonly OrgEdge[];
  extents: readonly (EdgeExtent | null)[];
}) {
  // Runs on every change of the store (each pan and drag frame): two box tests per arc, and a
  // string result, so this component re-renders only when the set of arcs to draw changes.
  const select = useCallback(
    (s: ReactFlowState) => {
      const view = viewBox(s);
      if (!view) return "";
      let shown = "";
      for (let i = 0; i < extents.length; i++) {
        const extent = extents[i];
        if (extent?.arc && !boxesOverlap(view, extent.ends) && boxesOverlap(view, extent.box)) shown += `${i},`;
      }
      return shown;
    },
    [extents],
  );
  const shown = useStore(select);
  const list = useMemo(() => (shown ? shown.slice(0, -1).split(",").map(Number) : []), [shown]);
  if (!list.length) return null;
  return (
    <ViewportPortal>
      <svg
        data-testid="culled-arcs"
        aria-hidden="true"
        className="pointer-events-none absolute left-0 top-0 overflow-visible"
        width={1}
        height={1}
      >
        {list.map((i) => {
          const data = edges[i].data;
          const arc = extents[i]?.arc;
          // `shown` lists only edges with an arc; the guard keeps the types honest.
          if (!data || !arc) return null;
          const { path, length } = arc;
          const style = EDGE_STYLE[data.kind];
          return (
            <path
              key={edges[i].id}
              data-edge={edges[i].id}
              d={path}
              fill="none"
              stroke={style.color}
              strokeWidth={style.width}
              strokeDasharray={style.dash}
              strokeOpacity={edgeOpacity(data.kind, { dimmed: data.dimmed })}
              pathLength={style.dash && length > DASHED_LENGTH_CAP ? DASHED_LENGTH_CAP : undefined}
            />
          );
        })}
      </svg>
    </ViewportPortal>
  );
});
