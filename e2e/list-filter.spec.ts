import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { specialistId, writeSyntheticOrg } from "../bench/generate-org";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * /list at 1,000 specialists: a page of rows at a time with an honest count, a filter (kind, tier,
 * text, problems only, hide the built-in tier) kept in the address, all of it by keyboard.
 */

const SPECIALISTS = 1000;
const own = studioOfItsOwn({
  prefix: "studio-list-filter-",
  port: extraPort(5),
  files: {
    // An unknown field is a warning on its record: the one row "Problems only" keeps.
    ".cx/org/specialists/cx-typo.json": { ...specialist("cx-typo"), descripton: "misspelt" },
  },
  setup: (root) => writeSyntheticOrg(root, SPECIALISTS),
});

// The count and the pager sit above the rows and again below them.
const shown = (page: Page) => page.getByTestId("list-shown").first();
const rows = (page: Page) => page.locator("tr[data-testid^=row-]");
const elements = (page: Page) => page.evaluate(() => document.getElementsByTagName("*").length);

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test("at 1,000 specialists the list shows one page of rows, says how many of how many, and pages by keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${own.studio.origin}/list`);
  await expect(page.getByTestId("count-specialist")).toHaveText(String(SPECIALISTS + 13));
  const total = Number((await shown(page).textContent())?.match(/of ([\d,]+) records/)?.[1].replace(/,/g, ""));
  expect(total).toBeGreaterThan(SPECIALISTS);
  await expect(shown(page)).toHaveText(`Showing 1–200 of ${total.toLocaleString("en")} records.`);
  await expect(rows(page)).toHaveCount(200);
  expect(await elements(page)).toBeLessThan(5000);

  const next = page.getByRole("link", { name: "Next page →" }).first();
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/list\?page=2$/);
  await expect(shown(page)).toHaveText(`Showing 201–400 of ${total.toLocaleString("en")} records.`);
  await expect(page.getByTestId("list-page").first()).toHaveText(`page 2 of ${Math.ceil(total / 200)}`);
  expect(await elements(page)).toBeLessThan(5000);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test("the filter is typed and ticked by keyboard, kept in the address, and a reload shows the same rows", async ({
  page,
}) => {
  await page.goto(`${own.studio.origin}/list`);
  const text = page.getByRole("searchbox", { name: "Text" });
  await text.focus();
  await page.keyboard.type(specialistId(42));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${own.studio.origin}/list?q=${specialistId(42)}`);
  // The specialist, and every record whose summary or file names it (its team, its contracts).
  await expect(page.getByTestId(`row-specialist-${specialistId(42)}`)).toBeVisible();
  const found = await rows(page).count();
  await expect(shown(page)).toHaveText(
    new RegExp(`^Showing 1–${found} of ${found} matching records \\([\\d,]+ in the org\\)\\.$`),
  );
  await page.reload();
  await expect(text).toHaveValue(specialistId(42));
  await expect(rows(page)).toHaveCount(found);

  await text.fill("");
  await page.getByRole("combobox", { name: "Kind" }).selectOption("team");
  await page.getByRole("checkbox", { name: "Hide built-in" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Filter" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/list\?kind=team&hide=builtin$/);
  await expect(rows(page).first()).toBeVisible();
  for (const badge of await page.getByTestId("scope-badge").allTextContents()) expect(badge).toBe("project");
  expect(
    await rows(page).evaluateAll((trs) => trs.every((tr) => tr.getAttribute("data-testid")?.startsWith("row-team-"))),
  ).toBe(true);

  await page.goto(`${own.studio.origin}/list?tier=builtin&kind=specialist`);
  await expect(rows(page)).toHaveCount(12);
  await expect(page.getByRole("combobox", { name: "Tier" })).toHaveValue("builtin");

  const problems = page.getByRole("checkbox", { name: "Problems only" });
  await page.goto(`${own.studio.origin}/list`);
  await problems.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/list\?problems=1$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId("row-specialist-cx-typo")).toContainText("0 error(s), 1 warning(s)");

  // A row is a link away from its record in the editor, reached and followed by keyboard.
  const editor = new EditorPage(page, own.studio.origin);
  await page.getByTestId("row-specialist-cx-typo").getByTestId("open-row").focus();
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toHaveText("cx-typo", { timeout: 60_000 });

  await page.goto(`${own.studio.origin}/list?q=no-such-record-anywhere`);
  await expect(shown(page)).toHaveText(/^No record matches the filter \([\d,]+ in the org\)\.$/);
  await page.getByRole("link", { name: "Show everything" }).click();
  await expect(page).toHaveURL(`${own.studio.origin}/list`);
});
