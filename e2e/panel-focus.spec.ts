import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ConsoleWatch, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, specialist } from "./support";

/**
 * The keyboard follows what the user opens: a record opened from the palette, the list page, the
 * problem list or a link in a panel takes focus into its panel, and closing it gives focus back to
 * where it was opened from. Every dialog keeps focus inside while it is open and returns it on close.
 */

let editor: EditorPage;
let extras: EditorExtras;
let shell: AppShell;
let watch: ConsoleWatch;

test.beforeEach(async ({ page }) => {
  editor = new EditorPage(page, ORIGIN);
  extras = new EditorExtras(editor);
  shell = new AppShell(page);
  watch = new ConsoleWatch(page);
});

test.afterEach(() => {
  expect(watch.unexpected()).toEqual([]);
});

test("a record opened from Ctrl+K takes focus to its heading, its Description a few Tabs on; Escape returns focus", async ({
  page,
}) => {
  await editor.open();
  const opener = page.getByTestId("overlay-toggle");
  await opener.focus();
  await editor.search("cx-reviewer");
  await expect(page.getByTestId("search-result-specialists/cx-reviewer")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toHaveText("cx-reviewer");
  await expect(editor.panelTitle()).toBeFocused();

  // Escape closes the panel and focus is back on the button the user was on before Ctrl+K.
  await page.keyboard.press("Escape");
  await expect(editor.panel()).toBeHidden();
  await expect(opener).toBeFocused();

  // From the heading, the form's fields are the next stops: the tabs are one stop, not five.
  await editor.search("cx-reviewer");
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toBeFocused();
  const description = editor.panel().getByLabel("Description", { exact: true });
  let presses = 0;
  while (presses < 12 && !(await description.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press("Tab");
    presses++;
  }
  await expect(description, await shell.focused()).toBeFocused();
  expect(presses).toBeLessThanOrEqual(7);
  // The arrow keys move between the tabs, and the one chosen stays the Tab stop.
  await editor.panel().getByTestId("tab-form").focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("tab-fence")).toBeFocused();
  await expect(page.getByTestId("tab-fence")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("fence-panel")).toBeVisible();
});

test("a /list row opens its record with focus on the heading; Escape leaves focus on its box on the canvas", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/list`);
  await page.getByTestId("row-specialist-cx-qa").getByTestId("open-row").click();
  await expect(editor.panelTitle()).toHaveText("cx-qa");
  await expect(editor.panelTitle()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(editor.panel()).toBeHidden();
  await expect(page.locator('.react-flow__node[data-id="specialist:cx-qa"]')).toBeFocused();
});

test("a problem opens its record at its field; the panel's Close gives focus back to the badge", async ({ page }) => {
  const id = "cx-e2e-focus-problem";
  expect(
    (await api("POST", "/api/org/specialist?scope=project", specialist(id, { handoffCandidates: ["ghost-role"] })))
      .status,
  ).toBe(201);
  try {
    await editor.open();
    const badge = page.getByTestId("org-status");
    await badge.click();
    await page
      .getByTestId("problem-list")
      .locator(`[data-testid="open-problem"][data-location^="#/specialists/${id}/handoffCandidates"]`)
      .first()
      .click();
    await expect(editor.panelTitle()).toHaveText(id);
    await expect(editor.panel().locator('[data-field="handoffCandidates"] input')).toBeFocused();
    await page.getByRole("button", { name: "Close panel" }).click();
    await expect(editor.panel()).toBeHidden();
    await expect(badge).toBeFocused();
  } finally {
    const current = await api("GET", `/api/org/specialist/${id}`);
    await api("DELETE", `/api/org/specialist/${id}?scope=project`, undefined, { "if-match": current.json.etag });
  }
});

test("New ▾ starts in the new record's first field, and a link in a panel takes focus to the record it opens", async ({
  page,
}) => {
  await editor.open();
  const trigger = page.getByTestId("new-menu");
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "specialist" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor.panel()).toHaveAttribute("aria-label", "specialist new");
  const idField = editor.panel().getByLabel("Id", { exact: true });
  await expect(idField).toBeFocused();

  // An id the org holds offers to open that record: its panel, with the keyboard in it.
  await page.keyboard.type("cx-qa");
  await page.keyboard.press("Tab");
  await editor.panel().getByTestId("open-existing").click();
  await editor.confirm("Discard changes");
  await expect(editor.panelTitle()).toHaveText("cx-qa");
  await expect(editor.panelTitle()).toBeFocused();
});

test("a specialist picked in Route… opens with focus on its heading while the preview stays open", async ({ page }) => {
  await editor.open();
  await page.getByTestId("open-route").click();
  const preview = page.getByRole("dialog", { name: "Routing preview" });
  await page.getByTestId("route-input").fill("find the root cause of a crash in production");
  await page.getByRole("button", { name: "Rank specialists" }).click();
  const first = page.getByTestId("route-candidates").getByRole("button").first();
  await first.click();
  await expect(editor.panel()).toBeVisible();
  await expect(editor.panelTitle()).toBeFocused();
  await expect(preview).toBeVisible();
});

test("every dialog keeps Tab inside it and gives focus back where it was on close", async ({ page }) => {
  await editor.open();
  const opener = page.getByTestId("overlay-toggle");

  // The palette, opened by its shortcut.
  await opener.focus();
  await page.keyboard.press("Control+k");
  await expect(editor.palette()).toBeVisible();
  await shell.expectFocusTrapped(editor.palette());
  await page.keyboard.press("Escape");
  await expect(editor.palette()).toBeHidden();
  await expect(opener).toBeFocused();

  // The shortcut sheet, opened with `?` where nothing is typed: no trigger of its own to go back to.
  await page.keyboard.press("?");
  const sheet = page.getByTestId("shortcut-sheet");
  await expect(sheet).toBeVisible();
  await shell.expectFocusTrapped(sheet);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();

  // The problem list, from the badge.
  const badge = page.getByTestId("org-status");
  await badge.focus();
  await page.keyboard.press("Enter");
  const problems = page.getByTestId("problem-list");
  await expect(problems).toBeVisible();
  await shell.expectFocusTrapped(problems);
  await page.keyboard.press("Escape");
  await expect(problems).toBeHidden();
  await expect(badge).toBeFocused();

  // The delete dialog, from the panel's Delete.
  await extras.openByClick("specialist:cx-architect");
  const remove = page.getByTestId("delete-entity");
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /^Delete|^Revert/ });
  await expect(dialog).toBeVisible();
  await shell.expectFocusTrapped(dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
});
