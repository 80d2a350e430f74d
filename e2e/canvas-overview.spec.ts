import { expect, type Page, test } from "@playwright/test";
import { CanvasBoxes } from "./pages/canvas-boxes";
import { EditorPage, viewportSettled } from "./pages/editor-page";
import { extraPort, studioOfItsOwn } from "./support";

// The built-in org alone, in a project of its own: the shared e2e project gains records from other specs.
const own = studioOfItsOwn({ prefix: "studio-canvas-", port: extraPort(4), dirs: [".cx/org"] });

/** The canvas at a glance: the built-in org's first view at 1440 × 900. */

async function openFirstView(page: Page): Promise<EditorPage> {
  const editor = new EditorPage(page, own.studio.origin);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${own.studio.origin}/`);
  await expect(editor.node("specialist:cx-architect")).toBeAttached();
  // The first fit is animated in a frame.
  await editor.settled();
  return editor;
}

/** What the first view shows: every drawn edge's kind and ends, and each specialist's label on screen. */
const firstView = (page: Page) =>
  page.evaluate(() => {
    const zoom = Number(
      /scale\(([\d.]+)\)/.exec((document.querySelector(".react-flow__viewport") as HTMLElement).style.transform)?.[1],
    );
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    const specialists = [...document.querySelectorAll<HTMLElement>('[data-testid^="node-specialist:"]')].map((node) => {
      const label = node.querySelector<HTMLElement>("div.truncate")!;
      const r = node.getBoundingClientRect();
      return {
        id: node.dataset.testid!,
        px: Number.parseFloat(getComputedStyle(label).fontSize) * zoom,
        inside: r.left >= pane.left && r.top >= pane.top && r.right <= pane.right && r.bottom <= pane.bottom,
      };
    });
    const edges = [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => ({
      id: e.dataset.id!,
      label: e.getAttribute("aria-label") ?? "",
      dimmed: e.classList.contains("studio-edge-dimmed"),
      marker: !!e.querySelector("path[marker-end]"),
    }));
    return { zoom, specialists, edges };
  });

test("the first view draws at most one edge per pair of teams and kind, every specialist in view and legible", async ({
  page,
}) => {
  await openFirstView(page);
  const view = await firstView(page);
  expect(view.specialists).toHaveLength(12);
  // Legible: the smallest specialist label is at least 12 px on screen; none is cut off.
  expect(Math.min(...view.specialists.map((s) => s.px))).toBeGreaterThanOrEqual(12);
  expect(view.specialists.filter((s) => !s.inside).map((s) => s.id)).toEqual([]);
  // The overview: sums between boxes, never a specialist's own edge, one per pair and kind.
  expect(view.edges.length).toBeGreaterThan(10);
  expect(view.edges.length).toBeLessThan(165 / 2);
  const pairs = view.edges.map((e) => {
    const m = /^([\w -]+): .* between (\S+) and (\S+)$/.exec(e.label);
    expect(m, e.label).not.toBeNull();
    const [, kind, a, b] = m as RegExpExecArray;
    expect(`${a} ${b}`).not.toMatch(/specialist:/);
    return `${kind} ${[a, b].sort().join(" ")}`;
  });
  expect(new Set(pairs).size).toBe(pairs.length);
  expect(view.edges.every((e) => e.marker)).toBe(true);
});

test("the first view draws at most 30 lines for its 145 relationships, no two of their labels over each other", async ({
  page,
}) => {
  const editor = await openFirstView(page);
  const boxes = new CanvasBoxes(editor);
  const view = await firstView(page);
  expect(view.edges.length).toBeGreaterThan(10);
  expect(view.edges.length).toBeLessThanOrEqual(30);
  // Lines of several kinds say which when hovered; at rest each carries its count.
  expect(view.edges.some((e) => e.label.startsWith("Relationships: "))).toBe(true);
  const labels = await boxes.labels();
  expect(labels.length).toBeGreaterThan(10);
  expect(await boxes.overlappingLabels()).toEqual([]);
});

test("a relationship the first view does not draw on its own is one click away: clicking its line draws it", async ({
  page,
}) => {
  const editor = await openFirstView(page);
  const graph = (await (await page.request.get(`${own.studio.origin}/api/graph`)).json()) as {
    edges: { id: string; kind: string; source: string; target: string }[];
  };
  const hidden = graph.edges.find(
    (e) => e.kind === "contract" && e.source === "specialist:cx-engineer" && e.target === "specialist:cx-qa",
  )!;
  expect(hidden).toBeDefined();
  await expect(editor.edge(hidden.id)).toHaveCount(0);
  const line = "agg:group:engineering-group|group:quality-group";
  await expect(editor.edge(line)).toHaveAttribute("aria-label", /contract/);
  const point = await editor.edgeMidpoint(line);
  await page.mouse.click(point.x, point.y);
  await expect(editor.edge(hidden.id)).toBeVisible();
  await expect(editor.edge(hidden.id)).toHaveAttribute(
    "aria-label",
    /^Contract: specialist:cx-engineer to specialist:cx-qa/,
  );
  // A click on the pane brings the overview back.
  await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
  await expect(editor.edge(hidden.id)).toHaveCount(0);
  await expect(editor.edge(line)).toBeAttached();
});

test("selecting a specialist draws its own relationships in full, with arrowheads and labels; the rest steps back", async ({
  page,
}) => {
  const editor = await openFirstView(page);
  await editor.node("specialist:cx-security").click();
  await expect
    .poll(async () => (await firstView(page)).edges.filter((e) => !e.id.startsWith("agg:")).length)
    .toBeGreaterThan(3);
  const view = await firstView(page);
  const own = view.edges.filter((e) => !e.id.startsWith("agg:"));
  for (const e of own) {
    expect(e.label).toContain("specialist:cx-security");
    expect(e.marker).toBe(true);
    expect(e.dimmed).toBe(false);
  }
  expect(own.map((e) => e.id)).toContain("escalation:governance-team:0:team:governance-team:specialist:cx-security");
  expect(view.edges.filter((e) => e.id.startsWith("agg:")).every((e) => e.dimmed)).toBe(true);
  await expect(page.locator('[data-testid^="edge-label-"]').first()).toBeVisible();
  // Closing the selection brings the overview back.
  await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
  await expect.poll(async () => (await firstView(page)).edges.filter((e) => !e.id.startsWith("agg:")).length).toBe(0);
});

test("Enter on a focused node opens its panel with focus inside it; Escape brings focus back to the node", async ({
  page,
}) => {
  const editor = await openFirstView(page);
  const node = page.locator('.react-flow__node[data-id="specialist:cx-security"]');
  await node.focus();
  await expect(node).toBeFocused();
  await page.keyboard.press("Enter");
  const panel = editor.panel();
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute("aria-label", "specialist cx-security");
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(node).toBeFocused();
});

test("focus mode, switched on from the canvas, keeps a node's neighbourhood (depth 1 or 2) and hides the sums", async ({
  page,
}) => {
  const editor = await openFirstView(page);
  await editor.node("specialist:cx-security").click();
  await page
    .getByTestId("focus-bar")
    .getByRole("button", { name: /Focus on cx-security/ })
    .click();
  const drawn = async () => (await firstView(page)).edges;
  await expect.poll(async () => (await drawn()).filter((e) => e.id.startsWith("agg:")).length).toBe(0);
  const one = await drawn();
  expect(one.length).toBeGreaterThan(3);
  for (const e of one) expect(e.label).toContain("specialist:cx-security");
  // Nodes outside the neighbourhood step back.
  await expect(page.locator('[data-testid^="node-specialist:"][data-dimmed="true"]').first()).toBeAttached();
  await page.getByTestId("focus-bar").getByRole("button", { name: "2", exact: true }).click();
  await expect.poll(async () => (await drawn()).length).toBeGreaterThan(one.length);
  await page.getByTestId("focus-bar").getByRole("button", { name: "Exit focus" }).click();
  await expect.poll(async () => (await drawn()).filter((e) => e.id.startsWith("agg:")).length).toBeGreaterThan(0);
});

test("summed edges end on the border of their boxes, where their arrowheads show, and carry their count; the minimap and the parties' lane say what they show", async ({
  page,
}) => {
  await openFirstView(page);
  const ends = await page.evaluate(() =>
    [...document.querySelectorAll<SVGGElement>('.react-flow__edge[data-id^="agg:"]')].map((edge) => {
      const path = edge.querySelector<SVGPathElement>("path.react-flow__edge-path")!;
      const end = path.getPointAtLength(path.getTotalLength());
      const m = path.getScreenCTM()!;
      const x = m.a * end.x + m.c * end.y + m.e;
      const y = m.b * end.x + m.d * end.y + m.f;
      const [, source, target] = /between (\S+) and (\S+)$/.exec(edge.getAttribute("aria-label") ?? "")!;
      const box = document.querySelector(`.react-flow__node[data-id="${target}"]`)!.getBoundingClientRect();
      // How far inside the target's box the line ends (0 on its border, negative outside it).
      const depth = Math.min(x - box.left, box.right - x, y - box.top, box.bottom - y);
      return { id: edge.dataset.id ?? "", pair: [source, target].sort().join(" "), depth, x, y };
    }),
  );
  expect(ends.length).toBeGreaterThan(10);
  expect(ends.filter((e) => Math.abs(e.depth) > 2)).toEqual([]);
  // Kinds between the same two boxes end apart (each its own lane), not in one blot of arrowheads.
  for (const a of ends)
    for (const b of ends)
      if (a.id < b.id && a.pair === b.pair)
        expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id} ${b.id}`).toBeGreaterThan(8);
  await expect(page.locator('[data-testid^="edge-count-"]').first()).toBeVisible();
  await expect(page.getByTestId("parties-lane")).toContainText("Outside the org");
  const fills = await page
    .locator(".react-flow__minimap-node")
    .evaluateAll((rects) => [...new Set(rects.map((r) => getComputedStyle(r).fill))]);
  expect(fills.length).toBeGreaterThanOrEqual(3);
});

test("focus mode with the panel open frames the node and every neighbour in the canvas left of the panel, at depth 1 and 2", async ({
  page,
}) => {
  const editor = await openFirstView(page);
  await editor.node("specialist:cx-security").click();
  const panel = editor.panel();
  await expect(panel).toBeVisible();
  await page
    .getByTestId("focus-bar")
    .getByRole("button", { name: /Focus on cx-security/ })
    .click();
  /** Every end of a drawn relationship (the neighbourhood), and whether its box is wholly in sight. */
  const framed = () =>
    page.evaluate(() => {
      const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
      const panelLeft = document.querySelector('[data-testid="entity-panel"]')!.getBoundingClientRect().left;
      const ends = new Set<string>();
      for (const e of document.querySelectorAll<SVGGElement>(".react-flow__edge")) {
        const m = /^[\w -]+: (\S+) to (\S+)/.exec(e.getAttribute("aria-label") ?? "");
        if (m) for (const id of [m[1], m[2]]) ends.add(id);
      }
      const zoom = Number(
        /scale\(([\d.]+)\)/.exec((document.querySelector(".react-flow__viewport") as HTMLElement).style.transform)?.[1],
      );
      return {
        zoom,
        ends: [...ends].map((id) => {
          const r = document.querySelector(`.react-flow__node[data-id="${id}"]`)!.getBoundingClientRect();
          const inside =
            r.left >= pane.left &&
            r.top >= pane.top &&
            r.right <= Math.min(pane.right, panelLeft) &&
            r.bottom <= pane.bottom;
          return { id, inside };
        }),
      };
    });
  for (const depth of [1, 2, 1]) {
    await page
      .getByTestId("focus-bar")
      .getByRole("button", { name: String(depth), exact: true })
      .click();
    await viewportSettled(page);
    const view = await framed();
    expect(view.ends.length, `depth ${depth}`).toBeGreaterThan(depth === 1 ? 5 : 10);
    expect(
      view.ends.filter((e) => !e.inside).map((e) => e.id),
      `depth ${depth}`,
    ).toEqual([]);
    expect(view.zoom).toBeGreaterThanOrEqual(0.6);
  }
});
