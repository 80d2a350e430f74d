import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * /tests at more cases and specialists than one page holds: the results and the fence coverage come
 * fifty rows at a time, with links to the pages before and after kept in the address, and a specialist
 * is found by id.
 */

test.describe.configure({ mode: "serial" });

const WORKERS = 60;
const nn = (i: number) => String(i).padStart(2, "0");
const files: Record<string, object> = {
  ".cx/tests/workers.test.json": {
    cases: Array.from({ length: WORKERS }, (_, i) => ({
      name: `case ${nn(i + 1)}: zz-worker-${nn(i + 1)} edits its area`,
      specialist: `zz-worker-${nn(i + 1)}`,
      action: "edit",
      target: `src/w-${nn(i + 1)}/a.ts`,
      expect: "allowed",
    })),
  },
};
for (let i = 1; i <= WORKERS; i++)
  files[`.cx/org/specialists/zz-worker-${nn(i)}.json`] = specialist(`zz-worker-${nn(i)}`, {
    fence: { allowedPaths: [`src/w-${nn(i)}/**`] },
    handoffCandidates: [],
  });

const own = studioOfItsOwn({ prefix: "studio-tests-paging-", port: extraPort(6), files });

const results = (page: Page) => page.getByTestId("test-result");
const rows = (page: Page) => page.getByTestId("coverage-row");

test("the results come fifty at a time; Next and Previous move through them, kept in the address", async ({ page }) => {
  await page.goto(`${own.studio.origin}/tests`);
  await expect(page.getByTestId("tests-summary")).toHaveText(`${WORKERS} passed, 0 failed, 0 invalid`);
  await expect(results(page)).toHaveCount(50);
  await expect(results(page).first()).toContainText("case 01");
  await expect(results(page).last()).toContainText("case 50");
  const pager = page.getByTestId("results-pager");
  await expect(pager.getByTestId("results-pager-shown")).toHaveText("Showing 1–50 of 60, page 1 of 2");

  await pager.getByRole("link", { name: "Next →" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${own.studio.origin}/tests?results=2`);
  await expect(results(page)).toHaveCount(10);
  await expect(results(page).first()).toContainText("case 51");
  await expect(results(page).last()).toContainText("case 60");
  await expect(pager.getByTestId("results-pager-shown")).toHaveText("Showing 51–60 of 60, page 2 of 2");
  // The last page has no "Next": the keyboard is left on "Previous", not thrown back to the top.
  await expect(pager.getByRole("link", { name: "← Previous" })).toBeFocused();

  await page.reload();
  await expect(results(page)).toHaveCount(10);
  await expect(results(page).first()).toContainText("case 51");
  await pager.getByRole("link", { name: "← Previous" }).click();
  await expect(page).toHaveURL(`${own.studio.origin}/tests`);
  await expect(results(page).first()).toContainText("case 01");
});

test("fence coverage comes fifty specialists at a time, and a specialist is found by id", async ({ page }) => {
  await page.goto(`${own.studio.origin}/tests`);
  await expect(rows(page)).toHaveCount(50);
  const shown = page.getByTestId("coverage-pager-shown");
  const total = Number((await shown.textContent())?.match(/^Showing 1–50 of (\d+), page 1 of 2$/)?.[1]);
  expect(total).toBeGreaterThan(WORKERS);
  // By id, as the CLI prints them: the built-in specialists' first, these workers' last.
  await expect(rows(page).first()).toHaveAttribute("data-id", /^cx-/);

  await page.getByTestId("coverage-pager").getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(`${own.studio.origin}/tests?coverage=2`);
  await expect(rows(page)).toHaveCount(total - 50);
  await expect(shown).toHaveText(`Showing 51–${total} of ${total}, page 2 of 2`);
  await expect(rows(page).last()).toHaveAttribute("data-id", `zz-worker-${WORKERS}`);

  // Both pagers and the find field on screen.
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }

  const find = page.getByRole("searchbox", { name: "Find a specialist" });
  await find.fill("worker-42");
  await expect(page).toHaveURL(`${own.studio.origin}/tests?find=worker-42`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByTestId("coverage-figure")).toHaveText("1/1 (100.0%)");
  await expect(page.getByTestId("coverage-found")).toHaveText(`1 of ${total} specialists found`);
  await expect(page.getByTestId("coverage-pager")).toHaveCount(0);

  await find.fill("nobody");
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByTestId("coverage-found")).toHaveText("No specialist's id holds “nobody”.");
  await page.reload();
  await expect(find).toHaveValue("nobody");
  await expect(rows(page)).toHaveCount(0);
});
