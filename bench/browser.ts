import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { median, percentile } from "./stats";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-dev-shm-usage",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-default-apps",
      "--disable-renderer-backgrounding",
      "--disable-background-timer-throttling",
    ],
  });
}

const VIEWPORT = { width: 1600, height: 1000 };

/** Only the studio's own origin is reachable: the studio works offline, and so must its benchmark. */
export async function newPage(browser: Browser, origin: string, viewport = VIEWPORT): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    return url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")
      ? route.continue()
      : route.abort();
  });
  // tsx compiles this file with esbuild's keepNames, which wraps inner functions of the callbacks
  // handed to page.evaluate in `__name(…)`; the page has no such helper unless given one.
  await context.addInitScript("globalThis.__name = (fn) => fn;");
  return context.newPage();
}

export type CanvasFigures = {
  firstRenderMs: number;
  /** Median interval between animation frames while a specialist is dragged. */
  dragFrameMs: number;
  dragFrameP95Ms: number;
  /** Drag duration over frames: a few frames of seconds show here where the median hides them. */
  dragFrameMeanMs: number;
  /** Main-thread busy time (scripting, style, layout, paint) per frame during the drag. */
  dragBusyMs: number;
  /**
   * The drag's span over the frames the compositor rasterized for it (from a trace). Chromium lets
   * animation frames run ahead of rasterization, so the frame interval alone can look fast while
   * the screen updates a few times a second; this is what the user sees.
   */
  dragPresentedMs: number;
  nodes: number;
  edges: number;
  frames: number;
};

/**
 * Navigation start → the org's nodes on the page, in the page's own clock: as many visible
 * `.react-flow__node` elements as the graph has nodes or, where the canvas renders only what is
 * in view, the moment the set of visible nodes last changed before holding still for a second.
 */
async function firstRender(page: Page, origin: string, expected: number): Promise<number> {
  await page.goto(`${origin}/`, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    (n) => {
      const w = window as unknown as { __benchShown?: number; __benchChanged?: number; __benchPolls?: number };
      const now = performance.now();
      let shown = 0;
      for (const node of document.querySelectorAll<HTMLElement>(".react-flow__node"))
        if (node.style.visibility !== "hidden") shown++;
      if (shown !== w.__benchShown) {
        w.__benchShown = shown;
        w.__benchChanged = now;
        w.__benchPolls = 0;
      }
      w.__benchPolls = (w.__benchPolls ?? 0) + 1;
      if (shown === 0) return false;
      if (shown >= n) return now;
      return now - w.__benchChanged! > 1000 && w.__benchPolls > 5 ? w.__benchChanged! : false;
    },
    expected,
    { polling: "raf", timeout: 180_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the viewport's transform stops changing (the first fit-to-view animates). */
export async function settled(page: Page) {
  let last = "";
  for (let i = 0; i < 100; i++) {
    const now = await page.locator(".react-flow__viewport").evaluate((el) => (el as HTMLElement).style.transform);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(150);
  }
}

/** The centre of a specialist node that is wholly in view and not covered by anything else. */
export async function draggableSpecialist(page: Page): Promise<{ id: string; x: number; y: number }> {
  const found = await page.evaluate(() => {
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    const candidates = [...document.querySelectorAll<HTMLElement>(".react-flow__node-specialist")];
    // Prefer a node near the middle of the pane, with room to move.
    const cx = pane.left + pane.width / 2;
    const cy = pane.top + pane.height / 2;
    candidates.sort((a, b) => {
      const ra = a.getBoundingClientRect();
      const rb = b.getBoundingClientRect();
      return Math.hypot(ra.x - cx, ra.y - cy) - Math.hypot(rb.x - cx, rb.y - cy);
    });
    for (const node of candidates) {
      const r = node.getBoundingClientRect();
      if (
        r.left < pane.left + 10 ||
        r.top < pane.top + 10 ||
        r.right > pane.right - 200 ||
        r.bottom > pane.bottom - 200
      )
        continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 3;
      if (document.elementFromPoint(x, y)?.closest(".react-flow__node") !== node) continue;
      return { id: node.dataset.id!, x, y };
    }
    return null;
  });
  if (!found) throw new Error("no specialist node is wholly in view to drag");
  return found;
}

/**
 * Drags a specialist in small steps with the mouse while the page records every animation frame,
 * and reads the renderer's own busy time for the same span.
 */
export async function dragFrames(
  page: Page,
  steps: number,
  budgetMs: number,
): Promise<{ intervals: number[]; busyPerFrame: number }> {
  const target = await draggableSpecialist(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const busy = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return get("TaskDuration");
  };
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  await page.evaluate(() => {
    const w = window as unknown as { __benchFrames: number[]; __benchRun: number };
    // A loop of an earlier drag may still have a frame pending: each loop stops once a newer one starts.
    const run = (w.__benchRun ?? 0) + 1;
    w.__benchRun = run;
    w.__benchFrames = [];
    const tick = (t: number) => {
      if (w.__benchRun !== run) return;
      w.__benchFrames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const before = await busy();
  // A canvas that needs seconds per frame would otherwise hold the run for many minutes.
  const deadline = Date.now() + budgetMs;
  for (let i = 1; i <= steps && Date.now() < deadline; i++) await page.mouse.move(target.x + i * 3, target.y + i * 2);
  const after = await busy();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __benchFrames: number[]; __benchRun: number };
    w.__benchRun++;
    return w.__benchFrames;
  });
  await page.mouse.up();
  await cdp.detach();
  const intervals = frames.slice(1).map((t, i) => t - frames[i]);
  return { intervals, busyPerFrame: ((after - before) * 1000) / Math.max(1, intervals.length) };
}

export async function measureCanvas(
  browser: Browser,
  origin: string,
  expectedNodes: number,
  expectedEdges: number,
  opts: { runs: number; dragSteps: number },
): Promise<CanvasFigures> {
  const renders: number[] = [];
  for (let i = 0; i <= opts.runs; i++) {
    const page = await newPage(browser, origin);
    const ms = await firstRender(page, origin, expectedNodes);
    if (i > 0) renders.push(ms);
    await page.context().close();
  }

  const page = await newPage(browser, origin);
  try {
    await firstRender(page, origin, expectedNodes);
    await settled(page);
    // One untimed drag first: the first pointer interaction compiles and allocates what later ones reuse.
    await dragFrames(page, 20, 10_000);
    const { intervals, busyPerFrame } = await dragFrames(page, opts.dragSteps, 30_000);
    const presented = await presentedFrameMs(page, opts.dragSteps);
    return {
      firstRenderMs: median(renders),
      dragFrameMs: median(intervals),
      dragFrameP95Ms: percentile(intervals, 95),
      dragFrameMeanMs: intervals.reduce((sum, ms) => sum + ms, 0) / Math.max(1, intervals.length),
      dragBusyMs: busyPerFrame,
      dragPresentedMs: presented,
      nodes: expectedNodes,
      edges: expectedEdges,
      frames: intervals.length,
    };
  } finally {
    await page.context().close();
  }
}

/**
 * Drags again under a trace and divides the drag's span by the number of main-thread frames the
 * compositor rasterized while it lasted (each `RasterTask` names the frame it paints).
 */
async function presentedFrameMs(page: Page, steps: number): Promise<number> {
  const file = path.join(os.tmpdir(), `studio-bench-trace-${process.pid}.json`);
  const browser = page.context().browser()!;
  await browser.startTracing(page, { path: file, categories: ["disabled-by-default-devtools.timeline"] });
  const started = Date.now();
  await dragFrames(page, steps, 30_000);
  const spanMs = Date.now() - started;
  await browser.stopTracing();
  try {
    const trace = JSON.parse(readFileSync(file, "utf8")) as {
      traceEvents: { name: string; args?: { tileData?: { sourceFrameNumber?: number } } }[];
    };
    const frames = new Set(
      trace.traceEvents.filter((e) => e.name === "RasterTask").map((e) => e.args?.tileData?.sourceFrameNumber),
    );
    return spanMs / Math.max(1, frames.size);
  } finally {
    rmSync(file, { force: true });
  }
}

export type BundleFigures = {
  /**
   * First-load JS as Next counts it: the scripts the document names (its script tags, and the
   * chunks its inline flight data lists for the client components it renders), gzip -9.
   */
  firstLoadKbGz: number;
  /** Scripts fetched after those, still with no interaction: lazy imports and link prefetches. */
  laterKbGz: number;
  hasMonaco: boolean;
  scripts: number;
};

/** Monaco's editor worker service is named in its code and nowhere else in the app. */
export const MONACO_MARKER = "editorWorkerService";

type Script = { url: string; gz: number; monaco: boolean };

function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  const seen = new Set<string>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script" || seen.has(response.url())) return;
    seen.add(response.url());
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      url: response.url(),
      gz: gzipSync(body, { level: 9 }).length,
      monaco: body.includes(MONACO_MARKER),
    });
  });
  return scripts;
}

/** What a page must wait for to count as loaded and interactive, with no interaction. */
const READY: Record<string, string> = {
  "/": ".react-flow__node",
  "/list": "main, table, [data-testid]",
  "/packs": "main, [data-testid]",
  "/embed": "main, [data-testid]",
  "/tests": "main, [data-testid]",
  "/changes": "main, [data-testid]",
};

/**
 * The JS a page loads before anyone touches it: every script response from navigation until the
 * page is hydrated and the network has been quiet for a second, gzip-sized here (the server may
 * not compress on loopback), split into what the document names (first load) and what came
 * after it (lazy chunks, and link prefetches, which do fetch other routes' scripts).
 */
export async function measureBundle(
  browser: Browser,
  origin: string,
  route: string,
): Promise<BundleFigures & { urls: string[] }> {
  const page = await newPage(browser, origin);
  try {
    const scripts = recordScripts(page);
    const document = await page.goto(origin + route, { waitUntil: "load" });
    const html = (await document?.text()) ?? "";
    await page
      .locator(READY[route] ?? "body")
      .first()
      .waitFor({ state: "attached", timeout: 60_000 });
    await quiet(page, scripts);
    const named = (s: Script) => html.includes(new URL(s.url).pathname);
    const kb = (list: Script[]) => list.reduce((sum, s) => sum + s.gz, 0) / 1024;
    return {
      firstLoadKbGz: kb(scripts.filter(named)),
      laterKbGz: kb(scripts.filter((s) => !named(s))),
      hasMonaco: scripts.some((s) => s.monaco),
      scripts: scripts.length,
      urls: scripts.map((s) => new URL(s.url).pathname),
    };
  } finally {
    await page.context().close();
  }
}

/** Waits until no new script has arrived for a second. */
async function quiet(page: Page, scripts: Script[]) {
  let count = -1;
  while (count !== scripts.length) {
    count = scripts.length;
    await page.waitForTimeout(1000);
  }
}

/**
 * The detector's own check: open a specialist's JSON tab on the editor page, which loads Monaco,
 * and report whether the scripts loaded by then contain the marker.
 */
export async function monacoDetectorWorks(
  browser: Browser,
  origin: string,
  specialistNodeId: string,
): Promise<boolean> {
  const page = await newPage(browser, origin);
  try {
    const scripts = recordScripts(page);
    await page.goto(`${origin}/`, { waitUntil: "load" });
    await page.getByTestId(`node-${specialistNodeId}`).click();
    await page.getByTestId("tab-json").click();
    await page.locator(".monaco-editor .view-lines").first().waitFor({ timeout: 60_000 });
    await quiet(page, scripts);
    return scripts.some((s) => s.monaco);
  } finally {
    await page.context().close();
  }
}

export type ShiftFigures = {
  /**
   * Every `layout-shift` entry without recent input from navigation until the page holds still,
   * summed: at least the largest session window Chromium reports as CLS.
   */
  cls: number;
  shifts: number;
  /** The elements that moved in the largest shifts, as tag#id.class, for finding them. */
  movers: string[];
};

/** Collects layout shifts from the first paint on, before any of the page's own scripts run. */
const SHIFT_OBSERVER = `
  globalThis.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const movers = (e.sources || []).map((s) => {
        const n = s.node;
        if (!n || !n.tagName) return "#text";
        return n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") +
          (n.dataset && n.dataset.testid ? "[" + n.dataset.testid + "]" : "") +
          (typeof n.className === "string" && n.className ? "." + n.className.split(" ").slice(0, 3).join(".") : "");
      });
      globalThis.__shifts.push({ value: e.value, movers });
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

/**
 * Loads a page with nothing touched and sums its layout shifts until it has been ready, its
 * scripts quiet and no shift recorded for two seconds (a live status settles in that time).
 */
export async function measureShifts(
  browser: Browser,
  origin: string,
  route: string,
  viewport = VIEWPORT,
): Promise<ShiftFigures> {
  const page = await newPage(browser, origin, viewport);
  try {
    await page.addInitScript(SHIFT_OBSERVER);
    const scripts = recordScripts(page);
    await page.goto(origin + route, { waitUntil: "load" });
    await page
      .locator(READY[route] ?? "body")
      .first()
      .waitFor({ state: "attached", timeout: 120_000 });
    await quiet(page, scripts);
    const read = () =>
      page.evaluate(() => (globalThis as unknown as { __shifts: { value: number; movers: string[] }[] }).__shifts);
    let shifts = await read();
    for (let held = 0; held < 4; ) {
      await page.waitForTimeout(500);
      const now = await read();
      held = now.length === shifts.length ? held + 1 : 0;
      shifts = now;
    }
    const largest = [...shifts].sort((a, b) => b.value - a.value).slice(0, 3);
    return {
      cls: shifts.reduce((sum, s) => sum + s.value, 0),
      shifts: shifts.length,
      movers: [...new Set(largest.flatMap((s) => s.movers))],
    };
  } finally {
    await page.context().close();
  }
}
