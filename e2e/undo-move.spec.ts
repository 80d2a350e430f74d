import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * Undo undoes the latest thing the user did: a real mouse drag then Ctrl+Z puts the box back (and
 * forgets the position it saved) before any older edit is touched; an import cannot be undone, and
 * undo says so and writes nothing rather than reaching past it.
 */

test.describe.configure({ mode: "serial" });

const MOVER = "cx-undo-mover";
const own = studioOfItsOwn({
  prefix: "studio-undo-move-",
  port: extraPort(1),
  files: {
    [`.cx/org/specialists/${MOVER}.json`]: specialist(MOVER, {
      team: "research-team",
      description: "A specialist the undo tests move about the canvas.",
    }),
  },
});
/** An info toast saying `text`; older ones may still show beside it. */
const info = (page: Page, text: string) => page.getByTestId("toast-info").filter({ hasText: text }).first();
const recordFile = () => path.join(own.root, ".cx", "org", "specialists", `${MOVER}.json`);
const record = () => JSON.parse(readFileSync(recordFile(), "utf8"));
const layoutFile = () => path.join(own.root, ".cx", "studio", "layout.json");
const positions = (): Record<string, { x: number; y: number }> =>
  existsSync(layoutFile()) ? JSON.parse(readFileSync(layoutFile(), "utf8")).positions : {};

test("Ctrl+Z right after a drag puts the box back; the older edit waits its turn, and redo moves it again", async ({
  page,
}) => {
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  const nodeId = `specialist:${MOVER}`;
  await editor.open();

  // An older, unrelated edit, saved through the form.
  await extras.openByClick(nodeId);
  await page.getByLabel("Description", { exact: true }).fill("Edited before the move, kept by the first undo.");
  await editor.save();
  await expect(editor.toast("success")).toContainText(`Saved specialist ${MOVER}`);
  await page.getByRole("button", { name: "Close panel" }).click();
  await expect(editor.panel()).toBeHidden();

  const start = await extras.flowPosition(nodeId);
  await extras.dragNode(nodeId, 40, "x");
  await expect.poll(() => positions()[nodeId] ?? null).not.toBeNull();
  const moved = await extras.flowPosition(nodeId);
  expect(moved).not.toEqual(start);
  await expect(page.getByTitle(`Undo move specialist ${MOVER} (Ctrl+Z)`)).toBeEnabled();

  await page.keyboard.press("Control+z");
  await expect(info(page, `Undid move specialist ${MOVER}`)).toBeVisible();
  await expect.poll(() => extras.flowPosition(nodeId)).toEqual(start);
  // The box was laid out automatically before the move: its saved position is forgotten.
  await expect.poll(() => positions()[nodeId] ?? null).toBeNull();
  expect(record().description).toBe("Edited before the move, kept by the first undo.");

  await page.keyboard.press("Control+Shift+z");
  await expect(info(page, `Redid move specialist ${MOVER}`)).toBeVisible();
  await expect.poll(() => extras.flowPosition(nodeId)).toEqual(moved);
  await expect.poll(() => positions()[nodeId] ?? null).toEqual({ x: Math.round(moved.x), y: Math.round(moved.y) });

  // Undo twice: the move first, then the edit under it.
  await page.keyboard.press("Control+z");
  await expect.poll(() => extras.flowPosition(nodeId)).toEqual(start);
  await page.keyboard.press("Control+z");
  await expect(info(page, `Undid edit specialist ${MOVER}`)).toBeVisible();
  await expect.poll(() => record().description).toBe("A specialist the undo tests move about the canvas.");
  await expect.poll(() => positions()[nodeId] ?? null).toBeNull();
});

test("Auto-layout is a step too: Ctrl+Z brings the dragged position back", async ({ page }) => {
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  const nodeId = `specialist:${MOVER}`;
  await editor.open();
  await extras.dragNode(nodeId, 40, "x");
  await expect.poll(() => positions()[nodeId] ?? null).not.toBeNull();
  const moved = await extras.flowPosition(nodeId);
  const saved = positions()[nodeId];

  await page.getByRole("button", { name: "Auto-layout" }).click();
  await expect.poll(() => positions()[nodeId] ?? null).toBeNull();
  await expect.poll(() => extras.flowPosition(nodeId)).not.toEqual(moved);
  await page.keyboard.press("Control+z");
  await expect(info(page, "Undid Auto-layout")).toBeVisible();
  await expect.poll(() => positions()[nodeId] ?? null).toEqual(saved);
  await expect.poll(() => extras.flowPosition(nodeId)).toEqual(moved);
});

test("an import cannot be undone: undo says so, writes nothing, and never reaches the edit under it", async ({
  page,
}) => {
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  await editor.open();
  await extras.openByClick(`specialist:${MOVER}`);
  await page.getByLabel("Description", { exact: true }).fill("Edited before the import.");
  await editor.save();
  await expect(editor.toast("success")).toContainText(`Saved specialist ${MOVER}`);
  await page.getByRole("button", { name: "Close panel" }).click();
  await expect(editor.panel()).toBeHidden();

  const imported = "cx-undo-imported";
  await page.getByTestId("import-file").setInputFiles({
    name: "import.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ specialists: { [imported]: specialist(imported) } })),
  });
  await page.getByTestId("import-apply").click();
  await expect(editor.toast("success").filter({ hasText: "Imported: 1 file(s) written" })).toBeVisible();
  await expect(editor.node(`specialist:${imported}`)).toBeAttached();

  const before = readFileSync(recordFile(), "utf8");
  await page.keyboard.press("Control+z");
  await expect(info(page, "Nothing undone")).toBeVisible();
  await expect(info(page, "the import cannot be undone here")).toBeVisible();
  // Nothing on disk changed: the import stays, and so does the edit made before it.
  expect(readFileSync(recordFile(), "utf8")).toBe(before);
  expect(record().description).toBe("Edited before the import.");
  expect(existsSync(path.join(own.root, ".cx", "org", "specialists", `${imported}.json`))).toBe(true);
  await expect(editor.node(`specialist:${imported}`)).toBeAttached();
});
