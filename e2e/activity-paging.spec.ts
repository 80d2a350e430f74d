import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { writeSyntheticProfiles } from "../bench/generate-org";
import { appendDispatches } from "../server/activity/test-support/construct-records";
import { installConstruct } from "../test/support/construct-package";
import { extraPort, studioOfItsOwn } from "./support";

/**
 * /activity at more worker profiles than one page holds: their table comes fifty at a time, the active
 * first; the findings list fifty and say where the rest are; the filter offers the profiles with activity.
 */

const PROFILES = 60;
const own = studioOfItsOwn({
  prefix: "studio-activity-paging-",
  port: extraPort(9),
  setup: (root) => {
    installConstruct(root);
    writeSyntheticProfiles(root, PROFILES);
    appendDispatches({ root, home: path.join(root, "home") }, [
      { timestamp: new Date().toISOString(), agent: "cx-worker-00060", outcome: "success" },
    ]);
  },
});

const rows = (page: Page) => page.locator("tr[data-testid^=profile-row-]");

test("worker profiles come fifty at a time, the active first; the idle ones are counted, fifty listed", async ({
  page,
}) => {
  await page.goto(`${own.studio.origin}/activity`);
  const shown = page.getByTestId("profiles-shown");
  const total = Number(
    (await shown.textContent())?.match(/^Showing 1–50 of (\d+), the active first, page 1 of 2$/)?.[1],
  );
  expect(total).toBeGreaterThan(PROFILES);
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first()).toHaveAttribute("data-testid", "profile-row-worker-00060");
  await expect(page.getByRole("combobox", { name: "Worker profile" }).locator("option")).toHaveText([
    "every profile",
    "worker-00060",
  ]);

  const idle = page.getByTestId("idle-profiles");
  await expect(idle.getByTestId("finding-profile-idle")).toHaveCount(50);
  await expect(idle.getByTestId("idle-profiles-more")).toContainText(`${total - 1 - 50} more not listed here`);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }

  await page
    .getByRole("navigation", { name: "Pages of worker profiles" })
    .getByRole("link", { name: "Next →" })
    .click();
  await expect(page).toHaveURL(`${own.studio.origin}/activity?profiles=2`);
  await expect(rows(page)).toHaveCount(total - 50);
  await expect(shown).toHaveText(`Showing 51–${total} of ${total}, the active first, page 2 of 2`);
  await expect(page.getByTestId("profile-row-worker-00060")).toHaveCount(0);

  // A row links to the profile's own activity, which the filter then offers though it is idle.
  const row = rows(page).first();
  const id = (await row.getAttribute("data-testid"))?.replace("profile-row-", "") ?? "";
  await row.getByRole("link", { name: id }).click();
  await expect(page).toHaveURL(`${own.studio.origin}/activity?profile=${id}`);
  await expect(page.getByRole("combobox", { name: "Worker profile" })).toHaveValue(id);
});
