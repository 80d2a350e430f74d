"use client";

import { type RefObject, useRef } from "react";

/** Where the last dialog opened from code returns focus: a dialog opened from that one returns there too. */
let outerReturn: HTMLElement | null = null;

/**
 * For a dialog opened by a shortcut or from code rather than by a trigger (which Radix returns focus
 * to itself): the element the user was on when it opened, read while rendering the opening, before
 * the dialog's own effects move focus into it. Opened from another dialog as that one closes (the
 * palette's "Keyboard shortcuts"), it is where that dialog was opened from.
 */
export function useFocusReturn(open: boolean): RefObject<HTMLElement | null> {
  const before = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open) {
      const active = document.activeElement;
      const here = active instanceof HTMLElement && active !== document.body ? active : null;
      before.current = here?.closest('[role="dialog"]') ? outerReturn : here;
      outerReturn = before.current;
    }
  }
  return before;
}

/** Gives focus back to `before` on close, in place of Radix's return to a trigger there is none of. */
export function returnFocusTo(before: RefObject<HTMLElement | null>) {
  return (e: Event) => {
    e.preventDefault();
    if (before.current?.isConnected) before.current.focus();
  };
}
