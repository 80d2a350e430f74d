import type { Rect } from "./geometry";

export type Viewport = { x: number; y: number; zoom: number };

/**
 * The editor's first view: the whole org, but never so small that labels stop being legible (the
 * minimap shows the rest). The canvas fits to it, and the picture painted before the canvas's code
 * arrives uses it too, so the view does not move when the canvas takes over.
 */
export const FIRST_FIT = { padding: 0.04, minZoom: 0.6, maxZoom: 1.25 } as const;

/** The canvas a first view fits into (1440 × 900 less the toolbar): the layout aims at its shape. */
export const FIRST_PANE = { width: 1440, height: 800 } as const;

/**
 * A box's title is `text-sm` (14 px at zoom 1); below 11 px on screen it stops being read at a
 * glance. A big org's first view folds until its titles reach this (`initialCollapsed`).
 */
export const TITLE_PX = 14;
export const READABLE_TITLE_PX = 11;

/** React Flow's padding: a number is a share of the pane, split on both sides, in whole pixels. */
function paddingPx(padding: number, size: number): number {
  return Math.floor((size - size / (1 + padding)) * 0.5);
}

/**
 * The viewport React Flow 12's `fitView` gives for `boxes` in a `width` × `height` pane (its
 * `getViewportForBounds`, for a number padding): centred, zoom clamped, then nudged so the padding
 * holds on the top and left where the zoom clamp left too little. `null` with nothing to fit.
 */
export function fitViewport(
  boxes: readonly Rect[],
  width: number,
  height: number,
  fit: { padding: number; minZoom: number; maxZoom: number } = FIRST_FIT,
): Viewport | null {
  if (!boxes.length || width <= 0 || height <= 0) return null;
  const x1 = Math.min(...boxes.map((b) => b.x));
  const y1 = Math.min(...boxes.map((b) => b.y));
  const x2 = Math.max(...boxes.map((b) => b.x + b.width));
  const y2 = Math.max(...boxes.map((b) => b.y + b.height));
  const [px, py] = [paddingPx(fit.padding, width), paddingPx(fit.padding, height)];
  const raw = Math.min((width - 2 * px) / (x2 - x1), (height - 2 * py) / (y2 - y1));
  const zoom = Math.min(Math.max(raw, fit.minZoom), fit.maxZoom);
  const x = width / 2 - ((x1 + x2) / 2) * zoom;
  const y = height / 2 - ((y1 + y2) / 2) * zoom;
  // How much room each side is left with, as React Flow counts it (floored), short of the padding.
  const short = (room: number, want: number) => Math.min(Math.floor(room) - want, 0);
  const left = short(x1 * zoom + x, px);
  const top = short(y1 * zoom + y, py);
  const right = short(width - (x2 * zoom + x), px);
  const bottom = short(height - (y2 * zoom + y), py);
  return { x: x - left + right, y: y - top + bottom, zoom };
}
