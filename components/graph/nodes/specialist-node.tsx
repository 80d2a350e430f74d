import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { SpecialistNode as SpecialistNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";
import { NODE_LOOK, NodeLines, nodeSecondLine } from "./node-look";

function SpecialistNodeView({ data, selected }: NodeProps<SpecialistNodeType>) {
  return (
    <NodeChrome data={data} selected={selected} connectable className={NODE_LOOK.specialist.card}>
      <NodeLines kind="specialist" name={data.label} line={nodeSecondLine(data, undefined)} />
    </NodeChrome>
  );
}

export const SpecialistNode = memo(SpecialistNodeView);
