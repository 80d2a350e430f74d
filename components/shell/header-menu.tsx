"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";

/** Popups opened from inside the menu (New ▾, Route…, the palette) are not "outside" it. */
const POPUP = '[role="menu"], [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper]';

/**
 * On a narrow screen the header's pages, project, theme and the page's toolbar fold into one menu
 * under a "Menu" button, so the page keeps the screen; from `md` up they lay out in the header as
 * they are (the wrapper takes no box of its own). Escape or a tap outside closes it.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A menu or dialog opened from here takes its own Escape first.
      if (e.key !== "Escape" || e.defaultPrevented || document.querySelector(POPUP)) return;
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target || region.current?.contains(target) || toggle.current?.contains(target) || target.closest(POPUP))
        return;
      setOpen(false);
    };
    // Capture: the editor's own Escape (closing its panel) must not run for the same key.
    window.addEventListener("keydown", onKey, { capture: true });
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);
  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="header-menu"
        data-testid="header-menu-toggle"
        onClick={() => setOpen((was) => !was)}
        className="flex items-center gap-1.5 rounded border border-[var(--border)] px-2.5 py-1 text-sm md:hidden"
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <div
        id="header-menu"
        ref={region}
        data-testid="header-menu"
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-[15] max-h-[calc(100dvh-3rem)] flex-col items-start gap-3 overflow-y-auto border-b border-[var(--border)] bg-[var(--surface)] p-4 shadow-lg md:contents`}
      >
        {children}
      </div>
    </>
  );
}
