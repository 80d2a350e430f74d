import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { GroupNode as GroupNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";

function GroupNodeView({ data, selected }: NodeProps<GroupNodeType>) {
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable={false}
      className="border-indigo-300 bg-indigo-50 dark:border-indigo-800 dark:bg-indigo-950"
    >
      <div className="truncate pr-3 text-sm font-semibold text-indigo-900 dark:text-indigo-200">{data.label}</div>
      <div className="truncate text-[11px] text-indigo-700 dark:text-indigo-400">group · {data.sublabel}</div>
    </NodeChrome>
  );
}

export const GroupNode = memo(GroupNodeView);
