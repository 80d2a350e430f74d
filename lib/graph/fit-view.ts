import { boundsOf, type Rect } from "./geometry";

export type Viewport = { x: number; y: number; zoom: number };

type Fit = { padding: number; minZoom: number; maxZoom: number };

/** Never so small that labels stop being legible; the pre-canvas picture uses it too, so nothing jumps. */
export const FIRST_FIT = { padding: 0.04, minZoom: 0.6, maxZoom: 1.25 } as const;

/** The canvas's own zoom limits, however the user zooms. */
export const CANVAS_ZOOM = { min: 0.05, max: 2 } as const;

/**
 * Below this width (Tailwind's `md`, where the header folds into its menu) a pane is a phone's: no zoom
 * keeps an org legible there, so the first view shows it whole, to pinch into, not its middle cut off both sides.
 */
export const NARROW_PANE_PX = 768;

/** The first fit for a pane this wide: `FIRST_FIT`, down to the canvas's least zoom on a narrow pane. */
export function firstFit(paneWidth: number): Fit {
  return paneWidth < NARROW_PANE_PX ? { ...FIRST_FIT, minZoom: CANVAS_ZOOM.min } : FIRST_FIT;
}

/** 1440 × 900 less the toolbar. */
export const FIRST_PANE = { width: 1440, height: 800 } as const;

// A `text-sm` title (14 px at zoom 1) stops reading at a glance below 11 px on screen.
export const TITLE_PX = 14;
export const READABLE_TITLE_PX = 11;

function paddingPx(padding: number, size: number): number {
  return Math.floor((size - size / (1 + padding)) * 0.5);
}

/** What the browser needs to make `fitViewport`'s fit itself, in HTML drawn before the pane's size is known. */
export type CssFit = {
  /** The boxes' bounds, as an SVG `viewBox` fitted with `xMidYMid meet`. */
  viewBox: { x: number; y: number; width: number; height: number };
  /**
   * The padding on each side as one CSS inset: `%` of a left or right inset is of the pane's width, of a
   * top or bottom one of its height; rounded down to the pixel like React Flow's.
   */
  inset: string;
  /** The picture's least and greatest size: the zoom's limits. */
  min: { width: number; height: number };
  max: { width: number; height: number };
  /** Its least size in a pane narrower than `NARROW_PANE_PX`. */
  narrowMin: { width: number; height: number };
};

/**
 * `fitViewport` as CSS: inset by the padding, the picture is centred and scaled by the smaller of the
 * two ratios, and its size limits hold the zoom between its least and greatest (the least a container
 * query picks by the pane's width, as `firstFit` does). Centred overflow is what React Flow does too
 * when the least zoom leaves the org bigger than the pane.
 */
export function cssFit(boxes: readonly Rect[]): CssFit | null {
  if (!boxes.length) return null;
  const { x, y, width, height } = boundsOf(boxes);
  if (width <= 0 || height <= 0) return null;
  const [wide, narrow] = [firstFit(NARROW_PANE_PX), firstFit(0)];
  const share = wide.padding / (1 + wide.padding) / 2;
  return {
    viewBox: { x, y, width, height },
    inset: `round(down, calc(100% * ${share}), 1px)`,
    min: { width: width * wide.minZoom, height: height * wide.minZoom },
    max: { width: width * wide.maxZoom, height: height * wide.maxZoom },
    narrowMin: { width: width * narrow.minZoom, height: height * narrow.minZoom },
  };
}

/** React Flow 12's `fitView` result (`getViewportForBounds` with a number padding), computed ahead. */
export function fitViewport(
  boxes: readonly Rect[],
  width: number,
  height: number,
  fit: Fit = firstFit(width),
): Viewport | null {
  if (!boxes.length || width <= 0 || height <= 0) return null;
  const b = boundsOf(boxes);
  const [x1, y1, x2, y2] = [b.x, b.y, b.x + b.width, b.y + b.height];
  const [px, py] = [paddingPx(fit.padding, width), paddingPx(fit.padding, height)];
  const raw = Math.min((width - 2 * px) / (x2 - x1), (height - 2 * py) / (y2 - y1));
  const zoom = Math.min(Math.max(raw, fit.minZoom), fit.maxZoom);
  const x = width / 2 - ((x1 + x2) / 2) * zoom;
  const y = height / 2 - ((y1 + y2) / 2) * zoom;
  const short = (room: number, want: number) => Math.min(Math.floor(room) - want, 0);
  const left = short(x1 * zoom + x, px);
  const top = short(y1 * zoom + y, py);
  const right = short(width - (x2 * zoom + x), px);
  const bottom = short(height - (y2 * zoom + y), py);
  return { x: x - left + right, y: y - top + bottom, zoom };
}

/** Padded clear of the focus bar and zoom buttons; never under the least legible zoom. */
export const FOCUS_FIT = { padding: 0.12, minZoom: FIRST_FIT.minZoom, maxZoom: FIRST_FIT.maxZoom } as const;

/** React Flow's minimap: 200 × 150 px, 15 px in from the bottom-right corner. */
export const MINIMAP_CORNER = { width: 215, height: 165 } as const;

const TRIED_EDGES = 40;

/** The whole neighbourhood at a legible zoom, else the view showing the most of it around the focused node. */
export function focusViewport(
  focused: Rect,
  around: readonly Rect[],
  width: number,
  height: number,
  fit: Fit = FOCUS_FIT,
): Viewport | null {
  const all = [focused, ...around];
  const whole = fitViewport(all, width, height, { ...fit, minZoom: 0 });
  if (!whole || whole.zoom >= fit.minZoom) return whole;
  const zoom = fit.minZoom;
  const [px, py] = [paddingPx(fit.padding, width), paddingPx(fit.padding, height)];
  const [w, h] = [(width - 2 * px) / zoom, (height - 2 * py) / zoom];
  const centre = { x: focused.x + focused.width / 2, y: focused.y + focused.height / 2 };
  const clampX = (v: number) =>
    focused.width > w ? centre.x - w / 2 : Math.min(Math.max(v, focused.x + focused.width - w), focused.x);
  const clampY = (v: number) =>
    focused.height > h ? centre.y - h / 2 : Math.min(Math.max(v, focused.y + focused.height - h), focused.y);
  const nearest = [...around].sort((a, b) => distance(a, centre) - distance(b, centre)).slice(0, TRIED_EDGES);
  const lefts = new Set([
    clampX(centre.x - w / 2),
    ...nearest.flatMap((b) => [clampX(b.x), clampX(b.x + b.width - w)]),
  ]);
  const tops = new Set([
    clampY(centre.y - h / 2),
    ...nearest.flatMap((b) => [clampY(b.y), clampY(b.y + b.height - h)]),
  ]);
  // A box under the minimap does not count as shown.
  const [cornerX, cornerY] = [(width - MINIMAP_CORNER.width - px) / zoom, (height - MINIMAP_CORNER.height - py) / zoom];
  let best = { left: clampX(centre.x - w / 2), top: clampY(centre.y - h / 2), count: -1, off: Infinity };
  for (const left of lefts) {
    const across = all.filter((b) => b.x >= left - 0.5 && b.x + b.width <= left + w + 0.5);
    for (const top of tops) {
      const count = across.filter(
        (b) =>
          b.y >= top - 0.5 &&
          b.y + b.height <= top + h + 0.5 &&
          !(b.x + b.width > left + cornerX && b.y + b.height > top + cornerY),
      ).length;
      const off = Math.hypot(left + w / 2 - centre.x, top + h / 2 - centre.y);
      if (count > best.count || (count === best.count && off < best.off)) best = { left, top, count, off };
    }
  }
  return { x: px - best.left * zoom, y: py - best.top * zoom, zoom };
}

const distance = (b: Rect, p: { x: number; y: number }) =>
  Math.hypot(b.x + b.width / 2 - p.x, b.y + b.height / 2 - p.y);
