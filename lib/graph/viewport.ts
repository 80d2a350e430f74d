import type { Box } from "./arcs";

/** Transform as React Flow's store holds it: pan x, pan y, zoom. */
export type Pane = { width: number; height: number; transform: readonly [number, number, number] };

export function viewBox(s: Pane): Box | null {
  if (!s.width || !s.height) return null;
  const [x, y, zoom] = s.transform;
  return { x1: -x / zoom, y1: -y / zoom, x2: (s.width - x) / zoom, y2: (s.height - y) / zoom };
}

const ZOOM_STEP = 1.5;

/**
 * Changes only when the view moves a screen or zooms by half: screen-sized tiles, the view's tile
 * and its eight neighbours (which always hold the view); a string so selectors compare cheaply.
 */
export function windowKey(s: Pane): string {
  if (!s.width || !s.height) return "";
  const [x, y, zoom] = s.transform;
  const step = Math.floor(Math.log(zoom) / Math.log(ZOOM_STEP));
  const tileW = s.width / ZOOM_STEP ** step;
  const tileH = s.height / ZOOM_STEP ** step;
  const cx = (s.width / 2 - x) / zoom;
  const cy = (s.height / 2 - y) / zoom;
  return `${Math.floor(cx / tileW)} ${Math.floor(cy / tileH)} ${tileW} ${tileH}`;
}

export function windowOfKey(key: string): Box | null {
  if (!key) return null;
  const [i, j, w, h] = key.split(" ").map(Number);
  return { x1: (i - 1) * w, y1: (j - 1) * h, x2: (i + 2) * w, y2: (j + 2) * h };
}
