import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from "@xyflow/react";
import { DASHED_LENGTH_CAP, roughLength } from "@/lib/graph/arcs";
import { EDGE_STYLE, edgeOpacity, type OrgEdge } from "../graph-types";

/**
 * The chrome every relationship edge shares; each kind's file picks its style and label policy.
 * A sum of relationships (the overview) is drawn thicker the more it stands for.
 */
export function RelationshipEdge(props: EdgeProps<OrgEdge> & { alwaysLabel?: boolean; curvature?: number }) {
  const {
    id,
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    data,
    selected,
    markerEnd,
    markerStart,
    alwaysLabel,
    curvature,
  } = props;
  if (!data) return null;
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    curvature: curvature ?? 0.25,
  });
  const style = EDGE_STYLE[data.kind];
  const emphasized = selected || data.hovered;
  const length = roughLength(sourceX, sourceY, targetX, targetY, 0);
  const width = style.width + (data.count > 1 ? Math.min(Math.log2(data.count), 3) : 0);
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        markerStart={markerStart}
        // `pathLength` rescales the dash pattern to that many units along the path.
        pathLength={style.dash && length > DASHED_LENGTH_CAP ? DASHED_LENGTH_CAP : undefined}
        interactionWidth={16}
        // Stroke opacity, not opacity: opacity makes each edge a layer of its own to paint, which at
        // a thousand edges doubled the time to paint a frame.
        style={
          data.change
            ? {
                // The Changes overlay: added edges green, removed ones as red dashed ghosts.
                stroke: data.change === "add" ? "#16a34a" : "#e11d48",
                strokeWidth: style.width + 1.4,
                strokeDasharray: data.change === "remove" ? "4 4" : undefined,
                strokeOpacity: data.dimmed ? 0.3 : 0.95,
              }
            : {
                stroke: style.color,
                strokeWidth: emphasized ? width + 1.6 : width,
                strokeDasharray: style.dash,
                strokeOpacity: edgeOpacity(data.kind, { emphasized, dimmed: data.dimmed }),
              }
        }
      />
      {data.label && (alwaysLabel || emphasized || (data.edge && !data.dimmed)) && (
        <EdgeLabelRenderer>
          <div
            data-testid={`edge-label-${data.kind}`}
            className="nodrag nopan pointer-events-none absolute rounded bg-white/90 px-1.5 py-0.5 font-mono text-[11px] shadow-sm dark:bg-slate-900/90"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, color: style.color }}
          >
            {data.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
