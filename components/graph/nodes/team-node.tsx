import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { TeamNode as TeamNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";

function TeamNodeView({ data, selected }: NodeProps<TeamNodeType>) {
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable={false}
      className="border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950"
    >
      <div className="truncate pr-3 text-sm font-semibold text-sky-900 dark:text-sky-200">{data.label}</div>
      <div className="truncate text-[11px] text-sky-700 dark:text-sky-400">team · {data.sublabel}</div>
    </NodeChrome>
  );
}

export const TeamNode = memo(TeamNodeView);
