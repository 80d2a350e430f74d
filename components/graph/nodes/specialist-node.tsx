import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { SpecialistNode as SpecialistNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";

function SpecialistNodeView({ data, selected }: NodeProps<SpecialistNodeType>) {
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable
      className="border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800"
    >
      <div className="truncate pr-3 text-sm font-semibold text-slate-900 dark:text-slate-100">{data.label}</div>
      <div className="truncate font-mono text-[11px] text-slate-500 dark:text-slate-400">
        {data.entityId} · {data.sublabel}
      </div>
    </NodeChrome>
  );
}

export const SpecialistNode = memo(SpecialistNodeView);
