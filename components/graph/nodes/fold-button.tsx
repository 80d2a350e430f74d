import { createContext, useContext, useEffect, useRef } from "react";
import type { OrgNodeData } from "../graph-types";

// A context, since node data holds no callbacks; it also reports a hovered chevron, so no hover edge takes its click.
export const FoldContext = createContext<{
  toggle: (nodeId: string) => void;
  onPointer: (over: boolean) => void;
} | null>(null);

/** Shares the box's tab stop, and neither drags (`nodrag`) nor selects the box. */
export function FoldButton({ data }: { data: OrgNodeData }) {
  const fold = useContext(FoldContext);
  const over = useRef(false);
  const latest = useRef(fold);
  latest.current = fold;
  // Removed from under the pointer (its box left the view, or a fold above hid it), it gets no pointerleave.
  useEffect(
    () => () => {
      if (over.current) latest.current?.onPointer(false);
    },
    [],
  );
  if (!fold || !data.members) return null;
  const pointer = (now: boolean) => {
    over.current = now;
    fold.onPointer(now);
  };
  const folded = !!data.collapsed;
  const kind = data.kind === "group" || data.kind === "tier" ? data.kind : "team";
  return (
    <button
      type="button"
      data-testid={`fold-${data.id}`}
      aria-expanded={!folded}
      aria-label={`${folded ? "Unfold" : "Fold"} ${kind} ${data.entityId}`}
      title={folded ? `Unfold: show the ${kind}'s members` : `Fold: show the ${kind} as one box`}
      tabIndex={data.tabStop ? 0 : -1}
      className="nodrag nopan absolute left-1.5 top-2 flex h-5 w-5 items-center justify-center rounded text-slate-600 hover:bg-slate-900/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-slate-300 dark:hover:bg-white/10"
      onClick={(e) => {
        e.stopPropagation();
        fold.toggle(data.id);
      }}
      onPointerEnter={() => pointer(true)}
      onPointerLeave={() => pointer(false)}
      onDoubleClick={(e) => e.stopPropagation()}
      // Enter and Space are the button's own: they must not reach the canvas's roving focus.
      onKeyDown={(e) => e.stopPropagation()}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 12 12"
        className={`h-3 w-3 transition-transform ${folded ? "-rotate-90" : ""}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M2.5 4.5 6 8l3.5-3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
