import { expect, test } from "@playwright/test";
import { ORIGIN, ROOT } from "./support";

test("the org page lists the merged org by kind, with tiers, overrides and broken files", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  const external: string[] = [];
  await page.context().route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(ORIGIN) || url.startsWith("data:")) return route.continue();
    external.push(url);
    return route.abort();
  });

  await page.goto("/list");
  await expect(page.getByRole("heading", { name: "List", exact: true })).toBeVisible();
  await expect(page).toHaveTitle("List · Construct Studio");
  await expect(page.getByTestId("project-root")).toHaveText(ROOT);
  await expect(page.getByTestId("count-specialist")).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId("count-specialist").textContent())).toBeGreaterThanOrEqual(12);
  expect(Number(await page.getByTestId("count-team").textContent())).toBeGreaterThanOrEqual(8);

  expect(Number(await page.getByTestId("count-group").textContent())).toBeGreaterThanOrEqual(6);

  const architect = page.getByTestId("row-specialist-cx-architect");
  await expect(architect.getByTestId("scope-badge")).toHaveText("project");
  await expect(architect.getByTestId("overrides")).toHaveText("overrides builtin");
  await expect(architect).toContainText("Project override: the architect of this repository");
  await expect(page.getByTestId("row-team-engineering-team").getByTestId("scope-badge")).toHaveText("builtin");

  const fileProblems = page.getByTestId("file-problems");
  await expect(fileProblems).toContainText(".cx/org/teams/broken-team.json");
  await expect(fileProblems).toContainText("invalid JSON");
  await expect(page.getByTestId("org-status")).toContainText(/\d+ errors?/);

  await page.screenshot({ path: "test-results/org-page.png", fullPage: false });
  expect(consoleErrors).toEqual([]);
  expect(external).toEqual([]);
});
