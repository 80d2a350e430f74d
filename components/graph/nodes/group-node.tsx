import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { GroupNode as GroupNodeType } from "../graph-types";
import { FoldButton } from "./fold-button";
import { NodeChrome } from "./node-chrome";

/** A group: a box holding its teams, or folded to a card with what it holds. */
function GroupNodeView({ data, selected }: NodeProps<GroupNodeType>) {
  const open = !!data.members && !data.collapsed;
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable={false}
      className={
        open
          ? "border-indigo-300 bg-indigo-50/40 dark:border-indigo-700 dark:bg-indigo-950/40"
          : "border-indigo-300 bg-indigo-50 shadow-md dark:border-indigo-800 dark:bg-indigo-950"
      }
    >
      <FoldButton data={data} />
      <div
        className={`truncate pr-3 text-sm font-semibold text-indigo-900 dark:text-indigo-200 ${data.members ? "pl-5" : ""}`}
      >
        {data.label}
      </div>
      <div
        data-testid="member-count"
        className={`truncate text-[11px] text-indigo-700 dark:text-indigo-300 ${data.members ? "pl-5" : ""}`}
      >
        group · {data.members ? data.memberText : data.sublabel}
      </div>
    </NodeChrome>
  );
}

export const GroupNode = memo(GroupNodeView);
