import type { Browser, CDPSession, Page } from "@playwright/test";
import { newPage, settled } from "./browser";
import { FIRST_VIEW } from "./first-view";

export type MemoryFigures = {
  /** Navigation start → the first box of the first view on screen (the picture or the canvas), page clock. */
  firstViewMs: number;
  /** The document and the data (fetch) responses asked for before that moment: what the first view needed. */
  firstViewBytes: number;
  /** Data responses asked for after it, until the live canvas settled: the rest of the org. */
  laterBytes: number;
  /** Elements in the document once the live canvas has settled, and after the panning. */
  domElements: number;
  domAfterPanning: number;
  /** JS heap used after a forced GC, once the canvas settled and after `panMs` of panning. */
  heapLoadMb: number;
  heapPannedMb: number;
  panMs: number;
};

/** A box of the first view: the preview's picture or React Flow's node, whichever comes first. */
const SHOWN = ".react-flow__node, [data-testid=canvas-preview] [data-box]";

// Runs before the page's own scripts: keeps every resource entry and notes when the first box shows.
export const WATCH_FIRST_VIEW = `(() => {
  performance.setResourceTimingBufferSize(100000);
  const tick = () => {
    if (document.querySelector(${JSON.stringify(SHOWN)})) window.__firstViewAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 2 ** 20;
}

/** A point on the bare pane, where a drag pans the canvas. */
async function panePoint(page: Page): Promise<{ x: number; y: number }> {
  const found = await page.evaluate(() => {
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    for (let fy = 0.1; fy < 0.95; fy += 0.05)
      for (let fx = 0.1; fx < 0.95; fx += 0.05) {
        const [x, y] = [pane.left + pane.width * fx, pane.top + pane.height * fy];
        if (document.elementFromPoint(x, y)?.classList.contains("react-flow__pane")) return { x, y };
      }
    return null;
  });
  if (!found) throw new Error("bench: no bare pane to pan the canvas from");
  return found;
}

/** Pans in a square of 300 px sides, over and over, for `ms`: the view keeps meeting new parts of the org. */
async function pan(page: Page, ms: number) {
  const deadline = Date.now() + ms;
  const sides = [
    [300, 0],
    [0, 300],
    [-300, 0],
    [0, -300],
  ];
  for (let i = 0; Date.now() < deadline; i++) {
    const at = await panePoint(page);
    const [dx, dy] = sides[i % 4];
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let s = 1; s <= 10; s++) await page.mouse.move(at.x + (dx * s) / 10, at.y + (dy * s) / 10);
    await page.mouse.up();
  }
}

/** What a page opened under WATCH_FIRST_VIEW fetched before and after its first view showed, and its DOM now. */
export function firstViewBytes(page: Page) {
  return page.evaluate(() => {
    const at = (window as { __firstViewAt?: number }).__firstViewAt!;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const data = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (e) => e.initiatorType === "fetch" || e.initiatorType === "xmlhttprequest",
    );
    const sum = (list: PerformanceResourceTiming[]) => list.reduce((n, e) => n + e.decodedBodySize, 0);
    return {
      firstViewMs: at,
      firstViewBytes: nav.decodedBodySize + sum(data.filter((e) => e.startTime < at)),
      laterBytes: sum(data.filter((e) => e.startTime >= at)),
      domElements: document.getElementsByTagName("*").length,
    };
  });
}

/**
 * Opens the editor page as a user would, at 1440 × 900: the bytes its first view needed, the DOM
 * once the live canvas settled, and the JS heap then and after `panMs` of panning.
 */
export async function measureMemory(browser: Browser, origin: string, panMs: number): Promise<MemoryFigures> {
  const page = await newPage(browser, origin, FIRST_VIEW);
  await page.addInitScript(WATCH_FIRST_VIEW);
  const cdp = await page.context().newCDPSession(page);
  try {
    await page.goto(`${origin}/`, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as { __firstViewAt?: number }).__firstViewAt, null, {
      timeout: 300_000,
    });
    await page.locator(".react-flow__node").first().waitFor({ state: "attached", timeout: 300_000 });
    await page.locator("[data-testid=canvas-preview]").waitFor({ state: "detached", timeout: 300_000 });
    await settled(page);
    const bytes = await firstViewBytes(page);
    const heapLoadMb = await heapMb(cdp);
    await pan(page, panMs);
    await settled(page);
    const domAfterPanning = await page.evaluate(() => document.getElementsByTagName("*").length);
    return { ...bytes, domAfterPanning, heapLoadMb, heapPannedMb: await heapMb(cdp), panMs };
  } finally {
    await cdp.detach().catch(() => {});
    await page.context().close();
  }
}
