"use client";

import { useEffect, useRef } from "react";

/**
 * A form remounted under the user (a save or a replace gives it a new key) would drop focus to the
 * page: focus goes back to the same field, else to Save. Nothing moves when focus went elsewhere.
 */
export function useKeptFocus(formKey: number) {
  const panel = useRef<HTMLElement>(null);
  const last = useRef<string | null>(null);
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const onFocus = (e: FocusEvent) => {
      last.current = (e.target as HTMLElement).getAttribute("name") ?? "";
    };
    el.addEventListener("focusin", onFocus);
    return () => el.removeEventListener("focusin", onFocus);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the form remounts, which formKey says
  useEffect(() => {
    const el = panel.current;
    const active = document.activeElement;
    if (!el || last.current === null || (active && active !== document.body)) return;
    const name = last.current;
    const again = name ? el.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`) : null;
    (again ?? el.querySelector<HTMLElement>('[data-testid="save-entity"]'))?.focus();
  }, [formKey]);
  return panel;
}
