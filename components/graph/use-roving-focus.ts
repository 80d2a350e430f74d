import { type KeyboardEvent as ReactKeyboardEvent, useCallback } from "react";
import type { Rect } from "@/lib/graph/geometry";
import type { Graph } from "@/schemas/graph";
import { rovingTarget } from "./flow-nodes";
import type { CanvasSelection } from "./org-canvas";

/** The canvas's key handler; `setTabStop` names the node that holds the one tab stop. */
export function useRovingFocus(
  graph: Graph,
  boxes: Readonly<Record<string, Rect>>,
  onSelect: (selection: CanvasSelection) => void,
  setTabStop: (id: string) => void,
) {
  // Keyboard: one tab stop over the nodes; arrows move along the hierarchy; Enter opens the node's
  // panel and moves focus into it; Escape from the panel comes back to the node.
  const moveFocus = useCallback(
    (id: string) => {
      setTabStop(id);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)?.focus(),
      );
    },
    [setTabStop],
  );
  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent) => {
      const id = (event.target as HTMLElement).closest<HTMLElement>(".react-flow__node")?.dataset.id;
      if (!id || event.target !== event.currentTarget.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`))
        return;
      if (event.key === "Enter") {
        event.preventDefault();
        onSelect({ type: "node", id });
        return;
      }
      const next = rovingTarget(graph, new Set(Object.keys(boxes)), id, event.key);
      if (next) {
        event.preventDefault();
        moveFocus(next);
      }
    },
    [graph, boxes, onSelect, moveFocus],
  );
  return onKeyDown;
}
