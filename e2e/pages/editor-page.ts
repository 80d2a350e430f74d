import { expect, type Locator, type Page } from "@playwright/test";

/** Waits until the canvas's viewport stops moving (the first fit, a zoom, a pan to a node). */
export async function viewportSettled(page: Page) {
  const viewport = page.locator(".react-flow__viewport");
  let last = "";
  await expect
    .poll(
      async () => {
        const now = await viewport.evaluate((el) => (el as HTMLElement).style.transform);
        const stable = now === last && now !== "";
        last = now;
        return stable;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

/** The graph editor as a user drives it. */
export class EditorPage {
  readonly consoleErrors: string[] = [];
  readonly externalRequests: string[] = [];

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    page.on("console", (m) => {
      if (m.type() === "error") this.consoleErrors.push(m.text());
    });
    page.on("pageerror", (e) => this.consoleErrors.push(String(e)));
  }

  async open() {
    await this.page.context().route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(this.origin) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
      this.externalRequests.push(url);
      return route.abort();
    });
    await this.page.goto(`${this.origin}/`);
    await expect(this.node("specialist:cx-architect")).toBeAttached();
    await this.settled();
    // The first view keeps labels legible and may leave nodes out; the tests want the whole org.
    await this.page.locator(".react-flow__controls-fitview").click();
    await this.settled();
  }

  /** Waits until the canvas stops moving (the first fit-to-view, a refetch after connecting). */
  settled() {
    return viewportSettled(this.page);
  }

  node(id: string): Locator {
    return this.page.getByTestId(`node-${id}`);
  }

  /**
   * Where a user takes hold of a node: its middle, or for a team or group box (which contains its
   * members' nodes) its title row, since the middle of the box is a member.
   */
  grip(id: string): { x: number; y: number } | undefined {
    return /^(team|group):/.test(id) ? { x: 24, y: 14 } : undefined;
  }

  edges(kind: string): Locator {
    return this.page.locator(`.react-flow__edge-${kind}`);
  }

  /** Edges of a kind, and the overview's lines that sum it with other kinds. */
  edgesHolding(kind: string): Locator {
    return this.page.locator(`.react-flow__edge-${kind}, .react-flow__edge.studio-edge-holds-${kind}`);
  }

  edge(id: string): Locator {
    return this.page.locator(`.react-flow__edge[data-id="${id}"]`);
  }

  /**
   * A point on an edge's path where the pointer really reaches that edge (not a node or another
   * edge drawn over it): an arc's bounding-box centre is not on the arc at all.
   */
  async edgeMidpoint(id: string) {
    return this.edge(id)
      .locator("path.react-flow__edge-interaction")
      .evaluate((el, edgeId) => {
        const path = el as SVGPathElement;
        const m = path.getScreenCTM()!;
        const length = path.getTotalLength();
        for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85]) {
          const p = path.getPointAtLength(length * f);
          const point = { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
          if (
            document.elementFromPoint(point.x, point.y)?.closest(".react-flow__edge")?.getAttribute("data-id") ===
            edgeId
          )
            return point;
        }
        throw new Error(`no point of edge ${edgeId} is reachable by the pointer`);
      }, id);
  }

  /** Selects a node, which steps back every edge that is not its own, then clicks one of its edges. */
  async clickEdgeOf(nodeId: string, edgeId: string) {
    await this.node(nodeId).click();
    await this.settled();
    const point = await this.edgeMidpoint(edgeId);
    await this.page.mouse.click(point.x, point.y);
  }

  async hoverEdgeOf(nodeId: string, edgeId: string) {
    await this.node(nodeId).click();
    await this.settled();
    const point = await this.edgeMidpoint(edgeId);
    await this.page.mouse.move(point.x, point.y);
  }

  panel(): Locator {
    return this.page.getByTestId("entity-panel");
  }

  panelTitle(): Locator {
    return this.page.getByTestId("panel-title");
  }

  /** The panel's Save button. */
  saveButton(): Locator {
    return this.page.getByTestId("save-entity");
  }

  async save() {
    await this.saveButton().click();
  }

  toast(kind: "success" | "error"): Locator {
    return this.page.getByTestId(`toast-${kind}`);
  }

  /** Clicks a node as a user selects it (a box by its title row) and waits until it shows selected. */
  async select(id: string) {
    await this.node(id).click({ position: this.grip(id) });
    await expect(this.page.locator(`.react-flow__node[data-id="${id}"]`)).toHaveClass(/\bselected\b/);
  }

  /** The Ctrl+K palette's dialog. */
  palette(): Locator {
    return this.page.getByRole("dialog", { name: "Search the org" });
  }

  /** Opens the palette with Ctrl+K and types `query` into its focused input, which it returns. */
  async search(query: string): Promise<Locator> {
    await this.page.keyboard.press("Control+k");
    const input = this.page.getByTestId("search-input");
    await expect(input).toBeFocused();
    await input.fill(query);
    return input;
  }

  /** Runs a palette entry: searches `query` and clicks the one option named `option`. */
  async runFromPalette(query: string, option: RegExp) {
    await this.search(query);
    await this.page.getByRole("option", { name: option }).click();
  }

  async openNode(id: string) {
    // Hovering a node draws its relationships, which may cross the point first aimed at: aim once
    // they are drawn, at a point still the node's own.
    await this.node(id).hover({ position: this.grip(id) });
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const at = /^(team|group):/.test(id) ? await this.ownPoint(id, this.grip(id)) : null;
    if (at) await this.page.mouse.click(at.x, at.y);
    else await this.node(id).click({ position: this.grip(id) });
    await expect(this.panel()).toBeVisible();
  }

  /** Drags from a specialist's output handle onto another node, as a user draws a handoff. */
  async connect(from: string, to: string) {
    await this.settled();
    const handle = this.node(from).locator(".react-flow__handle-bottom.source");
    const a = (await handle.boundingBox())!;
    const box = (await this.node(to).boundingBox())!;
    // A specialist's centre is its own; a team box's centre is one of its members.
    const b = to.startsWith("specialist:")
      ? { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      : await this.ownPoint(to);
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + box.x) / 2, (a.y + box.y) / 2, { steps: 8 });
    await this.page.mouse.move(b.x, b.y, { steps: 8 });
    await this.page.mouse.up();
  }

  /**
   * A point where the pointer reaches the node itself: its centre, or for a team or group box
   * (whose centre is one of its members) the first point of a grid over it that is the box's own.
   */
  async ownPoint(id: string, first?: { x: number; y: number }): Promise<{ x: number; y: number }> {
    const point = await this.node(id).evaluate((el, tried) => {
      const wrapper = el.closest<HTMLElement>(".react-flow__node");
      const r = el.getBoundingClientRect();
      // Not a handle nor a button (a box's fold chevron): the node itself.
      const own = (x: number, y: number) =>
        document.elementFromPoint(x, y)?.closest(".react-flow__node") === wrapper &&
        !document.elementFromPoint(x, y)?.closest(".react-flow__handle, button");
      if (tried && own(r.x + tried.x, r.y + tried.y)) return { x: r.x + tried.x, y: r.y + tried.y };
      const centre = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      if (own(centre.x, centre.y)) return centre;
      for (let fy = 0.1; fy < 1; fy += 0.1)
        for (let fx = 0.1; fx < 1; fx += 0.1) {
          const p = { x: r.x + r.width * fx, y: r.y + r.height * fy };
          if (own(p.x, p.y)) return p;
        }
      return null;
    }, first ?? null);
    if (!point) throw new Error(`no point of ${id} is its own`);
    return point;
  }

  async confirm(button: string) {
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: button }).click();
    await expect(dialog).toBeHidden();
  }
}
