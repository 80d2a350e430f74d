import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from "@xyflow/react";
import type { GraphEdgeKind } from "@/schemas/graph";
import { EDGE_STYLE, type OrgEdge } from "../graph-types";

/** How deep arcs of each kind hang, per pixel between their ends: kinds separate into bands. */
const ARC_DEPTH: Partial<Record<GraphEdgeKind, number>> = { contract: 0.22, handoff: 0.32, escalation: 0.45, "team-boundary": 0.2 };

/** An arc hanging below two nodes on the same side: deeper the farther apart they are. */
function arcPath(kind: GraphEdgeKind, sx: number, sy: number, tx: number, ty: number, up = false): [string, number, number] {
  const depth = Math.min(36 + Math.abs(tx - sx) * (ARC_DEPTH[kind] ?? 0.3), 900);
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
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={16}
        style={{ stroke: style.color, strokeWidth: emphasized ? style.width + 1.6 : style.width, strokeDasharray: style.dash, opacity: emphasized ? 1 : data.dimmed ? 0.07 : data.kind === "member" ? 0.5 : 0.75 }}
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
