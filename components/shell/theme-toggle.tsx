"use client";

import { useTheme } from "@/components/editor/use-theme";

/** Fixed width: the icon the server draws may change once the saved pick is read, and nothing moves. */
export function ThemeToggle({ className }: { className: string }) {
  const [theme, toggleTheme] = useTheme();
  return (
    <button
      type="button"
      className={`${className} w-8 text-center`}
      onClick={toggleTheme}
      aria-label="Toggle dark mode"
      data-testid="theme-toggle"
    >
      {theme === "dark" ? "☀" : "☾"}
    </button>
  );
}
