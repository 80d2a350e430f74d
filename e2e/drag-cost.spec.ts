import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { writeSyntheticOrg } from "../bench/generate-org";
import { type Studio, startStudio } from "./spawn-studio";
import { extraPort } from "./support";

// A drag must cost what the dragged node and its own edges cost, not what the org costs: on a big
// org (about 360 nodes, rendered near the view only) each drag step may not re-render every node.
let root = "";
let studio: Studio;

test.beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-drag-"));
  mkdirSync(path.join(root, "home"));
  mkdirSync(path.join(root, "xdg"));
  writeSyntheticOrg(root, 320);
  // Unfolded: an org this big opens with its teams folded, and the drag is measured among its specialists.
  mkdirSync(path.join(root, ".cx", "studio"), { recursive: true });
  writeFileSync(
    path.join(root, ".cx", "studio", "layout.json"),
    `${JSON.stringify({ version: 1, positions: {}, collapsed: [] })}\n`,
  );
  studio = await startStudio({ port: extraPort(2), root, home: path.join(root, "home"), xdg: path.join(root, "xdg") });
});

test.afterAll(async () => {
  await studio?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

/**
 * React calls the DevTools hook after each commit, production builds included. A component ran in
 * a commit when its fiber is new to the tree (cloned or created in that render) and carries React's
 * PerformedWork flag (1); a subtree React skipped keeps the previous commit's fibers.
 */
const COUNT_RENDERS = `(() => {
  let previous = new WeakSet();
  const counts = [];
  globalThis.__renders = counts;
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      let ran = 0;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        seen.add(fiber);
        // Function components, forwardRef and memo components.
        if ([0, 11, 14, 15].includes(fiber.tag) && !previous.has(fiber) && (fiber.flags & 1)) ran++;
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      previous = seen;
      if (globalThis.__countRenders) counts.push(ran);
    },
  };
})();`;

test("a drag step on a big org re-renders fewer components than there are nodes on the canvas", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.addInitScript(COUNT_RENDERS);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${studio.origin}/`);
  const node = page.locator(".react-flow__node-specialist").first();
  await expect(node).toBeVisible();
  const box = (await node.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // The first steps start the drag (threshold, the dragged node's edges alone): not counted.
  for (let i = 1; i <= 5; i++) await page.mouse.move(x + i * 4, y + i * 3);
  await page.evaluate(() => {
    (globalThis as unknown as { __countRenders: boolean }).__countRenders = true;
  });
  for (let i = 6; i <= 25; i++) await page.mouse.move(x + i * 4, y + i * 3);
  const counts = await page.evaluate(() => (globalThis as unknown as { __renders: number[] }).__renders);
  const mounted = await page.locator(".react-flow__node").count();
  await page.mouse.up();
  // The dragged node moved, so commits happened, and none re-ran a component per mounted node.
  expect(counts.length).toBeGreaterThan(5);
  expect(mounted).toBeGreaterThan(40);
  expect(Math.max(...counts)).toBeLessThan(mounted);
  expect(errors).toEqual([]);
});
