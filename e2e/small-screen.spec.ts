import path from "node:path";
import { expect, test } from "@playwright/test";
import { PAGES } from "../lib/shell/pages";
import { AppShell } from "./pages/app-shell";
import { ConsoleWatch } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN } from "./support";

/**
 * On a phone (390 × 844, touch): the header is one row and everything else folds into its menu, the
 * canvas keeps most of the screen and first shows the whole org, and every page is used by tapping, with
 * nothing sticking out sideways.
 */

const SHOTS = process.env.SHOTS_DIR;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

let shell: AppShell;
let watch: ConsoleWatch;

test.beforeEach(async ({ page }) => {
  shell = new AppShell(page);
  watch = new ConsoleWatch(page);
});

test.afterEach(() => {
  expect(watch.unexpected()).toEqual([]);
});

test("the canvas keeps at least 70% of the screen, and the toolbar works from the menu by tap", async ({ page }) => {
  const editor = new EditorPage(page, ORIGIN);
  await page.goto(`${ORIGIN}/`);
  await expect(editor.node("specialist:cx-architect")).toBeAttached();
  await editor.settled();
  expect(await shell.canvasShare()).toBeGreaterThanOrEqual(0.7);
  await expect(page.getByTestId("new-menu")).toBeHidden();

  await shell.openMenuByTap();
  await expect(shell.nav()).toBeVisible();
  const handoff = page.getByTestId("legend-handoff");
  await expect(handoff).toHaveAttribute("aria-pressed", "true");
  await handoff.tap();
  await expect(handoff).toHaveAttribute("aria-pressed", "false");
  await handoff.tap();
  await expect(handoff).toHaveAttribute("aria-pressed", "true");

  // New ▾ from the menu: the new record's panel covers the canvas rather than squeezing beside it.
  await page.getByTestId("new-menu").tap();
  await page.getByRole("menuitem", { name: "specialist", exact: true }).tap();
  await expect(editor.panel()).toHaveAttribute("aria-label", "specialist new");
  // Focus went on to the new record's first field, and the menu closed behind it.
  await expect(editor.panel().getByLabel("Id", { exact: true })).toBeFocused();
  await expect(shell.menu()).toBeHidden();
  const panel = (await editor.panel().boundingBox())!;
  expect(panel.width).toBeGreaterThanOrEqual(389);
  await page.getByRole("button", { name: "Close panel" }).tap();
  await expect(editor.panel()).toBeHidden();

  // A tap on the canvas closes the menu; the canvas has the screen back.
  await shell.openMenuByTap();
  await page.locator(".react-flow__pane").tap({ position: { x: 200, y: 400 } });
  await expect(shell.menu()).toBeHidden();
  expect(await shell.canvasShare()).toBeGreaterThanOrEqual(0.7);
});

test("the first view shows the whole org inside the canvas, none of it cut off at either side", async ({ page }) => {
  const editor = new EditorPage(page, ORIGIN);
  await page.goto(`${ORIGIN}/`);
  await expect(editor.node("specialist:cx-architect")).toBeAttached();
  await editor.settled();
  expect(await shell.canvasShare()).toBeGreaterThanOrEqual(0.7);
  const pane = (await page.locator(".react-flow").boundingBox())!;
  const drawn = await page.locator(".react-flow__node").evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { id: (el as HTMLElement).dataset.id, x: r.x, y: r.y, right: r.right, bottom: r.bottom };
      }),
  );
  // Every record the first view draws: groups, teams, specialists and the parties' lane.
  expect(drawn.length).toBeGreaterThanOrEqual(20);
  const outside = drawn.filter(
    (n) => n.x < pane.x || n.y < pane.y || n.right > pane.x + pane.width || n.bottom > pane.y + pane.height,
  );
  expect(outside.map((n) => n.id)).toEqual([]);
  // Filling the pane's width: the whole org, not a corner of it.
  const left = Math.min(...drawn.map((n) => n.x));
  const right = Math.max(...drawn.map((n) => n.right));
  expect(right - left).toBeGreaterThanOrEqual(pane.width * 0.9);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "phone-first-view.png") });
});

for (const [i, { href, name }] of PAGES.entries()) {
  const next = PAGES[(i + 1) % PAGES.length];
  test(`${name} fits the phone's width, its menu opens by tap and its controls are big enough to tap`, async ({
    page,
  }) => {
    await page.goto(`${ORIGIN}${href}`);
    await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(await shell.overflowX()).toBeLessThanOrEqual(0);
    const header = (await page.locator("header").first().boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(56);

    await shell.openMenuByTap();
    for (const control of await page
      .locator("header")
      .first()
      .locator("a:visible, button:visible, select:visible")
      .all()) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height), (await control.textContent()) ?? "").toBeGreaterThanOrEqual(24);
    }
    await shell.nav().getByRole("link", { name: next.name, exact: true }).tap();
    await expect(page).toHaveURL(`${ORIGIN}${next.href}`);
    await expect(page.getByRole("heading", { level: 1, name: next.name, exact: true })).toBeAttached();
  });
}
