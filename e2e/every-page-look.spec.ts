import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PAGES } from "../lib/shell/pages";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN, specialist } from "./support";

/**
 * Every page, and the editor's panel, palette, menu and dialogs, as a first-time user meets them in
 * each theme: axe-core (WCAG 2 A and AA) finds nothing serious or critical. One page is reused for
 * everything so the studio is visited the way a user walks it. With LOOK_SHOTS set to a directory,
 * each state is also saved there as a screenshot for a person to look at.
 */

test.use({ viewport: { width: 1400, height: 900 } });
test.describe.configure({ mode: "serial" });

/** What shows a page has its content in, not only its shell. */
const READY: Record<(typeof PAGES)[number]["href"], (page: Page) => Promise<void>> = {
  "/": (page) => expect(page.getByTestId("node-specialist:cx-architect")).toBeAttached(),
  "/list": (page) => expect(page.getByTestId("list-shown").first()).toBeVisible(),
  "/changes": (page) => page.waitForLoadState("networkidle"),
  "/tests": (page) => page.waitForLoadState("networkidle"),
  "/packs": (page) => expect(page.getByRole("heading", { name: "Packs" })).toBeVisible(),
  "/embed": (page) => expect(page.locator("[data-testid^=capability-]").first()).toBeVisible(),
  // The shared studio edits an earlier-generation org: the page says so and nothing more.
  "/activity": (page) => expect(page.getByTestId("activity-absent")).toBeVisible(),
};

/** The serious and critical violations, each as "rule: target" so a failure says what to fix. */
async function serious(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.slice(0, 10).map((n) => `${where} ${v.id}: ${n.target.join(" ")}`));
}

async function shot(page: Page, name: string) {
  const dir = process.env.LOOK_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

for (const scheme of ["light", "dark"] as const) {
  test(`every page and every editor overlay in the ${scheme} theme passes axe`, async ({ page }) => {
    // axe walks every node and edge of the canvas, several times over: slow on a shared machine.
    test.setTimeout(600_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];

    for (const { href } of PAGES) {
      await page.goto(`${ORIGIN}${href}`);
      await expect(page.locator("main")).toBeVisible();
      await READY[href](page);
      if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await shot(page, `${scheme}-page${href === "/" ? "-editor" : href.replace("/", "-")}`);
      found.push(...(await serious(page, href)));
    }

    const editor = new EditorPage(page, ORIGIN);
    const extras = new EditorExtras(editor);
    await editor.open();
    await extras.openByClick("specialist:cx-architect");
    for (const tab of ["form", "fence", "json", "prompt"]) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute("aria-selected", "true");
      // The JSON and Prompt tabs load their code editor on first use; the look is of the loaded one.
      if (tab === "json" || tab === "prompt") await expect(editor.panel().locator(".monaco-editor")).toBeVisible();
      await expect(editor.panel().getByText(/^Loading (editor|prompt)…$/)).toHaveCount(0);
      await shot(page, `${scheme}-panel-${tab}`);
      found.push(...(await serious(page, `panel ${tab}`)));
    }
    await page.getByTestId("tab-form").click();

    await page.keyboard.press("Control+k");
    await expect(editor.palette()).toBeVisible();
    await shot(page, `${scheme}-palette`);
    found.push(...(await serious(page, "palette")));
    await page.keyboard.press("Escape");
    await expect(editor.palette()).toBeHidden();

    await page.getByTestId("delete-entity").click();
    const remove = page.getByRole("dialog", { name: /^Delete .*specialist cx-architect\?$/ });
    await expect(remove).toBeVisible();
    await shot(page, `${scheme}-delete-dialog`);
    found.push(...(await serious(page, "delete dialog")));
    await remove.getByRole("button", { name: "Cancel" }).click();
    await expect(remove).toBeHidden();

    await page.getByRole("button", { name: "Close panel" }).click();
    await expect(editor.panel()).toBeHidden();
    await page.getByTestId("new-menu").click();
    await expect(page.getByRole("menu")).toBeVisible();
    await shot(page, `${scheme}-new-menu`);
    found.push(...(await serious(page, "New menu")));
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();

    await page.getByTestId("import-file").setInputFiles({
      name: "other-project.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ specialists: { "cx-look": specialist("cx-look") } })),
    });
    const preview = page.getByTestId("import-preview");
    await expect(preview).toContainText("Import into the project tier");
    await shot(page, `${scheme}-import-dialog`);
    found.push(...(await serious(page, "import dialog")));
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();

    expect(found).toEqual([]);
  });
}
