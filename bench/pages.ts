import type { Browser } from "@playwright/test";
import { PAGES } from "@/lib/shell/pages";
import { newPage } from "./browser";
import { FIRST_VIEW } from "./first-view";
import { median, round } from "./stats";

/**
 * Every page of the navigation at one org size, held to the editor's bar: the server's time to the
 * page's whole HTML and its size, then in Chromium at 1440 × 900 the first content on screen, the
 * DOM once the page is quiet, and the layout shift on the way. The pages come from the navigation
 * itself, so a new page is measured without anyone listing it here.
 */
export type PageFigures = {
  htmlMs: number;
  htmlBytes: number;
  domElements: number;
  firstContentMs: number;
  cls: number;
};

/** Keyed by page path, then by org (`1000`, `10000`, `v2-1000`). */
export type PagesResults = Record<string, Record<string, PageFigures>>;

export const PAGE_BUDGET = {
  /** A page's HTML against the editor page's, at the same org, in the same run. */
  htmlOverEditor: 2,
  htmlBytes: 1_000_000,
  domElements: 5_000,
  firstContentMs: 1_000,
  cls: 0.02,
};

async function timedHtml(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`bench: GET ${url} answered ${response.status}`);
  return { ms: performance.now() - started, bytes: body.length };
}

const SHIFTS = `
  globalThis.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) globalThis.__cls += e.value;
  }).observe({ type: "layout-shift", buffered: true });
`;

async function inBrowser(browser: Browser, origin: string, href: string) {
  const page = await newPage(browser, origin, FIRST_VIEW);
  try {
    await page.addInitScript(SHIFTS);
    await page.goto(`${origin}${href}`, { waitUntil: "load", timeout: 300_000 });
    // Quiet: the element count holds for a second (lists and the canvas fill in after load).
    let last = -1;
    for (let held = 0, i = 0; held < 4 && i < 80; i++) {
      await page.waitForTimeout(250);
      const now = await page.evaluate(() => document.getElementsByTagName("*").length);
      held = now === last ? held + 1 : 0;
      last = now;
    }
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        domElements: document.getElementsByTagName("*").length,
        firstContentMs: paint ? paint.startTime : Number.NaN,
        cls: (globalThis as unknown as { __cls: number }).__cls,
      };
    });
  } finally {
    await page.context().close();
  }
}

export async function measurePages(
  browser: Browser,
  origin: string,
  runs: number,
): Promise<Record<string, PageFigures>> {
  const out: Record<string, PageFigures> = {};
  for (const { href } of PAGES) {
    await timedHtml(`${origin}${href}`);
    const timed: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < runs; i++) timed.push(await timedHtml(`${origin}${href}`));
    const seen = await inBrowser(browser, origin, href);
    out[href] = {
      htmlMs: round(median(timed.map((t) => t.ms))),
      htmlBytes: timed[timed.length - 1].bytes,
      domElements: seen.domElements,
      firstContentMs: round(seen.firstContentMs),
      cls: round(seen.cls, 3),
    };
  }
  return out;
}

/** Each page against the bar, at each org measured: one line per figure that misses. */
export function pageTargets(pages: PagesResults): { name: string; figure: string; pass: boolean | null }[] {
  const out: { name: string; figure: string; pass: boolean | null }[] = [];
  const orgs = [...new Set(Object.values(pages).flatMap((byOrg) => Object.keys(byOrg)))];
  for (const org of orgs) {
    const editor = pages["/"]?.[org];
    const rows = Object.entries(pages).flatMap(([href, byOrg]) => (byOrg[org] ? [[href, byOrg[org]] as const] : []));
    const misses = rows.flatMap(([href, f]) => {
      const miss: string[] = [];
      if (editor && f.htmlMs > PAGE_BUDGET.htmlOverEditor * editor.htmlMs)
        miss.push(`${href} HTML ${round(f.htmlMs / editor.htmlMs)}× the editor's`);
      if (f.htmlBytes > PAGE_BUDGET.htmlBytes) miss.push(`${href} ${round(f.htmlBytes / 1e6)} MB of HTML`);
      if (f.domElements > PAGE_BUDGET.domElements) miss.push(`${href} ${f.domElements} elements`);
      if (!(f.firstContentMs <= PAGE_BUDGET.firstContentMs)) miss.push(`${href} first content ${f.firstContentMs} ms`);
      if (f.cls > PAGE_BUDGET.cls) miss.push(`${href} CLS ${f.cls}`);
      return miss;
    });
    out.push({
      name: `every page at ${org}: HTML ≤ ${PAGE_BUDGET.htmlOverEditor}× the editor's, ≤ 1 MB, ≤ 5,000 elements, first content ≤ 1 s, CLS ≤ 0.02`,
      figure: misses.length ? misses.join("; ") : `${rows.length} pages within`,
      pass: misses.length === 0,
    });
  }
  return out;
}

/** The table of every page at every org, the editor's row first. */
export function pagesTable(
  pages: PagesResults,
  table: (head: string[], rows: (string | number)[][]) => string,
): string {
  const rows: (string | number)[][] = [];
  for (const [href, byOrg] of Object.entries(pages))
    for (const [org, f] of Object.entries(byOrg)) {
      const editor = pages["/"]?.[org];
      rows.push([
        href,
        org,
        f.htmlMs,
        editor ? `${round(f.htmlMs / editor.htmlMs)}×` : "",
        round(f.htmlBytes / 1000),
        f.domElements,
        f.firstContentMs,
        f.cls,
      ]);
    }
  return `Every page of the navigation (1440 × 900): server time to the whole HTML (median), its size, elements once quiet, first content, CLS\n${table(
    ["page", "org", "HTML ms", "× editor", "HTML kB", "DOM", "first content ms", "CLS"],
    rows,
  )}`;
}
