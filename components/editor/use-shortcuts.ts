"use client";

import { useEffect, useRef } from "react";
import { useEditorApi } from "./editor-store";
import { isTyping } from "./is-typing";
import { usePanelFlow } from "./use-panel-state";

/** Delete on the canvas (a node selected, nothing typed into): a field's own Delete never removes a record. */
const onCanvas = (target: EventTarget | null) =>
  target === document.body || (target instanceof Element && !!target.closest("#main"));

/**
 * Ctrl/⌘+K and `?` belong to palette/reach.tsx; undo and redo wait while the user types. Delete or
 * Backspace on a selected node opens the delete dialog (React Flow deletes only handoff edges itself).
 */
export function useShortcuts(
  undoRedo: (direction: "undo" | "redo") => Promise<void>,
  deleteCurrent: { run: () => void } | null,
) {
  const store = useEditorApi();
  const { dismissPanel } = usePanelFlow();
  const remove = useRef(deleteCurrent);
  remove.current = deleteCurrent;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === "z" && !isTyping(e.target)) {
        e.preventDefault();
        void undoRedo(e.shiftKey ? "redo" : "undo");
      } else if (mod && e.key.toLowerCase() === "y" && !isTyping(e.target)) {
        e.preventDefault();
        void undoRedo("redo");
      } else if (e.key === "Escape" && !e.defaultPrevented && !isTyping(e.target) && !store.getState().dialog) {
        // defaultPrevented: a Radix dialog (palette, problem list, shortcut sheet) took this Escape.
        void dismissPanel();
      } else if (
        (e.key === "Delete" || e.key === "Backspace") &&
        !mod &&
        !isTyping(e.target) &&
        onCanvas(e.target) &&
        store.getState().selection?.type === "node" &&
        !store.getState().dialog &&
        remove.current
      ) {
        e.preventDefault();
        remove.current.run();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoRedo, dismissPanel, store]);
}
