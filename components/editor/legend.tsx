"use client";

import { EDGE_STYLE } from "@/components/graph/graph-types";
import { EDGE_KINDS, type GraphEdgeKind } from "@/schemas/kinds";

export function Legend({
  visible,
  counts,
  onToggle,
}: {
  visible: ReadonlySet<GraphEdgeKind>;
  counts: Record<string, number>;
  onToggle: (kind: GraphEdgeKind) => void;
}) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-wrap items-center gap-1.5 border-0 p-0" aria-label="Edge kinds">
      {EDGE_KINDS.map((kind) => {
        const style = EDGE_STYLE[kind];
        const on = visible.has(kind);
        return (
          <button
            key={kind}
            type="button"
            data-testid={`legend-${kind}`}
            aria-pressed={on}
            title={`${style.title}: ${style.description}`}
            onClick={() => onToggle(kind)}
            className={`flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs ${on ? "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800" : "border-transparent bg-transparent opacity-50"}`}
          >
            <svg width="26" height="8" aria-hidden="true">
              <line
                x1="1"
                y1="4"
                x2="20"
                y2="4"
                stroke={style.color}
                strokeWidth={Math.min(style.width + 0.5, 3)}
                strokeDasharray={style.dash}
              />
              <path d="M20 1 L25 4 L20 7 Z" fill={style.color} />
            </svg>
            {style.title}
            <span className="text-slate-400">{counts[kind] ?? 0}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
