"use client";

import { describeEdge } from "@/lib/graph/edge-text";
import { changeLines, summaryLine } from "@/lib/plan/render";
import { EDGE_KIND_SPECS, edgeColor } from "@/schemas/edge-kinds";
import type { GraphEdge } from "@/schemas/graph";
import type { Plan, PlanChange } from "@/schemas/plan";

/** The box naming the edge hovered or selected; a selected handoff can be removed from it. */
export function EdgeInfo({
  edge,
  removable,
  onRemove,
}: {
  edge: GraphEdge;
  /** The edge is a selected handoff: offer "Remove handoff". */
  removable: boolean;
  onRemove: () => void;
}) {
  return (
    <div
      data-testid="edge-info"
      className="pointer-events-auto absolute bottom-3 left-16 z-10 max-w-[70%] rounded-md border border-slate-200 bg-white/95 px-3 py-2 text-xs shadow dark:border-slate-700 dark:bg-slate-900/95"
    >
      <span className="font-semibold" style={{ color: edgeColor(edge.kind) }}>
        {EDGE_KIND_SPECS[edge.kind].title}
      </span>{" "}
      {describeEdge(edge)}
      {removable && (
        <span className="ml-3">
          <button
            type="button"
            data-testid="remove-handoff"
            className="text-red-600 dark:text-red-400 underline"
            onClick={onRemove}
          >
            Remove handoff
          </button>
          <span className="ml-1 text-muted">(or press Delete)</span>
        </span>
      )}
    </div>
  );
}

const OVERLAY_KEY: { mark: string; label: string; className: string }[] = [
  { mark: "add", label: "added", className: "border-2 border-emerald-500" },
  { mark: "change", label: "changed", className: "border-2 border-amber-400" },
  { mark: "remove", label: "removed (ghost)", className: "border-2 border-dashed border-rose-400 opacity-60" },
  { mark: "widen", label: "widens access", className: "border-4 border-red-600" },
];

/** The overlay's legend, its summary, and the field diff of the node clicked. */
export function OverlayLegend(props: {
  /** The plan against HEAD, once loaded. */
  plan: Plan | null;
  error: string | null;
  selected: PlanChange[];
  selectedId: string | null;
}) {
  const widens = props.plan?.summary.widens ?? 0;
  return (
    <div
      data-testid="overlay-legend"
      className="pointer-events-auto absolute left-3 top-3 z-10 max-w-md rounded-md border border-slate-200 bg-white/95 p-2 text-xs shadow dark:border-slate-700 dark:bg-slate-900/95"
    >
      <div className="mb-1 font-semibold">
        Changes since HEAD
        {props.plan?.against.note && (
          <span data-testid="overlay-base" className="ml-1 font-normal text-muted">
            ({props.plan.against.note})
          </span>
        )}
      </div>
      <div className="mb-1 flex flex-wrap gap-2">
        {OVERLAY_KEY.map((k) => (
          <span key={k.mark} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-4 rounded-sm ${k.className}`} />
            {k.label}
          </span>
        ))}
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-emerald-600" /> edge added
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0 w-4 border-t-2 border-dashed border-rose-600" /> edge removed
        </span>
      </div>
      {props.error && <div className="text-red-700 dark:text-red-400">{props.error}</div>}
      {widens > 0 && (
        <div role="alert" data-testid="overlay-widens" className="font-semibold text-red-700 dark:text-red-400">
          ⚠ {widens} specialist(s) gain access
        </div>
      )}
      {props.plan && <div data-testid="overlay-summary">{summaryLine(props.plan)}</div>}
      {props.selectedId && props.selected.length > 0 && (
        <pre
          data-testid="overlay-diff"
          className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-1 font-mono dark:bg-slate-800"
        >
          {props.selected.flatMap((c) => changeLines(c)).join("\n")}
        </pre>
      )}
    </div>
  );
}
