import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { writeSyntheticOrg } from "../bench/generate-org";
import { type Studio, startStudio } from "./spawn-studio";
import { extraPort } from "./support";

// Above 300 nodes the canvas renders only what is near the view; these are the behaviours that
// differ from a small org, on a synthetic org of 320 specialists (about 360 nodes).
let root = "";
let studio: Studio;

test.beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-large-"));
  mkdirSync(path.join(root, "home"));
  mkdirSync(path.join(root, "xdg"));
  writeSyntheticOrg(root, 320);
  studio = await startStudio({ port: extraPort(6), root, home: path.join(root, "home"), xdg: path.join(root, "xdg") });
});

test.afterAll(async () => {
  await studio?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function open(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${studio.origin}/`);
  await expect(page.locator(".react-flow__node-specialist").first()).toBeVisible();
  return errors;
}

const inView = (page: Page) =>
  page.evaluate(() => ({
    nodes: document.querySelectorAll(".react-flow__node").length,
    edges: [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => e.dataset.id!),
    overlay: [...document.querySelectorAll<SVGPathElement>("[data-testid=culled-arcs] path")].map(
      (p) => p.dataset.edge!,
    ),
  }));

/** Drags the empty pane up by `dy` pixels, from a point where nothing but the pane is. */
async function panUp(page: Page, dy: number) {
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  const start = await page.evaluate(
    ({ x, y, w, h }) => {
      for (let py = y + h - 60; py > y + 40; py -= 20) {
        for (let px = x + 80; px < x + w - 240; px += 40) {
          if (document.elementFromPoint(px, py)?.classList.contains("react-flow__pane")) return { x: px, y: py };
        }
      }
      return null;
    },
    { x: pane.x, y: pane.y, w: pane.width, h: pane.height },
  );
  expect(start).not.toBeNull();
  const to = Math.max(pane.y + 10, start!.y - dy);
  await page.mouse.move(start!.x, start!.y);
  await page.mouse.down();
  await page.mouse.move(start!.x, to, { steps: 8 });
  await page.mouse.up();
}

test("arcs stay drawn while their row is panned out of view, and no arc is drawn twice", async ({ page }) => {
  const errors = await open(page);
  expect((await inView(page)).edges.length).toBeGreaterThan(0);
  let seen = false;
  for (let i = 0; i < 12 && !seen; i++) {
    await panUp(page, 120);
    const now = await inView(page);
    expect(now.overlay.filter((id) => now.edges.includes(id))).toEqual([]);
    // No node in view, so React Flow draws no edge; what still crosses the screen is drawn over it.
    if (now.nodes === 0 && now.overlay.length > 0) {
      seen = true;
      expect(now.edges).toEqual([]);
      expect(now.overlay.every((id) => /^(handoff|contract|escalation|team-boundary):/.test(id))).toBe(true);
    }
  }
  expect(seen).toBe(true);
  expect(errors).toEqual([]);
});

test("hovering a specialist of a big org draws its own relationships only, and leaving brings the rest back", async ({
  page,
}) => {
  const errors = await open(page);
  const before = (await inView(page)).edges.length;
  const node = page.locator(".react-flow__node-specialist").first();
  const id = (await node.getAttribute("data-id"))!;
  await node.hover();
  await expect.poll(async () => (await inView(page)).edges.length).toBeLessThan(before);
  const focused = (await inView(page)).edges;
  expect(focused.length).toBeGreaterThan(0);
  // Each edge still drawn names the hovered node as one of its ends.
  const ends = await page.evaluate(
    (ids) =>
      ids.map(
        (e) =>
          document.querySelector(`.react-flow__edge[data-id="${CSS.escape(e)}"]`)?.getAttribute("aria-label") ?? "",
      ),
    focused,
  );
  for (const label of ends) expect(label).toContain(id);
  await page.mouse.move(5, 5);
  await expect.poll(async () => (await inView(page)).edges.length).toBe(before);
  expect(errors).toEqual([]);
});
