"use client";

import { type FocusEvent, type KeyboardEvent, type ReactNode, useState } from "react";

/** Where focus may go and the menu stay open: itself, and the popups opened from it (New ▾, Route…). */
const KEEPS_OPEN = "#header-menu,#header-menu-toggle,[role=menu],[role=dialog]";

/**
 * On a narrow screen the header's pages, project, theme and the page's toolbar fold into one menu
 * under a "Menu" button, so the page keeps the screen; from `md` up they lay out in the header as
 * they are (the wrapper takes no box of its own). Escape closes it and focus goes back to the
 * button; focus leaving it for the page (a tap on the canvas) closes it, but not for a popup it opened.
 * Every page loads this, so it listens only on its own elements.
 */
export function HeaderMenu({
  children,
  toggleClass,
  menuClass,
}: {
  children: ReactNode;
  /** Classes from the server's markup: every page loads this component, and they cost it no code. */
  toggleClass: string;
  menuClass: string;
}) {
  const [open, setOpen] = useState(false);
  const onKeyDown = (e: KeyboardEvent) => {
    // A popup opened from here has focus, and so its own Escape, while it is up.
    if (e.key !== "Escape" || e.defaultPrevented || !open) return;
    // Taken here: the editor's own Escape (closing its panel) is not for this key.
    e.preventDefault();
    setOpen(false);
    document.getElementById("header-menu-toggle")?.focus();
  };
  // Focus leaving for the page (a tap on the canvas, a Tab past the end) closes the menu.
  const onBlur = (e: FocusEvent) => {
    const to = e.relatedTarget;
    if (!(to instanceof Element && to.closest(KEEPS_OPEN))) setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        id="header-menu-toggle"
        aria-expanded={open}
        aria-controls="header-menu"
        data-testid="header-menu-toggle"
        onClick={() => setOpen(!open)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className={toggleClass}
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <section
        id="header-menu"
        aria-label="Menu"
        data-testid="header-menu"
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className={`${open ? "flex" : "hidden"} ${menuClass}`}
      >
        {children}
      </section>
    </>
  );
}
