import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { PARTY_HELP, type PartyNode as PartyNodeType } from "../graph-types";
import { NodeChrome } from "./node-chrome";

function PartyNodeView({ data, selected }: NodeProps<PartyNodeType>) {
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable={false}
      className="rounded-full border-dashed border-slate-400 bg-slate-100 text-center dark:border-slate-500 dark:bg-slate-900"
    >
      <div title={PARTY_HELP[data.entityId]} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {data.label}
      </div>
      <div className="text-[11px] text-slate-600 dark:text-slate-300">{data.sublabel}</div>
    </NodeChrome>
  );
}

export const PartyNode = memo(PartyNodeView);
