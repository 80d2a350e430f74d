import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { nodeSpec } from "@/schemas/node-kinds";
import type { OrgNode } from "../graph-types";
import { NodeChrome } from "./node-chrome";
import { NodeLines, nodeSecondLine } from "./node-look";

/** A node that holds no members (a specialist, a party): its two lines on its kind's card. */
function CardNodeView({ data, selected }: NodeProps<OrgNode>) {
  const spec = nodeSpec(data.kind);
  return (
    <NodeChrome data={data} selected={selected} connectable={spec.connectable} className={spec.look.card}>
      <NodeLines
        kind={data.kind}
        name={data.label}
        line={nodeSecondLine(data, undefined)}
        nameTitle={spec.help?.[data.entityId]}
      />
    </NodeChrome>
  );
}

export const CardNode = memo(CardNodeView);
