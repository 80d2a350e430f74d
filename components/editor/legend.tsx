"use client";

import { edgeColor, edgeSpec, type GraphEdgeKind } from "@/schemas/edge-kinds";

export function Legend({
  visible,
  counts,
  onToggle,
  kinds,
}: {
  /** The relationships the project's generation can hold. */
  kinds: readonly GraphEdgeKind[];
  visible: ReadonlySet<GraphEdgeKind>;
  counts: Record<string, number>;
  onToggle: (kind: GraphEdgeKind) => void;
}) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-wrap items-center gap-1.5 border-0 p-0" aria-label="Edge kinds">
      {kinds.map((kind) => {
        const style = edgeSpec(kind);
        const color = edgeColor(kind);
        const on = visible.has(kind);
        return (
          <button
            key={kind}
            type="button"
            data-testid={`legend-${kind}`}
            aria-pressed={on}
            title={`${style.title}: ${style.description}`}
            onClick={() => onToggle(kind)}
            // Off is said by a dashed outline and a faded swatch; the text keeps its contrast (no opacity).
            className={`flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs ${on ? "border-border bg-surface" : "border-dashed border-border bg-transparent text-muted"}`}
          >
            <svg width="26" height="8" aria-hidden="true" className={on ? undefined : "opacity-40"}>
              <line
                x1="1"
                y1="4"
                x2="20"
                y2="4"
                stroke={color}
                strokeWidth={Math.min(style.width + 0.5, 3)}
                strokeDasharray={style.dash}
              />
              <path d="M20 1 L25 4 L20 7 Z" fill={color} />
            </svg>
            {style.title}
            <span className="text-muted">{counts[kind] ?? 0}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
