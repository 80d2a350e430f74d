import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { ROOT } from "../support";
import type { EditorPage } from "./editor-page";

/** Files the test server writes, read back from disk. */
export const disk = {
  entityFile: (section: string, id: string) => path.join(ROOT, ".cx", "org", section, `${id}.json`),
  entity(section: string, id: string) {
    return JSON.parse(readFileSync(disk.entityFile(section, id), "utf8"));
  },
  exists: (file: string) => existsSync(file),
  layoutFile: () => path.join(ROOT, ".cx", "studio", "layout.json"),
  /** The saved positions, or null while the file does not exist. */
  positions(): Record<string, { x: number; y: number }> | null {
    const file = disk.layoutFile();
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).positions : null;
  },
  promptFile: (id: string) => path.join(ROOT, ".cx", "prompts", `${id}.md`),
};

type ConsoleEntry = { text: string; url: string };

/**
 * Console errors of one page. A refused request (409, 422) makes Chromium log "Failed to load
 * resource"; a test that expects one names it, and only those are left out.
 */
export class ConsoleWatch {
  private readonly entries: ConsoleEntry[] = [];

  constructor(page: Page) {
    page.on("console", (m) => {
      if (m.type() === "error") this.entries.push({ text: m.text(), url: m.location().url });
    });
    page.on("pageerror", (e) => this.entries.push({ text: String(e), url: "" }));
  }

  unexpected(expected: { status: number; path: string }[] = []): string[] {
    return this.entries
      .filter(
        (e) =>
          !expected.some(
            (x) => e.text.includes(`status of ${x.status}`) && new URL(e.url || "http://x/").pathname === x.path,
          ),
      )
      .map((e) => `${e.text}${e.url ? ` (${e.url})` : ""}`);
  }
}

/** What the editor specs beyond editor.spec.ts need besides EditorPage. */
export class EditorExtras {
  constructor(readonly editor: EditorPage) {}

  get page(): Page {
    return this.editor.page;
  }

  /** The React Flow wrapper of a node, whose style transform is its position in flow coordinates. */
  flowNode(nodeId: string): Locator {
    return this.page.locator(`.react-flow__node[data-id="${nodeId}"]`);
  }

  /** A node's position in flow coordinates (independent of pan and zoom). */
  async flowPosition(nodeId: string): Promise<{ x: number; y: number }> {
    const transform = await this.flowNode(nodeId).evaluate((el) => (el as HTMLElement).style.transform);
    const match = /translate\(\s*(-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
    if (!match) throw new Error(`node ${nodeId} has no translate transform: ${transform}`);
    return { x: Number(match[1]), y: Number(match[2]) };
  }

  async zoom(): Promise<number> {
    const transform = await this.page
      .locator(".react-flow__viewport")
      .evaluate((el) => (el as HTMLElement).style.transform);
    const match = /scale\(([\d.]+)\)/.exec(transform);
    if (!match) throw new Error(`viewport has no scale: ${transform}`);
    return Number(match[1]);
  }

  /** Fits the whole org into the canvas (which the side panel narrows) and waits for it to stop. */
  async fitView() {
    await this.page.locator(".react-flow__controls-fitview").click();
    await this.editor.settled();
  }

  /** Clicks a node as a user does after fitting the view, and waits for its panel. */
  async openByClick(nodeId: string) {
    await expect(this.editor.node(nodeId)).toBeAttached();
    await this.fitView();
    await this.editor.openNode(nodeId);
    await expect(this.page.getByTestId("panel-title")).toHaveText(nodeId.slice(nodeId.indexOf(":") + 1));
  }

  async newEntity(kind: "specialist" | "team" | "group" | "contract") {
    await this.page.getByTestId("new-menu").click();
    await this.page.getByRole("menuitem", { name: kind, exact: true }).click();
    await expect(this.editor.panel()).toHaveAttribute("aria-label", `${kind} new`);
  }

  /** Adds items to a tags input: type each and press Enter. */
  async addTags(input: Locator, items: string[]) {
    for (const item of items) {
      await input.fill(item);
      await input.press("Enter");
      await expect(input).toHaveValue("");
    }
  }

  /**
   * Drags a node `distance` screen pixels along one axis, toward the middle of the canvas (so the
   * pointer stays clear of the edges, where React Flow pans). React Flow starts a drag on the first
   * move past its threshold and does not count that move, so a 2px move goes first.
   * Returns the screen offset the node was moved by.
   */
  async dragNode(nodeId: string, distance: number, axis: "x" | "y"): Promise<{ dx: number; dy: number }> {
    const box = (await this.editor.node(nodeId).boundingBox())!;
    const pane = (await this.page.locator(".react-flow").boundingBox())!;
    const grip = this.editor.grip(nodeId);
    const x = box.x + (grip?.x ?? box.width / 2);
    const y = box.y + (grip?.y ?? box.height / 2);
    const sign = axis === "x" ? (x < pane.x + pane.width / 2 ? 1 : -1) : y < pane.y + pane.height / 2 ? 1 : -1;
    const [ux, uy] = axis === "x" ? [sign, 0] : [0, sign];
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + 2 * ux, y + 2 * uy);
    await this.page.mouse.move(x + (2 + distance) * ux, y + (2 + distance) * uy, { steps: 10 });
    await this.page.mouse.up();
    return { dx: distance * ux, dy: distance * uy };
  }

  /** Replaces the text of the Monaco model whose path ends with `suffix`, as a paste would. */
  async setMonacoText(suffix: string, text: string) {
    await expect
      .poll(() =>
        this.page.evaluate((s) => {
          const m = (
            window as unknown as { __studioMonaco?: { editor: { getModels: () => { uri: { path: string } }[] } } }
          ).__studioMonaco;
          return !!m?.editor.getModels().some((model) => model.uri.path.endsWith(s));
        }, suffix),
      )
      .toBe(true);
    await this.page.evaluate(
      ({ s, value }) => {
        const m = (
          window as unknown as {
            __studioMonaco: { editor: { getModels: () => { uri: { path: string }; setValue: (v: string) => void }[] } };
          }
        ).__studioMonaco;
        m.editor
          .getModels()
          .find((model) => model.uri.path.endsWith(s))!
          .setValue(value);
      },
      { s: suffix, value: text },
    );
  }
}
