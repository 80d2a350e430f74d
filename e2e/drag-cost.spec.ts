import { expect, test } from "@playwright/test";
import { writeSyntheticOrg } from "../bench/generate-org";
import { extraPort, studioOfItsOwn } from "./support";

// A drag must cost what the dragged node and its own edges cost, not what the org costs: on a big
// org (about 360 nodes, rendered near the view only) each drag step may not re-render every node.
const own = studioOfItsOwn({
  prefix: "studio-drag-",
  port: extraPort(2),
  setup: (root) => writeSyntheticOrg(root, 320),
  // Unfolded: an org this big opens with its teams folded, and the drag is measured among its specialists.
  files: { ".cx/studio/layout.json": `${JSON.stringify({ version: 1, positions: {}, collapsed: [] })}\n` },
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
  await page.goto(`${own.studio.origin}/`);
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
