import { expect, type Page, test } from "@playwright/test";
import { AppShell, overlaps } from "./pages/app-shell";
import { ConsoleWatch, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN } from "./support";

/**
 * What the editor says stays true: a refusal goes once what it names is fixed, toasts pile into one
 * stack clear of the canvas's controls, every button of the Fence tab is in view, and a new record's
 * form shows every default it is created with.
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

test('"Not saved" goes once the fields it names are fixed, and a second refusal replaces the first', async ({
  page,
}) => {
  await editor.open();
  await extras.openByClick("specialist:cx-architect");
  const name = editor.panel().getByLabel("Name", { exact: true });
  await name.fill("");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+s");
  await expect(editor.toast("error")).toContainText("Not saved: 1 error");
  await page.keyboard.press("Control+s");
  await expect(editor.toast("error")).toHaveCount(1);

  // The pointer rests on the toast, so its own timer is held: only the fix can take it away.
  await editor.toast("error").hover();
  await name.fill("architect");
  await page.keyboard.press("Tab");
  await expect(editor.panel().getByTestId("field-error-name")).toHaveCount(0);
  await expect(editor.toast("error")).toHaveCount(0);
});

/** Three toasts, one after the other: Ctrl+Z with nothing to undo says so each time. */
async function threeToasts(page: Page) {
  await page.getByTestId("canvas").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("Control+z");
  await expect(shell.toasts()).toHaveCount(3);
  await settled();
}

/** Waits until the toasts stop moving (sonner slides each one in). */
async function settled() {
  let last = "";
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await Promise.all((await shell.toasts().all()).map((t) => t.boundingBox())));
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
}

/** No toast shares any area with a control of the canvas or the side panel's header and footer. */
async function expectClearOfControls() {
  const controls = await shell.canvasControls();
  expect(controls.map((c) => c.name)).toEqual(expect.arrayContaining([".react-flow__controls"]));
  for (const toast of await shell.toasts().all()) {
    const box = await toast.boundingBox();
    if (!box) continue;
    for (const control of controls) expect(overlaps(box, control.box), `a toast covers ${control.name}`).toBe(false);
  }
}

/** The toasts pile into one stack: together they take hardly more room than the front one. */
async function expectOneStack() {
  const boxes = (await Promise.all((await shell.toasts().all()).map((t) => t.boundingBox()))).filter((b) => !!b);
  const front = boxes.reduce((a, b) => (b.y + b.height > a.y + a.height ? b : a));
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  expect(bottom - top).toBeLessThan(front.height * 1.6);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} toasts stack into one, clear of the canvas's controls`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await editor.open();
    await threeToasts(page);
    await expectOneStack();
    await expectClearOfControls();
    if (viewport.width < 768) return;

    // With the side panel open, toasts centre on the canvas beside it and cover neither.
    await editor.node("specialist:cx-qa").click();
    await expect(editor.panel()).toBeVisible();
    await page.getByTestId("canvas").focus();
    await threeToasts(page);
    await expectClearOfControls();
    const panel = (await editor.panel().boundingBox())!;
    for (const toast of await shell.toasts().all()) expect(overlaps((await toast.boundingBox())!, panel)).toBe(false);
  });
}

test("at 1440×900 the Fence tab shows every button whole, Save as test included", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await editor.open();
  await extras.openByClick("specialist:cx-architect");
  await page.getByTestId("tab-fence").click();
  const panel = (await editor.panel().boundingBox())!;
  const save = page.getByTestId("save-fence-test");
  await save.scrollIntoViewIfNeeded();
  for (const control of [save, page.getByTestId("save-test-expect"), page.getByTestId("action-tester")]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(panel.x);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  }
  // Nothing in the tab is wider than the tab: no sideways scroll hides a control.
  const tabpanel = editor.panel().getByRole("tabpanel");
  expect(await tabpanel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
});

test("a new specialist's form shows every default it is created with, bd labels and what an empty list means", async ({
  page,
}) => {
  await editor.open();
  await extras.newEntity("specialist");
  const panel = editor.panel();
  const labels = panel.locator('[data-field="fence.allowedBdLabels"]');
  await expect(labels.getByLabel("Fence: allowed bd labels")).toBeVisible();
  await expect(labels).toContainText("None listed: only next:* labels");
  await expect(panel.locator('[data-field="fence.allowedPaths"]')).toContainText("None listed: no path");
  await expect(panel.getByTestId("new-fence-defaults")).toContainText(
    "no allowed commands and nothing needing approval",
  );

  // The Fence tab of a saved specialist says the same of its lists, and its effective fence names the labels.
  await page.getByRole("button", { name: "Close panel" }).click();
  await extras.openByClick("specialist:cx-qa");
  await page.getByTestId("tab-fence").click();
  await expect(page.getByTestId("effective-labels")).not.toHaveText("");
});
