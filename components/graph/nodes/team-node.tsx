import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { TeamNode as TeamNodeType } from "../graph-types";
import { FoldButton } from "./fold-button";
import { NodeChrome } from "./node-chrome";

/** A team: a box holding its specialists, or folded to a card with its member count. */
function TeamNodeView({ data, selected }: NodeProps<TeamNodeType>) {
  const open = !!data.members && !data.collapsed;
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable={false}
      className={
        open
          ? "border-sky-300 bg-sky-50/60 dark:border-sky-700 dark:bg-sky-950/50"
          : "border-sky-300 bg-sky-50 shadow-md dark:border-sky-800 dark:bg-sky-950"
      }
    >
      <FoldButton data={data} />
      <div
        className={`truncate pr-3 text-sm font-semibold text-sky-900 dark:text-sky-200 ${data.members ? "pl-5" : ""}`}
      >
        {data.label}
      </div>
      <div
        data-testid="member-count"
        className={`truncate text-[11px] text-sky-700 dark:text-sky-300 ${data.members ? "pl-5" : ""}`}
      >
        team · {data.memberText ?? "no members"} · {data.sublabel}
      </div>
    </NodeChrome>
  );
}

export const TeamNode = memo(TeamNodeView);
