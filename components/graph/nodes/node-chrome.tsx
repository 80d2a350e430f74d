import { Handle, type NodeHandle, Position, useConnection } from "@xyflow/react";
import type { ReactNode } from "react";
import { useGone } from "../gone";
import type { OrgNodeData } from "../graph-types";
import { NODE_FRAME } from "./node-look";

/**
 * Every handle, where the browser measures it: React Flow uses these instead of measuring, so edges of
 * an unrendered node (big orgs render only what is in view) attach where they will. Must name every handle.
 */
export function chromeHandles(width: number, height: number, connectable: boolean): NodeHandle[] {
  const inSize = 8;
  const outSize = connectable ? 12 : 8;
  return [
    {
      id: "in",
      type: "target",
      position: Position.Top,
      x: width / 2 - inSize / 2,
      y: 1 - inSize / 2,
      width: inSize,
      height: inSize,
    },
    ...(connectable
      ? [
          {
            id: "drop",
            type: "target" as const,
            position: Position.Top,
            x: 1,
            y: 1,
            width: width - 2,
            height: height - 2,
          },
        ]
      : []),
    {
      id: "out",
      type: "source",
      position: Position.Bottom,
      x: width / 2 - outSize / 2,
      y: height - 1 - outSize / 2,
      width: outSize,
      height: outSize,
    },
  ];
}

const SCOPE_DOT: Record<string, string> = {
  builtin: "bg-slate-400",
  pack: "bg-amber-500",
  user: "bg-violet-500",
  project: "bg-emerald-500",
};

/** The Changes overlay's marks; a widening is meant to be impossible to miss. */
export const CHANGE_RING: Record<string, string> = {
  add: "ring-2 ring-emerald-500",
  change: "ring-2 ring-amber-400",
  remove: "opacity-50 border-dashed ring-2 ring-rose-400",
  widen: "ring-4 ring-red-600 shadow-red-500/50 shadow-lg",
};
export const CHANGE_BADGE: Record<string, { text: string; className: string }> = {
  add: { text: "+ added", className: "bg-emerald-600" },
  change: { text: "~ changed", className: "bg-amber-500" },
  remove: { text: "− removed", className: "bg-rose-500" },
  widen: { text: "⚠ widens access", className: "bg-red-600" },
};

export function NodeChrome({
  data,
  selected,
  className,
  connectable,
  children,
}: {
  data: OrgNodeData;
  selected: boolean;
  className: string;
  connectable: boolean;
  children: ReactNode;
}) {
  useGone(data.id);
  const change = data.change ? CHANGE_RING[data.change] : "";
  const ring = selected
    ? "ring-2 ring-sky-500"
    : change
      ? change
      : data.highlight === "draft-problem"
        ? "ring-2 ring-amber-500"
        : data.highlight === "search"
          ? "ring-2 ring-fuchsia-500"
          : data.highlight === "reach"
            ? "ring-4 ring-violet-600"
            : data.errorCount
              ? "ring-2 ring-red-500/70"
              : "";
  return (
    <div
      data-testid={`node-${data.id}`}
      data-kind={data.kind}
      data-change={data.change ?? undefined}
      data-dimmed={data.dimmed || undefined}
      data-highlight={data.highlight ?? undefined}
      className={`relative h-full w-full ${NODE_FRAME} transition-opacity ${data.dimmed ? "opacity-30" : ""} ${className} ${ring}`}
    >
      {/* Invisible: an arrowhead ends here, and a dot drawn over it hid which way edges run. */}
      <Handle
        id="in"
        type="target"
        position={Position.Top}
        isConnectable={connectable}
        className="!h-2 !w-2 !border-0 !bg-transparent"
      />
      {connectable && <DropZone />}
      {children}
      {data.change && (
        <span
          data-testid="node-change"
          className={`absolute -left-2 -top-2 rounded px-1 text-[10px] font-bold text-white ${CHANGE_BADGE[data.change].className}`}
        >
          {CHANGE_BADGE[data.change].text}
        </span>
      )}
      {data.scope && (
        <span
          data-testid="node-scope"
          data-scope={data.scope}
          title={data.source ? `from pack ${data.source}` : `from the ${data.scope} tier`}
          className={`absolute right-2 top-2 h-2 w-2 rounded-full ${SCOPE_DOT[data.scope]}`}
        />
      )}
      {(data.errorCount ?? 0) + (data.warningCount ?? 0) > 0 && (
        <span
          data-testid="node-problems"
          title={`${data.errorCount ?? 0} errors, ${data.warningCount ?? 0} warnings`}
          className={`absolute -right-2 -top-2 rounded-full px-1.5 text-[10px] font-semibold text-white ${data.errorCount ? "bg-red-600" : "bg-amber-500"}`}
        >
          {data.errorCount || data.warningCount}
        </span>
      )}
      {data.activity && <ActivityBadge activity={data.activity} />}
      <Handle
        id="out"
        type="source"
        position={Position.Bottom}
        isConnectable={connectable}
        className={connectable ? "!h-3 !w-3 !bg-blue-600" : "!h-2 !w-2 !border-0 !bg-transparent"}
      />
    </div>
  );
}

/** The activity overlay's badge: dispatches and error rate, red when the rate is high. */
function ActivityBadge({ activity }: { activity: NonNullable<OrgNodeData["activity"]> }) {
  return (
    <span
      data-testid="node-activity"
      data-idle={activity.idle || undefined}
      data-high={activity.high || undefined}
      title={activity.title}
      className={`absolute -bottom-2 right-2 rounded px-1 text-[10px] font-semibold ${activity.high ? "bg-red-600 text-white" : "border border-slate-300 bg-white text-slate-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200"}`}
    >
      {activity.text}
    </span>
  );
}

// While a handoff is drawn the whole node accepts the drop; edges still anchor on the `in` handle.
function DropZone() {
  const connecting = useConnection((c) => c.inProgress);
  return (
    <Handle
      id="drop"
      type="target"
      position={Position.Top}
      className={`!left-0 !top-0 !h-full !w-full !translate-x-0 !translate-y-0 !transform-none !rounded-lg !border-0 !bg-transparent ${connecting ? "" : "!pointer-events-none"}`}
    />
  );
}
