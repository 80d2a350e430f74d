import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PAGES } from "../lib/shell/pages";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN, ROOT } from "./support";

/**
 * One shell on every page: the same header (project, Construct, pages, the org's status, the theme),
 * the page shown marked in the navigation, and each page called by one name in the navigation, its
 * title and its heading.
 */

const nav = (page: Page) => page.getByRole("navigation", { name: "Pages" });

async function expectShell(page: Page, href: string, name: string) {
  await expect(page).toHaveTitle(`${name} · Construct Studio`);
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeAttached();
  await expect(nav(page).getByRole("link")).toHaveText(PAGES.map((p) => p.name));
  const current = nav(page).locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(name);
  await expect(current).toHaveAttribute("href", href);
  await expect(page.getByTestId("project-root")).toHaveText(ROOT);
  await expect(page.getByTestId("construct-generation")).toHaveText("ADR-era org · specialists and teams");
  await expect(page.getByTestId("org-status")).toHaveText(/^\d+ errors? · \d+ warnings?$/);
  await expect(page.getByTestId("theme-toggle")).toBeVisible();
}

for (const { href, name } of PAGES) {
  test(`${href} wears the shared header, marked as ${name}`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${ORIGIN}${href}`);
    await expectShell(page, href, name);
    expect(errors).toEqual([]);
  });
}

test("the keyboard walks the pages from the header, in place, and the mark follows", async ({ page }) => {
  await page.goto(`${ORIGIN}/list`);
  await expectShell(page, "/list", "List");
  await page.evaluate(() => Object.assign(window, { studioMark: "same document" }));
  // Tab from the top of the page reaches the navigation before anything of the page's own.
  await page.locator("body").focus();
  const links = nav(page).getByRole("link");
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    if (await links.nth(0).evaluate((a) => a === document.activeElement)) break;
  }
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(nav(page).getByRole("link", { name: "Tests" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${ORIGIN}/tests`);
  await expectShell(page, "/tests", "Tests");
  expect(await page.evaluate(() => (window as unknown as { studioMark?: string }).studioMark)).toBe("same document");
});

test('the editor names the plan "Changes" as the page does: a link to it, and "Show changes" on the canvas', async ({
  page,
}) => {
  const editor = new EditorPage(page, ORIGIN);
  await editor.open();
  await expectShell(page, "/", "Graph editor");
  await expect(page.getByRole("link", { name: "Plan" })).toHaveCount(0);
  // The overlay itself is driven in plan.spec.ts, on a project with a git history to compare with.
  await expect(page.getByRole("button", { name: "Show changes" })).toHaveAttribute("aria-pressed", "false");
  expect(editor.consoleErrors).toEqual([]);
  await nav(page).getByRole("link", { name: "Changes", exact: true }).click();
  await expect(page).toHaveURL(`${ORIGIN}/changes`);
  await expectShell(page, "/changes", "Changes");
});

test("Changes in a project that is not a git repository yet compares with the built-in tier and says so, with no error", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/changes`);
  await expect(page.getByTestId("plan-against-line")).toContainText("Comparing the org now with the built-in tier");
  await expect(page.getByTestId("plan-against-line")).toContainText("is not in a git repository");
  await expect(page.getByTestId("plan-error")).toHaveCount(0);
  // The project's own override is what the project adds to the built-in org.
  // Named by its change row: the same id also appears in reach paths, which may sit folded.
  await expect(page.locator('li[data-change-id="cx-architect"]').first()).toBeVisible();
  // A revision named on purpose still gets the plain refusal.
  await page.getByTestId("plan-against").fill("main");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByTestId("plan-error")).toContainText("not in a git repository");
});

test("the badge on every page counts what the editor's counts, and lists the records with problems", async ({
  page,
}) => {
  const editor = new EditorPage(page, ORIGIN);
  await editor.open();
  const counted = await page.getByTestId("org-status").textContent();
  await page.goto(`${ORIGIN}/packs`);
  await expect(page.getByTestId("org-status")).toHaveText(counted ?? "");
  await page.getByTestId("org-status").click();
  await expect(page).toHaveURL(`${ORIGIN}/list?problems=1`);
  await expect(page.getByRole("checkbox", { name: "Problems only" })).toBeChecked();
});

test("the theme toggle works on every page and the pick carries to the next", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`${ORIGIN}/changes`);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await nav(page).getByRole("link", { name: "Embed" }).click();
  await expectShell(page, "/embed", "Embed");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const { violations } = await new AxeBuilder({ page }).include("header").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});
