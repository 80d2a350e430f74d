import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { TeamNode as TeamNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

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
          : "border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950"
      }
    >
      <div className="truncate pr-3 text-sm font-semibold text-sky-900 dark:text-sky-200">{data.label}</div>
      <div className="truncate text-[11px] text-sky-700 dark:text-sky-300">
        team · {data.members ? plural(data.members, "member") : "no members"}
        {data.collapsed ? " (folded)" : ""} · {data.sublabel}
      </div>
    </NodeChrome>
  );
}

export const TeamNode = memo(TeamNodeView);
