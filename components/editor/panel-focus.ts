import type { PanelTarget } from "@/components/panel/entity-panel";

/** The panel's landmark name, which the panel's `aria-label` carries: "specialist cx-qa", "team new". */
export const panelLabel = (target: PanelTarget) => `${target.kind} ${target.id ?? "new"}`;

/**
 * Where the user is, to come back to when the panel closes. Focus inside a menu or a modal that is
 * closing as the record opens (New ▾, the problem list) stands for the control that opened it.
 */
export function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const layer = active.closest<HTMLElement>('[role="dialog"], [role="alertdialog"], [role="menu"]');
  if (!layer) return active;
  const byControls = layer.id ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(layer.id)}"]`) : null;
  const labelledBy = layer.getAttribute("aria-labelledby");
  return byControls ?? (labelledBy ? document.getElementById(labelledBy) : null);
}

/**
 * After the panel closed: focus goes back to where it was opened from, else to the record's box on
 * the canvas, else to the canvas itself, so it never falls to the page's top.
 */
export function returnFocus(closed: PanelTarget, opener: HTMLElement | null) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    // Something took focus meanwhile (a dialog, the canvas's own return to a box): it stays there.
    if (active && active !== document.body) return;
    const usable =
      opener?.isConnected && opener !== document.body && !opener.closest("[data-testid=entity-panel]") ? opener : null;
    const node = closed.id
      ? document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(`${closed.kind}:${closed.id}`)}"]`)
      : null;
    // Not scrolled into view: the canvas pans itself, and a scrolled pane would shift the whole drawing.
    (usable ?? node ?? document.getElementById("main"))?.focus({ preventScroll: true });
  });
}
