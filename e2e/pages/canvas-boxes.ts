import type { Request } from "@playwright/test";
import type { EditorPage } from "./editor-page";

export type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes the canvas draws, as a user sees them, and what the page asks to save of them. */
export class CanvasBoxes {
  /** Every request that writes the layout file (positions or folds), in the order sent. */
  readonly layoutWrites: string[] = [];

  constructor(readonly editor: EditorPage) {
    editor.page.on("request", (r: Request) => {
      if (r.method() !== "GET" && new URL(r.url()).pathname === "/api/layout")
        this.layoutWrites.push(`${r.method()} ${r.postData() ?? ""}`);
    });
  }

  /** Every drawn box in flow coordinates (its translate and its size), by node id. */
  drawn(): Promise<Record<string, Box>> {
    return this.editor.page.locator(".react-flow__node").evaluateAll((els) =>
      Object.fromEntries(
        els.map((el) => {
          const node = el as HTMLElement;
          const m = /translate\(\s*(-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(node.style.transform);
          return [
            node.dataset.id as string,
            { x: Number(m?.[1]), y: Number(m?.[2]), width: node.offsetWidth, height: node.offsetHeight },
          ];
        }),
      ),
    );
  }

  /** Every label or count an edge shows, by its box on screen. */
  labels(): Promise<{ text: string; box: Box }[]> {
    return this.editor.page.locator(".react-flow__edgelabel-renderer > *").evaluateAll((els) =>
      els
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent ?? "", box: { x: r.x, y: r.y, width: r.width, height: r.height } };
        })
        .filter((l) => l.box.width > 0 && l.box.height > 0),
    );
  }

  /** Pairs of edge labels whose boxes on screen intersect. */
  async overlappingLabels(): Promise<string[]> {
    const labels = await this.labels();
    const out: string[] = [];
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++)
        if (intersects(labels[i].box, labels[j].box)) out.push(`${labels[i].text} × ${labels[j].text}`);
    return out;
  }

  /** Pairs of drawn boxes that intersect where neither holds the other (who holds whom as the org says). */
  async overlapping(): Promise<string[]> {
    const graph = (await (await this.editor.page.request.get(`${this.editor.origin}/api/graph`)).json()) as {
      nodes: { id: string; parent?: string }[];
    };
    const parent = new Map(graph.nodes.map((n) => [n.id, n.parent]));
    const holds = (outer: string, inner: string) => {
      for (let at = parent.get(inner); at; at = parent.get(at)) if (at === outer) return true;
      return false;
    };
    const boxes = Object.entries(await this.drawn());
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [[a, ab], [b, bb]] = [boxes[i], boxes[j]];
        if (intersects(ab, bb) && !holds(a, b) && !holds(b, a)) out.push(`${a} × ${b}`);
      }
    return out;
  }
}
