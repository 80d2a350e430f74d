import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from "@xyflow/react";
import type { GraphEdgeKind } from "@/schemas/graph";
import { EDGE_STYLE, type OrgEdge, edgeOpacity } from "../graph-types";

/** How deep arcs of each kind hang, per pixel between their ends: kinds separate into bands. */
const ARC_DEPTH: Partial<Record<GraphEdgeKind, number>> = { contract: 0.22, handoff: 0.32, escalation: 0.45, "team-boundary": 0.2 };

/**
 * Dashes per edge are bounded: the rasterizer dashes a path along its whole length, for every tile
 * it crosses, so an escalation arc 100,000 px long (an org of 1,000 specialists) took seconds to
 * paint per frame. Past this length (in px) the pattern stretches to fit instead of repeating.
 */
const DASHED_LENGTH_CAP = 4000;

/** A cheap upper estimate of a path's length: its ends' distance, plus an arc's two legs. */
function roughLength(sx: number, sy: number, tx: number, ty: number, depth: number): number {
  return Math.abs(tx - sx) + Math.abs(ty - sy) + 2 * depth;
}

const arcDepth = (kind: GraphEdgeKind, sx: number, tx: number) => Math.min(36 + Math.abs(tx - sx) * (ARC_DEPTH[kind] ?? 0.3), 900);

/** An arc hanging below two nodes on the same side: deeper the farther apart they are. */
function arcPath(kind: GraphEdgeKind, sx: number, sy: number, tx: number, ty: number, up = false): [string, number, number] {
  const depth = arcDepth(kind, sx, tx);
  const c = up ? Math.min(sy, ty) - depth : Math.max(sy, ty) + depth;
  return [`M ${sx},${sy} C ${sx},${c} ${tx},${c} ${tx},${ty}`, (sx + tx) / 2, (sy + ty) / 8 + (3 * c) / 4];
}

/** The chrome every relationship edge shares; each kind's file picks its style and label policy. */
export function RelationshipEdge(props: EdgeProps<OrgEdge> & { alwaysLabel?: boolean; curvature?: number }) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd, alwaysLabel, curvature } = props;
  if (!data) return null;
  // Handles sit at a node's bottom (out) and top (in); an arc joins the two bottoms, or the two tops.
  const arc = data.arc;
  const [path, labelX, labelY] = arc
    ? arc.side === "below"
      ? arcPath(data.kind, sourceX, sourceY, targetX, targetY + arc.targetHeight)
      : arcPath(data.kind, sourceX, sourceY - arc.sourceHeight, targetX, targetY, true)
    : getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, curvature: curvature ?? 0.25 });
  const style = EDGE_STYLE[data.kind];
  const emphasized = selected || data.hovered;
  const length = roughLength(sourceX, sourceY, targetX, targetY, arc ? arcDepth(data.kind, sourceX, targetX) : 0);
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        // `pathLength` rescales the dash pattern to that many units along the path.
        pathLength={style.dash && length > DASHED_LENGTH_CAP ? DASHED_LENGTH_CAP : undefined}
        interactionWidth={16}
        // Stroke opacity, not opacity: opacity makes each edge a layer of its own to paint, which at
        // a thousand edges doubled the time to paint a frame. The arrowhead carries the same alpha.
        style={{ stroke: style.color, strokeWidth: emphasized ? style.width + 1.6 : style.width, strokeDasharray: style.dash, strokeOpacity: edgeOpacity(data.kind, { emphasized, dimmed: data.dimmed }) }}
      />
      {data.label && (alwaysLabel || emphasized) && (
        <EdgeLabelRenderer>
          <div
            data-testid={`edge-label-${data.kind}`}
            className="nodrag nopan pointer-events-none absolute rounded bg-white/90 px-1.5 py-0.5 font-mono text-[10px] shadow-sm dark:bg-slate-900/90"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, color: style.color }}
          >
            {data.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
