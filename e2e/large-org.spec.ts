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
  }));

test("a big org opens as team boxes wrapped into a block, rendering only what is near the view", async ({ page }) => {
  const errors = await open(page);
  const teams = page.locator(".react-flow__node-team");
  await expect(teams.first()).toBeVisible();
  const now = await inView(page);
  // About 360 nodes in the org; a few dozen near the view are rendered.
  expect(now.nodes).toBeLessThan(200);
  expect(now.edges.length).toBeGreaterThan(0);
  // Team boxes stand side by side and one under another (wrapped), not all in one row.
  const boxes = await teams.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.x, r.y]));
  expect(new Set(boxes.map(([, y]) => Math.round(y))).size).toBeGreaterThan(1);
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
