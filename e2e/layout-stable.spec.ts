import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * Adding a record leaves every box the user sees where it was, before and after a reload, and the
 * new box lands beside its team's members without covering another box.
 */

test.describe.configure({ mode: "serial" });

const own = studioOfItsOwn({ prefix: "studio-layout-stable-", port: extraPort(0) });

type Box = { x: number; y: number; width: number; height: number };

/** Every drawn box in flow coordinates (its translate and its size), by node id. */
async function boxes(page: Page): Promise<Record<string, Box>> {
  return page.locator(".react-flow__node").evaluateAll((els) =>
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

const positionsOf = (all: Record<string, Box>) =>
  Object.fromEntries(Object.entries(all).map(([id, b]) => [id, { x: b.x, y: b.y }]));

const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes the new one intersects, apart from its team's box and the group box around that. */
function covered(all: Record<string, Box>, id: string, team: string): string[] {
  const mine = all[id];
  const holders = [team, ...Object.keys(all).filter((k) => k.startsWith("group:") && within(all[team], all[k]))];
  return Object.entries(all)
    .filter(([other, box]) => other !== id && !holders.includes(other) && intersects(mine, box))
    .map(([other]) => other);
}

/** Every box drawn before is drawn at the same place now. */
async function expectUnmoved(page: Page, before: Record<string, { x: number; y: number }>) {
  await expect
    .poll(async () => {
      const now = positionsOf(await boxes(page));
      return Object.fromEntries(Object.keys(before).map((id) => [id, now[id]]));
    })
    .toEqual(before);
}

test("New specialist: the boxes already drawn stay put, before and after a reload, and the new box covers none", async ({
  page,
}) => {
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  const id = "cx-layout-newcomer";
  const nodeId = `specialist:${id}`;
  await editor.open();
  const before = positionsOf(await boxes(page));
  expect(Object.keys(before).length).toBeGreaterThan(10);

  await extras.newEntity("specialist");
  const panel = editor.panel();
  await panel.getByLabel("Id", { exact: true }).fill(id);
  await panel.getByLabel("Name", { exact: true }).fill("layout-newcomer");
  await panel.getByLabel("Role", { exact: true }).fill("layout-newcomer");
  await panel
    .getByLabel("Description", { exact: true })
    .fill("Joins the research team to check the canvas holds still.");
  await panel.getByLabel("Team", { exact: true }).selectOption("research-team");
  await panel.getByLabel("Model tier", { exact: true }).selectOption("fast");
  await extras.addTags(panel.getByLabel("Skills", { exact: true }), ["development/testing-strategy"]);
  await extras.addTags(panel.getByLabel("Fence: allowed paths", { exact: true }), ["docs/**"]);
  await editor.save();
  await expect(editor.toast("success")).toContainText(`Created specialist ${id}`);
  await expect(editor.node(nodeId)).toBeAttached();

  await expectUnmoved(page, before);
  const after = await boxes(page);
  expect(within(after[nodeId], after["team:research-team"])).toBe(true);
  expect(covered(after, nodeId, "team:research-team")).toEqual([]);
  const placed = { x: after[nodeId].x, y: after[nodeId].y };

  await page.reload();
  await expect(editor.node(nodeId)).toBeAttached();
  await editor.settled();
  await extras.fitView();
  await expectUnmoved(page, { ...before, [nodeId]: placed });
});

test("A record added outside the studio takes a free spot too, and nothing drawn moves", async ({ page }) => {
  const editor = new EditorPage(page, own.studio.origin);
  const id = "cx-layout-outsider";
  const nodeId = `specialist:${id}`;
  await editor.open();
  const before = positionsOf(await boxes(page));
  const layoutFile = path.join(own.root, ".cx", "studio", "layout.json");
  const layoutText = () => (existsSync(layoutFile) ? readFileSync(layoutFile, "utf8") : null);
  const layoutBefore = layoutText();

  writeFileSync(
    path.join(own.root, ".cx", "org", "specialists", `${id}.json`),
    JSON.stringify(specialist(id, { team: "quality-team" }), null, 2),
  );
  await expect(editor.node(nodeId)).toBeAttached();
  await expectUnmoved(page, before);
  const after = await boxes(page);
  expect(within(after[nodeId], after["team:quality-team"])).toBe(true);
  expect(covered(after, nodeId, "team:quality-team")).toEqual([]);
  // Someone else's add is held in this view only: the studio writes no layout of its own accord.
  await page.waitForTimeout(500);
  expect(layoutText()).toBe(layoutBefore);
});
