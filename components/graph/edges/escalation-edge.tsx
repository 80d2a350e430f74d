import type { EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { OrgEdge } from "../graph-types";
import { RelationshipEdge } from "./relationship-edge";

function EscalationEdgeView(props: EdgeProps<OrgEdge>) {
  return <RelationshipEdge {...props} alwaysLabel={false} />;
}

export const EscalationEdge = memo(EscalationEdgeView);
