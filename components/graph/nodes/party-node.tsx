import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { PARTY_HELP, type PartyNode as PartyNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";
import { NODE_LOOK, NodeLines, nodeSecondLine } from "./node-look";

function PartyNodeView({ data, selected }: NodeProps<PartyNodeType>) {
  return (
    <NodeChrome data={data} selected={selected} connectable={false} className={NODE_LOOK.party.card}>
      <NodeLines
        kind="party"
        name={data.label}
        line={nodeSecondLine(data, undefined)}
        nameTitle={PARTY_HELP[data.entityId]}
      />
    </NodeChrome>
  );
}

export const PartyNode = memo(PartyNodeView);
