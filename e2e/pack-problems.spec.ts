import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { specialistRecord } from "../test/support/temp-project";
import { extraPort, studioOfItsOwn, unchangedOnDisk } from "./support";

/**
 * A broken pack's card says what is wrong: each problem with its rule and the file inside the pack,
 * and the Enable button that cannot work is disabled, saying why.
 */

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const manifest = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  version: "1.0.0",
  compatVersion: ">=0.1.0",
  ...extra,
});

const own = studioOfItsOwn({
  prefix: "studio-pack-problems-",
  port: extraPort(1),
  files: {
    ".cx/packs/bad-json/pack.manifest.json": json(manifest("bad-json")),
    ".cx/packs/bad-json/org/specialists/garbled.json": '{ "id": "garbled", ',
    ".cx/packs/bad-schema/pack.manifest.json": json({ id: "bad-schema", compatVersion: ">=0.1.0" }),
    ".cx/packs/future/pack.manifest.json": json(manifest("future", { compatVersion: ">=99.0.0" })),
    ".cx/packs/weak-records/pack.manifest.json": json(manifest("weak-records")),
    ".cx/packs/weak-records/org/specialists/terse.json": json(specialistRecord("terse", { description: "too short" })),
  },
});

const card = (page: Page, id: string) => page.getByTestId(`pack-${id}`);

async function expectProblem(page: Page, id: string, rule: string | RegExp, file: string | null, text: string) {
  const problem = card(page, id).getByTestId("pack-error");
  await expect(problem).toHaveCount(1);
  await expect(problem).toHaveAttribute("data-rule", rule);
  await expect(problem).toHaveAttribute("data-file", file ?? "");
  await expect(problem).toContainText(text);
  if (file) await expect(problem).toContainText(`in ${file}`);
  const toggle = card(page, id).getByTestId(`toggle-${id}`);
  await expect(toggle).toBeDisabled();
  await expect(card(page, id).getByTestId(`toggle-reason-${id}`)).toHaveText(
    "Cannot be enabled: 1 problem stops it from loading (listed below)",
  );
  // The disabled button is described by its reason and by the problems it points to.
  const describedBy = (await toggle.getAttribute("aria-describedby"))?.split(" ") ?? [];
  expect(describedBy).toHaveLength(2);
  for (const ref of describedBy) await expect(page.locator(`[id="${ref}"]`)).toHaveCount(1);
}

test("each broken pack's card names its problems, the rule and the file inside the pack; Enable says why it cannot", async ({
  page,
}) => {
  const unchanged = unchangedOnDisk(own.root);
  await page.goto(`${own.studio.origin}/packs`);
  await expect(page.getByRole("heading", { name: "Packs" })).toBeVisible();

  await expectProblem(page, "bad-json", /^file-/, "org/specialists/garbled.json", "invalid JSON");
  await expectProblem(page, "bad-schema", "pack-manifest", "pack.manifest.json", "version");
  await expectProblem(page, "future", "pack-compat", "pack.manifest.json", "requires core >=99.0.0");
  for (const id of ["bad-json", "bad-schema", "future"])
    await expect(card(page, id).getByTestId("pack-blocking-problems")).toContainText("stops this pack from loading");

  // A record Construct would refuse is listed, but the pack loads: Enable works, through its preview.
  const weak = card(page, "weak-records");
  const record = weak.getByTestId("pack-record-problem");
  await expect(record).toHaveAttribute("data-rule", "custom-specialist-description");
  await expect(record).toHaveAttribute("data-file", "org/specialists/terse.json");
  await expect(weak.getByTestId("pack-record-problems")).toContainText("1 record Construct would refuse");
  await expect(weak.getByTestId("pack-error")).toHaveCount(0);
  await expect(weak.getByTestId("toggle-weak-records")).toBeEnabled();

  // No staging or absolute path on any card: every file is named inside its pack.
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).not.toContain(own.root);
  unchanged();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the broken packs' cards have no serious or critical axe violation (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${own.studio.origin}/packs`);
    await expect(card(page, "future").getByTestId("pack-error")).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
    expect(serious).toEqual([]);
  });
}
