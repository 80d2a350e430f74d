import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN } from "./support";

/**
 * Accessibility as a user with a screen reader or only a keyboard meets it: axe-core on every
 * page in both themes, and the keyboard contract of every dialog and menu.
 */

const PAGES = [
  { path: "/", ready: (page: Page) => expect(page.getByTestId("node-specialist:cx-architect")).toBeAttached() },
  { path: "/list", ready: (page: Page) => expect(page.getByTestId("list-shown").first()).toBeVisible() },
  { path: "/packs", ready: (page: Page) => expect(page.getByRole("heading", { name: "Packs" })).toBeVisible() },
  { path: "/embed", ready: (page: Page) => expect(page.locator("[data-testid^=capability-]").first()).toBeVisible() },
  { path: "/changes", ready: (page: Page) => settledMain(page) },
  { path: "/tests", ready: (page: Page) => settledMain(page) },
];

/** Pages that fetch after loading: their content is in once the network is quiet. */
async function settledMain(page: Page) {
  await expect(page.locator("main")).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** The serious and critical violations, each as "rule: target (summary)" so a failure says what to fix. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.slice(0, 20).map((n) => `${v.id}: ${n.target.join(" ")} (${n.failureSummary?.split("\n")[1]?.trim()})`),
    );
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`every page in the ${scheme} theme`, () => {
    for (const { path, ready } of PAGES) {
      test(`${path} has no serious or critical axe violation and follows the system theme`, async ({ page }) => {
        // axe walks every node and edge of the canvas: on a busy machine that alone can take a minute.
        test.setTimeout(180_000);
        // No saved pick: the page follows the system preference from its first paint.
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${ORIGIN}${path}`);
        await ready(page);
        if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

/**
 * Each page with its panel open and an error on screen, where colours and roles are most often missed:
 * the editor's record panel with a field error and its refusal toast, the list's problems, the plan's
 * refusal, a test run, a pack that cannot be installed, and an embed capability's overrides refused
 * beside its dry run.
 */
const WITH_ERROR: { path: string; show: (page: Page) => Promise<void> }[] = [
  {
    path: "/",
    show: async (page) => {
      const editor = new EditorPage(page, ORIGIN);
      await editor.open();
      await new EditorExtras(editor).openByClick("specialist:cx-architect");
      await editor.panel().getByLabel("Name", { exact: true }).fill("");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Control+s");
      await expect(editor.panel().getByTestId("field-error-name")).toBeVisible();
      await expect(editor.toast("error")).toBeVisible();
    },
  },
  {
    path: "/list",
    show: async (page) => {
      await page.goto(`${ORIGIN}/list?problems=1`);
      await expect(page.getByTestId("file-problems")).toBeVisible();
    },
  },
  {
    path: "/changes",
    show: async (page) => {
      await page.goto(`${ORIGIN}/changes`);
      await page.getByTestId("plan-against").fill("no-such-revision");
      await page.getByRole("button", { name: "Compare" }).click();
      await expect(page.getByTestId("plan-error")).toBeVisible();
    },
  },
  {
    path: "/tests",
    show: async (page) => {
      await page.goto(`${ORIGIN}/tests`);
      await page.getByRole("button", { name: "Run tests" }).click();
      await settledMain(page);
    },
  },
  {
    path: "/packs",
    show: async (page) => {
      await page.goto(`${ORIGIN}/packs`);
      await page.getByTestId("install-folder").fill("/no/such/pack");
      await page.getByRole("button", { name: "Preview install" }).click();
      await expect(page.getByTestId("install-message")).toBeVisible();
    },
  },
  {
    path: "/embed",
    show: async (page) => {
      await page.goto(`${ORIGIN}/embed`);
      const card = page.locator("[data-testid^=capability-]").first();
      await card.getByTestId("dry-run").click();
      await expect(card.getByTestId("dry-run-panel")).toBeVisible();
      await card.getByTestId("edit-overrides").click();
      await card.getByTestId("override-cadence").check();
      await card.getByTestId("cadence-input").fill("every now and then");
      await expect(card.getByTestId("cadence-errors")).not.toBeEmpty();
    },
  },
];

for (const scheme of ["light", "dark"] as const) {
  test.describe(`every page in the ${scheme} theme, a panel open and an error shown`, () => {
    for (const { path, show } of WITH_ERROR) {
      test(`${path} has no serious or critical axe violation with its panel and an error on screen`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        await page.emulateMedia({ colorScheme: scheme });
        await show(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test("the theme is right before the first paint, and the user's pick outlasts the system's preference", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  // Record <html>'s class when the parser inserts <body>: nothing of the page is painted yet.
  await page.addInitScript(() => {
    const watch = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { firstClass: string }).firstClass = document.documentElement.className;
      watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${ORIGIN}/list`);
  await expect(page.getByTestId("list-shown").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstClass: string }).firstClass)).toMatch(/\bdark\b/);

  const editor = new EditorPage(page, ORIGIN);
  await editor.open();
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.goto(`${ORIGIN}/packs`);
  await expect(page.getByRole("heading", { name: "Packs" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

test.describe("keyboard: dialogs and menus", () => {
  test("New ▾ opens with the keyboard, arrows move, Escape closes and focus returns; Enter picks", async ({ page }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    const trigger = page.getByTestId("new-menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "specialist" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "team" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("menuitem", { name: "specialist" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "specialist" })).toBeFocused();
    // Each step waits for the focus to land: a key sent while the menu is still settling can be lost.
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "team" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "group" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(editor.panel()).toHaveAttribute("aria-label", "group new");
    expect(editor.consoleErrors).toEqual([]);
  });

  test("Route… starts in its text box, arrows move between its buttons, Escape closes it and returns focus", async ({
    page,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    await editor.open();
    const trigger = page.getByTestId("open-route");
    await trigger.click();
    const preview = page.getByRole("dialog", { name: "Routing preview" });
    await expect(preview).toBeVisible();
    await expect(page.getByTestId("route-input")).toBeFocused();
    await page.getByTestId("route-input").fill("find the root cause of a crash in production");
    await page.getByRole("button", { name: "Rank specialists" }).click();
    const candidates = page.getByTestId("route-candidates").getByRole("button");
    await expect(candidates.first()).toBeVisible();
    await candidates.first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(candidates.nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(editor.consoleErrors).toEqual([]);
  });

  test("a dialog starts on the safe answer, keeps focus inside, and Escape closes it only, returning focus", async ({
    page,
  }) => {
    const editor = new EditorPage(page, ORIGIN);
    const extras = new EditorExtras(editor);
    await editor.open();
    await extras.openByClick("specialist:cx-reviewer");
    const description = page.getByLabel("Description");
    await description.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("Reviews every change for correctness, and explains each refusal it makes.");

    // A save over a built-in record asks first; Cancel is focused, not "Create override".
    const save = editor.saveButton();
    await save.click();
    const override = page.getByRole("dialog", { name: /Override built-in specialist/ });
    await expect(override).toBeVisible();
    await expect(override).toHaveAccessibleDescription(/read-only/);
    await expect(override.getByRole("button", { name: "Cancel" })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await override.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await override.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(override).toBeHidden();
    await expect(editor.panel()).toBeVisible();
    await expect(save).toBeFocused();

    // Closing the dirty panel asks; "Keep editing" is focused, not "Discard changes".
    const close = page.getByRole("button", { name: "Close panel" });
    await close.click();
    const discard = page.getByRole("dialog", { name: "Discard unsaved changes?" });
    await expect(discard).toBeVisible();
    await expect(discard.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(discard.getByRole("button", { name: "Discard changes" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(discard.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(discard).toBeHidden();
    await expect(close).toBeFocused();
    await expect(description).toHaveValue("Reviews every change for correctness, and explains each refusal it makes.");

    await close.click();
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await expect(editor.panel()).toBeHidden();
    expect(editor.consoleErrors).toEqual([]);
  });
});
