"use client";

import { useEffect } from "react";
import { useEditorApi } from "./editor-store";
import { isTyping } from "./is-typing";
import { usePanelFlow } from "./use-panel-state";

/** Ctrl/⌘+K and `?` belong to palette/reach.tsx; undo and redo wait while the user types. */
export function useShortcuts(undoRedo: (direction: "undo" | "redo") => Promise<void>) {
  const store = useEditorApi();
  const { dismissPanel } = usePanelFlow();
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
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoRedo, dismissPanel, store]);
}
