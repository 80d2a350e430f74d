"use client";

import { useCallback, useSyncExternalStore } from "react";
import { THEME_KEY } from "@/components/ui/theme-script";

type Theme = "light" | "dark";

/** The theme is the `dark` class on <html> (set before paint by ThemeScript); this module keeps it. */
const listeners = new Set<() => void>();
const current = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

function apply(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  for (const l of listeners) l();
}

function saved(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === "dark" || value === "light" ? value : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Until the user picks a theme, a change of the system's preference is followed live.
  const media = matchMedia("(prefers-color-scheme: dark)");
  const onSystem = () => {
    if (!saved()) apply(media.matches ? "dark" : "light");
  };
  media.addEventListener("change", onSystem);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", onSystem);
  };
}

/** Light or dark, following the system until the user picks one; the pick is kept in localStorage. */
export function useTheme(): ["light" | "dark", () => void] {
  const theme = useSyncExternalStore(subscribe, current, () => "light" as const);
  const toggle = useCallback(() => {
    const next: Theme = current() === "dark" ? "light" : "dark";
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // Storage refused (private mode, quota): the pick lasts for this page only.
    }
    apply(next);
  }, []);
  return [theme, toggle];
}
