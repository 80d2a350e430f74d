import type { EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { OrgEdge } from "../graph-types";
import { RelationshipEdge } from "./relationship-edge";

function TeamBoundaryEdgeView(props: EdgeProps<OrgEdge>) {
  return <RelationshipEdge {...props} />;
}

export const TeamBoundaryEdge = memo(TeamBoundaryEdgeView);
