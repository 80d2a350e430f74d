import { expect, type Page, test } from "@playwright/test";
import { ConsoleWatch, disk, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, specialist } from "./support";

/**
 * The editor with the keyboard alone: a skip link to the canvas, a visible ring on a focused box,
 * Ctrl+S on every tab that edits (one Save, in the footer), focus that stays in the panel after a
 * save and after Ctrl+K, errors tied to their inputs, and a toast that lists every error.
 */

const id = "cx-e2e-keys";

let editor: EditorPage;
let extras: EditorExtras;
let watch: ConsoleWatch;

test.beforeAll(async () => {
  expect((await api("POST", "/api/org/specialist?scope=project", specialist(id))).status).toBe(201);
});

test.afterAll(async () => {
  const current = await api("GET", `/api/org/specialist/${id}`);
  await api("DELETE", `/api/org/specialist/${id}?scope=project`, undefined, { "if-match": current.json.etag });
});

test.beforeEach(async ({ page }) => {
  editor = new EditorPage(page, ORIGIN);
  extras = new EditorExtras(editor);
  watch = new ConsoleWatch(page);
});

test.afterEach(() => {
  expect(watch.unexpected([])).toEqual([]);
});

/** Whether focus is inside the side panel. */
const focusInPanel = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[data-testid="entity-panel"]'));

test("the first Tab reaches a skip link that moves focus past the toolbar to the canvas", async ({ page }) => {
  await page.goto(`${ORIGIN}/`);
  await expect(editor.node(`specialist:${id}`)).toBeAttached();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("canvas")).toBeFocused();
});

test("a box focused from the keyboard draws a visible focus ring", async ({ page }) => {
  await editor.open();
  await extras.fitView();
  const node = page.locator(`.react-flow__node[data-id="specialist:${id}"]`);
  await expect(node).toBeAttached();
  // The canvas keeps one box in the Tab order and arrows move between boxes; a keyboard press first
  // makes this focus a keyboard focus, as it is when a user arrives by arrows.
  await page.keyboard.press("Tab");
  await node.focus();
  await expect(node).toBeFocused();
  const outline = await node.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).toBe("solid");
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test("Ctrl+S saves from the form while typing, and focus stays in the panel", async ({ page }) => {
  await editor.open();
  await extras.openByClick(`specialist:${id}`);
  const name = page.getByLabel("Display name");
  await name.click();
  await page.keyboard.type("Keys only");
  await page.keyboard.press("Control+s");
  await expect(editor.toast("success")).toContainText(`Saved specialist ${id}`);
  await expect.poll(() => disk.entity("specialists", id).displayName).toBe("Keys only");
  await expect(page.getByTestId("unsaved")).toHaveCount(0);
  expect(await focusInPanel(page)).toBe(true);
  // With nothing left to save the button says so, and stays where focus can rest.
  await expect(editor.saveButton()).toBeDisabled();
  await editor.saveButton().focus();
  await expect(editor.saveButton()).toBeFocused();
});

test("the fence tab has the one Save of the footer, and Ctrl+S presses it", async ({ page }) => {
  await editor.open();
  await extras.openByClick(`specialist:${id}`);
  await page.getByTestId("tab-fence").click();
  await expect(page.getByRole("button", { name: "Save fence" })).toHaveCount(0);
  await expect(page.getByTestId("save-entity")).toHaveCount(1);
  await page.getByLabel("Allowed paths (globs)").click();
  await page.keyboard.type("notes/**");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+s");
  await expect(editor.toast("success")).toContainText(`Saved specialist ${id}`);
  await expect.poll(() => disk.entity("specialists", id).fence.allowedPaths).toEqual(["docs/**", "notes/**"]);
  expect(await focusInPanel(page)).toBe(true);
});

test("Ctrl+K and Escape give focus back to the field the user was in", async ({ page }) => {
  await editor.open();
  await extras.openByClick(`specialist:${id}`);
  const description = page.getByLabel("Description");
  await description.focus();
  await page.keyboard.press("Control+k");
  await expect(editor.palette()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(editor.palette()).toBeHidden();
  await expect(description).toBeFocused();
});

test("an error is tied to its input, and the toast of a refused save lists every error", async ({ page }) => {
  await editor.open();
  await extras.openByClick(`specialist:${id}`);
  await page.getByTestId("tab-json").click();
  const record = {
    ...disk.entity("specialists", id),
    name: ["not", "a", "string"],
    role: { not: "a string" },
    modelTier: 7,
    handoffCandidates: 5,
    skills: "architecture/api-design",
  };
  await extras.setMonacoText(`/specialists/${id}.json`, JSON.stringify(record, null, 2));
  await page.keyboard.press("Control+s");
  const toast = editor.toast("error");
  await expect(toast).toContainText(/Not saved: \d+ errors/);
  const count = Number((await toast.textContent())?.match(/Not saved: (\d+) errors/)?.[1]);
  expect(count).toBeGreaterThan(3);
  const messages = await page
    .getByTestId("panel-problems")
    .locator('[data-testid="problem"][data-severity="error"]')
    .evaluateAll((items) => items.map((li) => li.textContent ?? ""));
  expect(messages.length).toBeGreaterThanOrEqual(count);
  const lines = ((await toast.textContent()) ?? "").split("•").slice(1);
  expect(lines).toHaveLength(count);

  await page.getByTestId("tab-form").click();
  const tier = page.getByLabel("Model tier");
  await expect(tier).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await tier.getAttribute("aria-describedby")) ?? "";
  expect(describedBy).not.toBe("");
  const said = await page.evaluate(
    (ids) => ids.map((one) => document.getElementById(one)?.textContent ?? "").join(" "),
    describedBy.split(" "),
  );
  expect(said).toMatch(/modelTier|model tier/i);
  expect(disk.entity("specialists", id).modelTier).toBe("standard");
});
