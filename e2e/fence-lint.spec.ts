import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ConsoleWatch, disk, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, specialist } from "./support";

/**
 * Fence entries that do nothing: the warning sits on the item, in the fence form and the panel's
 * problems, and its Remove entry fix edits the draft as a click on the chip's × would, so the save
 * says what it does and writes the fence without the entry.
 */

const id = "cx-e2e-lint";
const fence = { allowedPaths: ["docs/**", "docs/adr/**"], allowedCommands: ["npm", "npm test"] };

let editor: EditorPage;
let extras: EditorExtras;
let watch: ConsoleWatch;

test.beforeAll(async () => {
  expect((await api("POST", "/api/org/specialist?scope=project", specialist(id, { fence }))).status).toBe(201);
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

test("a shadowed glob and command are warned about at their item, and Remove entry fixes each through the draft", async ({
  page,
}) => {
  const served = await api("GET", `/api/org/specialist/${id}`);
  const lints = served.json.errors.filter((p: { id: string }) => p.id.startsWith("fence-rule"));
  expect(lints.map((p: { id: string; location: string }) => `${p.id} ${p.location}`).sort()).toEqual([
    `fence-rule-shadowed #/specialists/${id}/fence/allowedCommands/1`,
    `fence-rule-shadowed #/specialists/${id}/fence/allowedPaths/1`,
  ]);

  await editor.open();
  await extras.openByClick(`specialist:${id}`);
  await page.getByTestId("tab-fence").click();
  const paths = page.getByTestId("tags-fence.allowedPaths");
  const chips = paths.getByTestId("tag-chip");
  await expect(chips.nth(1)).toHaveAttribute("data-invalid", "true");
  await expect(chips.nth(1)).toHaveAttribute("title", /"docs\/adr\/\*\*" is already allowed by "docs\/\*\*"/);
  await expect(chips.nth(0)).not.toHaveAttribute("data-invalid", "true");

  const warning = page.locator('[data-testid="field-error-fence.allowedPaths"][data-rule="fence-rule-shadowed"]');
  await warning.getByTestId("problem-fix").click();
  await expect(chips).toHaveCount(1);
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId("draft-impact")).toBeVisible();

  // The panel's problem list carries the same fix, for the shadowed command.
  const problems = page.getByTestId("panel-problems");
  await expect(problems).toContainText('"npm test" is already allowed by "npm"');
  await problems.getByTestId("problem-fix").click();
  await expect(page.getByTestId("tags-fence.allowedCommands").getByTestId("tag-chip")).toHaveCount(1);
  await expect(page.getByTestId("panel-problems")).toHaveCount(0);

  await page.getByRole("button", { name: "Save fence" }).click();
  await expect(editor.toast("success")).toContainText(`Saved specialist ${id}`);
  await expect
    .poll(() => disk.entity("specialists", id).fence)
    .toEqual({ allowedPaths: ["docs/**"], allowedCommands: ["npm"] });
  const after = await api("GET", `/api/org/specialist/${id}`);
  expect(after.json.errors.filter((p: { id: string }) => p.id.startsWith("fence-rule"))).toEqual([]);
});

for (const scheme of ["light", "dark"] as const)
  test(`in the ${scheme} theme, the unsaved marker and an inline warning are legible (axe colour contrast)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await editor.open();
    await extras.openByClick(`specialist:${id}`);
    await page.getByTestId("tab-fence").click();
    // Fixing the command leaves the draft unsaved while the shadowed path still warns at its item.
    await page.getByTestId("panel-problems").getByTestId("problem-fix").click();
    await expect(page.getByTestId("unsaved")).toBeVisible();
    await expect(
      page.locator('[data-testid="field-error-fence.allowedPaths"][data-rule="fence-rule-shadowed"]'),
    ).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="entity-panel"]')
      .withRules(["color-contrast"])
      .analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);
  });
