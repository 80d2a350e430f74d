import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { CanvasBoxes } from "./pages/canvas-boxes";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, studioOfItsOwn } from "./support";

/**
 * The layout never breaks by itself: no two boxes overlap after the user adds a record, a layout
 * file saved with boxes over each other opens apart, and only what the user does on purpose (a
 * move, an add, a fold) writes the layout file, never opening a record or moving with the keyboard.
 * The built-in org in a project of its own, so the boxes are the ones the reported bug saw.
 */

test.describe.configure({ mode: "serial" });

const own = studioOfItsOwn({ prefix: "studio-layout-overlap-", port: extraPort(0), dirs: [".cx/org", ".cx/studio"] });

const layoutFile = () => path.join(own.root, ".cx", "studio", "layout.json");
const layoutText = () => (existsSync(layoutFile()) ? readFileSync(layoutFile(), "utf8") : null);

async function open(page: Page) {
  const editor = new EditorPage(page, own.studio.origin);
  const boxes = new CanvasBoxes(editor);
  await page.setViewportSize({ width: 1440, height: 900 });
  await editor.open();
  return { editor, boxes, extras: new EditorExtras(editor) };
}

test("after the first New ▾ specialist in Product Management no two boxes overlap, before and after a reload", async ({
  page,
}) => {
  const { editor, boxes, extras } = await open(page);
  expect(await boxes.overlapping()).toEqual([]);
  const id = "cx-pm-newcomer";
  await extras.newEntity("specialist");
  const panel = editor.panel();
  await panel.getByLabel("Id", { exact: true }).fill(id);
  await panel.getByLabel("Name", { exact: true }).fill("pm-newcomer");
  await panel.getByLabel("Role", { exact: true }).fill("pm-newcomer");
  await panel
    .getByLabel("Description", { exact: true })
    .fill("Joins product management to check no team box grows over another.");
  await panel.getByLabel("Team", { exact: true }).selectOption("product-management-team");
  await panel.getByLabel("Model tier", { exact: true }).selectOption("fast");
  await extras.addTags(panel.getByLabel("Skills", { exact: true }), ["development/testing-strategy"]);
  await extras.addTags(panel.getByLabel("Fence: allowed paths", { exact: true }), ["docs/**"]);
  await editor.save();
  await expect(editor.toast("success")).toContainText(`Created specialist ${id}`);
  await expect(editor.node(`specialist:${id}`)).toBeAttached();
  await expect.poll(() => boxes.overlapping()).toEqual([]);
  // The add is the user's own: its places are saved, and the file opens as drawn.
  await expect.poll(() => layoutText()).toContain(`specialist:${id}`);
  const drawn = await boxes.drawn();

  await page.reload();
  await expect(editor.node(`specialist:${id}`)).toBeAttached();
  await editor.settled();
  expect(await boxes.overlapping()).toEqual([]);
  expect(await boxes.drawn()).toEqual(drawn);
});

test("a layout file saved with boxes over each other opens with them apart, and the file is left as it was", async ({
  page,
}) => {
  // Design's only member saved on top of Product Management's: their team boxes cover each other.
  writeFileSync(
    layoutFile(),
    `${JSON.stringify({ version: 1, positions: { "specialist:cx-designer": { x: 700, y: 120 }, "specialist:cx-product-manager": { x: 700, y: 120 } } }, null, 2)}\n`,
  );
  const before = layoutText();
  const { boxes } = await open(page);
  expect(await boxes.overlapping()).toEqual([]);
  expect(boxes.layoutWrites).toEqual([]);
  expect(layoutText()).toBe(before);
});

test("opening a record from Ctrl+K and moving through the canvas with the keyboard write no layout file; a fold does", async ({
  page,
}) => {
  writeFileSync(
    layoutFile(),
    `${JSON.stringify({ version: 1, positions: {}, collapsed: ["team:quality-team"] }, null, 2)}\n`,
  );
  const before = layoutText();
  const { editor, boxes } = await open(page);
  await expect(page.getByRole("button", { name: "Unfold team quality-team" })).toBeVisible();

  // Ctrl+K opens cx-qa, whose team is folded: it is shown, in this view alone.
  const search = await editor.search("cx-qa");
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText("cx-qa");
  await search.press("Enter");
  await expect(editor.panelTitle()).toHaveText("cx-qa");
  await expect(editor.node("specialist:cx-qa")).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(editor.panel()).toBeHidden();

  // Arrow keys along the hierarchy, Enter to open a group's panel, Escape back to its node.
  const group = page.locator('.react-flow__node[data-id="group:quality-group"]');
  await group.focus();
  for (const key of ["ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"])
    await page.keyboard.press(key);
  await group.focus();
  await page.keyboard.press("Enter");
  await expect(editor.panel()).toHaveAttribute("aria-label", "group quality-group");
  await page.keyboard.press("Escape");
  await expect(group).toBeFocused();

  expect(boxes.layoutWrites).toEqual([]);
  expect(layoutText()).toBe(before);

  // The next visitor's first view is the one saved: quality-team still folded.
  await page.reload();
  await expect(editor.node("team:quality-team")).toBeAttached();
  await editor.settled();
  await expect(page.getByRole("button", { name: "Unfold team quality-team" })).toBeVisible();

  // Folding research-team on purpose saves that fold, and quality-team's as the file had it.
  await page.getByRole("button", { name: "Fold team research-team" }).click();
  await expect
    .poll(() => JSON.parse(layoutText() ?? "{}").collapsed)
    .toEqual(["team:quality-team", "team:research-team"]);
});
