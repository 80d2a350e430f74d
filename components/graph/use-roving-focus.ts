import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useRef } from "react";
import type { CanvasSelection } from "@/components/editor/editor-store";
import type { Rect } from "@/lib/graph/geometry";
import type { Graph } from "@/schemas/graph";
import { rovingTarget } from "./flow-nodes";

const nodeElement = (id: string) =>
  document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);

// Found by its landmark, not by importing the panel, which stays out of the canvas chunk.
const panelOf = (id: string) => {
  const label = id.replace(":", " ");
  return [...document.querySelectorAll<HTMLElement>("aside[aria-label]")].find(
    (el) => el.getAttribute("aria-label") === label,
  );
};

/** The panel loads on demand: wait for it (a few seconds at most) and put focus on its first control. */
function focusPanelOf(id: string) {
  const started = Date.now();
  const tick = () => {
    const panel = panelOf(id);
    const first = panel?.querySelector<HTMLElement>(
      'button:not([disabled]), input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])',
    );
    if (first) first.focus();
    else if (Date.now() - started < 5000) setTimeout(tick, 50);
  };
  tick();
}

export function useRovingFocus(
  graph: Graph,
  boxes: Readonly<Record<string, Rect>>,
  onSelect: (selection: CanvasSelection) => void,
  setTabStop: (id: string) => void,
) {
  // One tab stop over the nodes; arrows move along the hierarchy; Enter opens the panel, Escape comes back.
  const moveFocus = useCallback(
    (id: string) => {
      setTabStop(id);
      requestAnimationFrame(() => nodeElement(id)?.focus());
    },
    [setTabStop],
  );
  const openedFrom = useRef<string | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const from = openedFrom.current;
      if (e.key !== "Escape" || !from) return;
      const panel = panelOf(from);
      if (!panel || !(e.target instanceof Node) || !panel.contains(e.target)) return;
      openedFrom.current = null;
      // After the shell has handled the same Escape (closing the panel, unless a field keeps it).
      setTimeout(() => moveFocus(from), 0);
    };
    // Capture: where the Escape came from is read before the editor's own Escape closes the panel.
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [moveFocus]);
  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent) => {
      const id = (event.target as HTMLElement).closest<HTMLElement>(".react-flow__node")?.dataset.id;
      if (!id || event.target !== event.currentTarget.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`))
        return;
      if (event.key === "Enter") {
        event.preventDefault();
        onSelect({ type: "node", id });
        openedFrom.current = id;
        focusPanelOf(id);
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
