import { BaseEdge, EdgeLabelRenderer, type EdgeProps, type InternalNode, useInternalNode } from "@xyflow/react";
import { memo } from "react";
import { DASHED_LENGTH_CAP, roughLength } from "@/lib/graph/arcs";
import { curve, facingEnds, type Side } from "@/lib/graph/edge-ends";
import type { Rect } from "@/lib/graph/geometry";
import { edgeColor, edgeSpec } from "@/schemas/edge-kinds";
import { useGone } from "../gone";
import { edgeOpacity, MIXED_LOOK, type OrgEdge, type OrgNode } from "../graph-types";
import { sumLook } from "../sum-edges";

const rectOf = (node: InternalNode<OrgNode> | undefined): Rect | null =>
  node
    ? {
        ...node.internals.positionAbsolute,
        width: node.measured.width ?? node.width ?? 0,
        height: node.measured.height ?? node.height ?? 0,
      }
    : null;

/**
 * Every kind, as its spec says. One relationship runs bottom handle to top; a sum runs between the
 * facing sides of two boxes, a lane per kind (a sum of several kinds, grey, on the middle lane).
 */
function RelationshipEdgeView(props: EdgeProps<OrgEdge>) {
  const { id, data, selected, markerEnd, markerStart } = props;
  const summed = !!data && !data.edge;
  const sourceNode = useInternalNode<OrgNode>(props.source);
  const targetNode = useInternalNode<OrgNode>(props.target);
  useGone(id);
  if (!data) return null;
  const [a, b] = [rectOf(sourceNode), rectOf(targetNode)];
  const look = sumLook(data);
  const ends =
    summed && a && b && data.kind !== "member"
      ? facingEnds(a, b, look.lane)
      : {
          sx: props.sourceX,
          sy: props.sourceY,
          tx: props.targetX,
          ty: props.targetY,
          sourceSide: props.sourcePosition as Side,
          targetSide: props.targetPosition as Side,
        };
  const spec = edgeSpec(data.kind);
  const style = data.mixed ? { ...spec, dash: undefined, width: 1.6 } : spec;
  const color = data.mixed ? MIXED_LOOK.color : edgeColor(data.kind);
  const line = curve(ends, summed ? look.curvature : style.curvature);
  const path = line.path;
  // The counts of parallel kinds stand at staggered points along their lines, not side by side.
  const lane = summed && data.kind !== "member" ? look.lane : 0;
  const [labelX, labelY] = line.at(data.labelAt ?? 0.5 + lane * 0.08);
  const emphasized = selected || data.hovered || data.highlight === "reach";
  const length = roughLength(ends.sx, ends.sy, ends.tx, ends.ty, 0);
  const width = style.width + (data.count > 1 ? Math.min(Math.log2(data.count), 3) : 0);
  const showLabel = !!data.label && (emphasized || (data.edge && !data.dimmed));
  // A sum's count stays on the line (unless it stands back): the label says the rest on hover.
  const showCount = summed && !showLabel && !data.dimmed && data.count > 1 && !data.countOff;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        markerStart={markerStart}
        pathLength={style.dash && length > DASHED_LENGTH_CAP ? DASHED_LENGTH_CAP : undefined}
        interactionWidth={16}
        // Stroke opacity, not opacity: opacity paints each edge as its own layer, doubling frame time at 1,000 edges.
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
                stroke: color,
                strokeWidth: emphasized ? width + 1.6 : width,
                strokeDasharray: style.dash,
                strokeOpacity: edgeOpacity(data.kind, { emphasized, dimmed: data.dimmed }),
              }
        }
      />
      {(showLabel || showCount) && (
        <EdgeLabelRenderer>
          <div
            data-testid={showLabel ? `edge-label-${data.kind}` : `edge-count-${data.kind}`}
            className="nodrag nopan pointer-events-none absolute rounded border bg-white px-1.5 py-0.5 font-mono text-[11px] leading-none shadow-sm dark:bg-slate-950"
            style={{
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
              color,
              borderColor: color,
              // A sum's count or breakdown stands over the boxes it crosses, never faint under an open box.
              zIndex: summed ? 1001 : undefined,
            }}
          >
            {showLabel ? data.label : `${data.count}`}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const RelationshipEdge = memo(RelationshipEdgeView);
