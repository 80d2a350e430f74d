import { Panel } from "@xyflow/react";
import { useEditor } from "@/components/editor/editor-store";

const button =
  "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 aria-pressed:bg-sky-600 aria-pressed:text-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * Focus mode from the canvas itself: with a node selected, "Focus" keeps only its neighbourhood
 * (one or two relationships away) and hides the overview's sums; "Exit focus" brings the org back.
 */
export function FocusBar() {
  const selected = useEditor((s) => (s.selection?.type === "node" ? s.selection.id : null));
  const focusMode = useEditor((s) => s.focusMode);
  const onChange = useEditor((s) => s.setFocusMode);
  if (!focusMode && !selected) return null;
  return (
    <Panel position="top-left" className="!m-2">
      <div
        data-testid="focus-bar"
        className="flex items-center gap-1.5 rounded-md border border-slate-200 bg-white/95 px-2 py-1 text-xs shadow-sm dark:border-slate-700 dark:bg-slate-900/95"
      >
        {focusMode ? (
          <>
            <span className="text-slate-600 dark:text-slate-300">
              Neighbourhood of <code>{focusMode.nodeId.replace(/^[a-z]+:/, "")}</code>, depth
            </span>
            {([1, 2] as const).map((depth) => (
              <button
                key={depth}
                type="button"
                className={button}
                aria-pressed={focusMode.depth === depth}
                onClick={() => onChange({ nodeId: focusMode.nodeId, depth })}
              >
                {depth}
              </button>
            ))}
            <button type="button" className={button} onClick={() => onChange(null)}>
              Exit focus
            </button>
          </>
        ) : (
          selected && (
            <button type="button" className={button} onClick={() => onChange({ nodeId: selected, depth: 1 })}>
              Focus on <code>{selected.replace(/^[a-z]+:/, "")}</code>
            </button>
          )
        )}
      </div>
    </Panel>
  );
}
