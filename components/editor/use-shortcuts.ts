"use client";

import { type RefObject, useEffect } from "react";
import { isTyping } from "./is-typing";

/** Ctrl/⌘+K and `?` belong to palette/reach.tsx; undo and redo wait while the user types. */
export function useShortcuts(keys: {
  undoRedo: (direction: "undo" | "redo") => Promise<void>;
  closePanel: () => void;
  dialogOpen: RefObject<boolean>;
}) {
  const { undoRedo, closePanel, dialogOpen } = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === "z" && !isTyping(e.target)) {
        e.preventDefault();
        void undoRedo(e.shiftKey ? "redo" : "undo");
      } else if (mod && e.key.toLowerCase() === "y" && !isTyping(e.target)) {
        e.preventDefault();
        void undoRedo("redo");
      } else if (e.key === "Escape" && !e.defaultPrevented && !isTyping(e.target) && !dialogOpen.current) {
        // defaultPrevented: a Radix dialog (palette, problem list, shortcut sheet) took this Escape.
        closePanel();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoRedo, closePanel, dialogOpen]);
}
