import { gzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { newPage, settled } from "./browser";

/** The window the first-view budget is judged in. */
export const FIRST_VIEW = { width: 1440, height: 900 };

export type FirstViewFigures = {
  /** `.react-flow__edge` elements once the first fit has settled. */
  edgesDrawn: number;
  /** The viewport's zoom after the first fit. */
  zoom: number;
  /** The smallest on-screen font size of a specialist's label (its first line of text), in px. */
  smallestLabelPx: number;
  /** The smallest on-screen font size of any text in a specialist node (sublabels included), in px. */
  smallestTextPx: number;
  /** Specialist nodes wholly inside the canvas pane (a node folded away or culled is not). */
  specialistsInView: number;
  /** Edge labels and counts drawn (each its own box on screen). */
  edgeLabels: number;
  /** Pairs of those labels whose boxes on screen intersect. */
  labelOverlaps: number;
};

/**
 * Opens the editor page at 1440 × 900 and reads what the first view shows once the fit has
 * settled and the edges stop changing: the edges drawn, and each specialist's text as the screen
 * shows it (font size × the scale the node is drawn at, so a CSS transform anywhere counts).
 */
export async function measureFirstView(browser: Browser, origin: string): Promise<FirstViewFigures> {
  const page = await newPage(browser, origin, FIRST_VIEW);
  try {
    await page.goto(`${origin}/`, { waitUntil: "load" });
    await page.locator(".react-flow__node").first().waitFor({ state: "attached", timeout: 300_000 });
    await settled(page);
    await edgesSettled(page);
    return await page.evaluate(() => {
      const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
      const transform = (document.querySelector(".react-flow__viewport") as HTMLElement).style.transform;
      const zoom = Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? 1);
      let smallestLabelPx = Number.POSITIVE_INFINITY;
      let smallestTextPx = Number.POSITIVE_INFINITY;
      let specialistsInView = 0;
      for (const node of document.querySelectorAll<HTMLElement>(".react-flow__node-specialist")) {
        if (node.style.visibility === "hidden" || !node.offsetWidth) continue;
        const r = node.getBoundingClientRect();
        const scale = r.width / node.offsetWidth;
        // Elements holding text of their own, in document order: the first is the label.
        const texts = [...node.querySelectorAll<HTMLElement>("*")].filter((el) =>
          [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim()),
        );
        const px = texts.map((el) => Number.parseFloat(getComputedStyle(el).fontSize) * scale);
        if (px.length) {
          smallestLabelPx = Math.min(smallestLabelPx, px[0]);
          smallestTextPx = Math.min(smallestTextPx, ...px);
        }
        if (r.left >= pane.left && r.top >= pane.top && r.right <= pane.right && r.bottom <= pane.bottom)
          specialistsInView++;
      }
      // Every label an edge draws is a child of React Flow's label layer.
      const labels = [...document.querySelectorAll<HTMLElement>(".react-flow__edgelabel-renderer > *")]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0);
      let labelOverlaps = 0;
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
          const [a, b] = [labels[i], labels[j]];
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) labelOverlaps++;
        }
      return {
        edgesDrawn: document.querySelectorAll(".react-flow__edge").length,
        edgeLabels: labels.length,
        labelOverlaps,
        zoom,
        smallestLabelPx,
        smallestTextPx,
        specialistsInView,
      };
    });
  } finally {
    await page.context().close();
  }
}

/** Edges are drawn once nodes are measured, a frame or more after them: wait until their count holds. */
async function edgesSettled(page: Page) {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const now = await page.locator(".react-flow__edge").count();
    if (now === last) return;
    last = now;
    await page.waitForTimeout(250);
  }
}

export type HtmlFigures = { htmlBytes: number; htmlGzBytes: number };

/** The editor page's HTML as the server sends it (the document alone, no scripts), and gzipped. */
export async function measureHtml(origin: string): Promise<HtmlFigures> {
  const response = await fetch(`${origin}/`);
  if (!response.ok) throw new Error(`bench: GET ${origin}/ answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { htmlBytes: body.length, htmlGzBytes: gzipSync(body, { level: 9 }).length };
}
