import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { disk, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, ROOT, specialist, unchangedOnDisk } from "./support";

/**
 * The Access view: what a task that starts with one specialist can end up doing through handoffs and
 * contracts, escalations apart, each entry with its path; its highlight on the canvas; and "What this
 * save does" naming a reach that widens before the save.
 */

// Written to disk as an outside edit would: one no one hands work to, with a glob Construct cannot read,
// and one whose team does not exist.
const LONER = "cx-e2e-loner";
const TEAMLESS = "cx-e2e-teamless";
const files = [LONER, TEAMLESS].map((id) => disk.entityFile("specialists", id));

test.beforeAll(() => {
  writeFileSync(
    files[0],
    JSON.stringify(
      specialist(LONER, { role: "e2e-loner", fence: { allowedPaths: ["notes/**", "src/{a,b}/**"] } }),
      null,
      2,
    ),
  );
  writeFileSync(files[1], JSON.stringify(specialist(TEAMLESS, { team: "e2e-no-such-team" }), null, 2));
});

test.afterAll(() => {
  for (const file of files) rmSync(file, { force: true });
});

let editor: EditorPage;
let extras: EditorExtras;

test.beforeEach(async ({ page }) => {
  editor = new EditorPage(page, ORIGIN);
  extras = new EditorExtras(editor);
  await editor.open();
  await expect(editor.node(`specialist:${LONER}`)).toBeAttached();
});

async function openAccess(page: Page, id: string) {
  await extras.openByClick(`specialist:${id}`);
  await page.getByTestId("tab-access").click();
  await expect(page.getByTestId("access-summary")).toBeVisible();
}

/** The holder row of one list that grants through `holder`. */
const holderRow = (page: Page, scope: string, list: string, holder: string): Locator =>
  page.getByTestId(scope).getByTestId(`reach-group-${list}`).locator(`[data-holder="${holder}"]`);

async function expand(page: Page, scope: string, list: string) {
  const toggle = page.getByTestId(scope).getByTestId(`reach-group-${list}`).getByRole("button").first();
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

test("a builtin specialist's reach lists each entry with the path that grants it, escalations apart", async ({
  page,
}) => {
  await openAccess(page, "cx-reviewer");
  await expect(page.getByTestId("access-summary")).toHaveText(
    /^\d+ entries through \d+ others; \d+ more only by escalating/,
  );

  // Its own fence first, then each specialist it hands off to, by the path that gets there.
  await expand(page, "reach-entries", "allowedPaths");
  const own = holderRow(page, "reach-entries", "allowedPaths", "cx-reviewer");
  await expect(own.getByTestId("reach-path")).toHaveText("cx-reviewer (its own fence)");
  await expect(own.getByTestId("reach-entry")).toContainText(["docs/reviews/**"]);
  const engineer = holderRow(page, "reach-entries", "allowedPaths", "cx-engineer");
  await expect(engineer.getByTestId("reach-path")).toHaveText("cx-reviewer → handoff → cx-engineer");
  await expect(engineer.getByTestId("reach-entry").filter({ hasText: /^src\/\*\*$/ })).toHaveCount(1);
  await expand(page, "reach-entries", "allowedCommands");
  await expect(holderRow(page, "reach-entries", "allowedCommands", "cx-engineer")).toContainText("npm run build");

  // The orchestrator is reached only by escalating, and says so under its own heading.
  const escalations = page.getByTestId("reach-escalations");
  await expect(escalations.getByRole("heading", { name: "Only by escalating" })).toBeVisible();
  await expect(escalations.getByTestId("reach-path").first()).toHaveText(/escalation → cx-orchestrator$/);
  await expand(page, "reach-escalated", "allowedPaths");
  const orchestrator = holderRow(page, "reach-escalated", "allowedPaths", "cx-orchestrator");
  await expect(orchestrator.getByTestId("reach-entry")).toContainText([".construct/plans/**"]);
  await expect(page.getByTestId("reach-entries").locator('[data-holder="cx-orchestrator"]')).toHaveCount(0);

  // An id on a path opens its record and selects its node.
  await engineer.getByTestId("reach-path-id").filter({ hasText: "cx-engineer" }).click();
  await expect(editor.panelTitle()).toHaveText("cx-engineer");
  await expect(page.locator('.react-flow__node[data-id="specialist:cx-engineer"]')).toHaveClass(/\bselected\b/);
});

test("a glob left out of the reach, a team that does not exist, and an empty reach are each named", async ({
  page,
}) => {
  await openAccess(page, LONER);
  await expect(page.getByTestId("reach-invalid")).toContainText('"src/{a,b}/**"');
  await expect(page.getByTestId("reach-invalid")).toContainText("braces");
  await expand(page, "reach-entries", "allowedPaths");
  await expect(holderRow(page, "reach-entries", "allowedPaths", LONER).getByTestId("reach-entry")).toHaveText([
    "notes/**",
  ]);

  await editor.search(TEAMLESS);
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toHaveText(TEAMLESS);
  await page.getByTestId("tab-access").click();
  await expect(page.getByTestId("access-summary")).toHaveText("Nothing: no one on the way grants anything.");
  await expect(page.getByTestId("reach-notes")).toContainText(`${TEAMLESS}: team "e2e-no-such-team" does not exist`);
  await expect(page.getByTestId("reach-entries")).toHaveCount(0);
});

test("Show on canvas lights the reach's specialists and relationships, dims the rest, and goes off", async ({
  page,
}, testInfo) => {
  await openAccess(page, "cx-reviewer");
  const toggle = page.getByTestId("reach-on-canvas");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  await expect(editor.node("specialist:cx-engineer")).toHaveAttribute("data-highlight", "reach");
  await expect(editor.node("specialist:cx-orchestrator")).toHaveAttribute("data-highlight", "reach");
  await expect(editor.node(`specialist:${LONER}`)).toHaveAttribute("data-dimmed", "true");
  await expect(editor.node(`specialist:${LONER}`)).not.toHaveAttribute("data-highlight", /./);
  // A team holding part of the reach stays lit around it.
  await expect(editor.node("team:quality-team")).not.toHaveAttribute("data-dimmed", /./);
  const lit = page.locator(".react-flow__edge.studio-edge-reach");
  await expect(editor.edge("handoff:cx-reviewer:engineer:cx-engineer")).toHaveClass(/\bstudio-edge-reach\b/);
  expect(await lit.count()).toBeGreaterThan(3);
  const others = page.locator(".react-flow__edge:not(.studio-edge-reach)");
  for (const cls of await others.evaluateAll((els) => els.map((e) => e.getAttribute("class") ?? "")))
    expect(cls).toMatch(/\bstudio-edge-dimmed\b/);
  await editor.settled();
  await page.screenshot({ path: testInfo.outputPath("reach-on-canvas.png") });

  // A folded team holding a reached specialist shows it.
  await page.getByTestId("fold-team:engineering-team").click();
  await expect(editor.node("team:engineering-team")).toHaveAttribute("data-highlight", "reach");
  await page.getByTestId("fold-team:engineering-team").click();
  await expect(editor.node("specialist:cx-engineer")).toHaveAttribute("data-highlight", "reach");

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator('[data-highlight="reach"]')).toHaveCount(0);
  await expect(lit).toHaveCount(0);
  await expect(editor.node(`specialist:${LONER}`)).not.toHaveAttribute("data-dimmed", /./);

  // On again, it lasts until another record is selected.
  await toggle.click();
  await expect(editor.node("specialist:cx-engineer")).toHaveAttribute("data-highlight", "reach");
  await editor.select(`specialist:${LONER}`);
  await expect(editor.panelTitle()).toHaveText(LONER);
  await expect(page.locator('[data-highlight="reach"]')).toHaveCount(0);
  await expect(lit).toHaveCount(0);
});

test("a handoff added in the form says the reach widens in “What this save does”, before any save", async ({
  page,
}) => {
  const unchanged = unchangedOnDisk(path.join(ROOT, ".cx", "org"));
  await extras.openByClick("specialist:cx-reviewer");
  await extras.addTags(page.getByLabel("Hands off to (roles)"), ["orchestrator"]);
  const impact = page.getByTestId("draft-impact");
  await expect(impact.getByTestId("plan-reach-widens")).toContainText(
    /Reach widens for \d+ specialists through handoffs and contracts/,
  );
  // One line per specialist whose reach grows, its path inside; the handoff itself under Relationships.
  const architect = impact.locator('[data-change-kind="reach"][data-change-id="cx-architect"]');
  await expect(architect).toContainText(/! REACH WIDENS cx-architect: \+\d+ entries held by cx-orchestrator/);
  await architect.locator("summary").click();
  await expect(architect).toContainText("→ cx-reviewer → handoff → cx-orchestrator: edit .construct/plans/**");
  await expect(impact.getByTestId("plan-edge")).toContainText("cx-orchestrator");
  await page.screenshot({ path: test.info().outputPath("reach-widens-before-save.png") });

  // Nothing is written until Save.
  await page.getByRole("button", { name: "Close panel" }).click();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(editor.panel()).toBeHidden();
  unchanged();
  expect(existsSync(disk.entityFile("specialists", "cx-reviewer"))).toBe(false);
});

test("a handoff drawn on the canvas that widens reach says so before it is saved; Cancel writes nothing", async ({
  page,
}) => {
  const unchanged = unchangedOnDisk(path.join(ROOT, ".cx", "org"));
  await editor.connect("specialist:cx-reviewer", "specialist:cx-orchestrator");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Override a built-in specialist?");
  await expect(dialog.getByTestId("handoff-reach-widens")).toContainText(/Reach widens for \d+ specialists/);
  await expect(dialog.getByTestId("handoff-reach-widens")).toContainText(
    "cx-reviewer → handoff → cx-orchestrator: edit .construct/plans/**",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.edge("handoff:cx-reviewer:orchestrator:cx-orchestrator")).toHaveCount(0);
  unchanged();
});

/** Presses Tab (or Shift+Tab) until `target` has the focus: what a keyboard user does. */
async function tabTo(page: Page, target: Locator, key = "Tab", max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error("Tab never reached the element");
}

test("the Access view works from the keyboard alone, and axe finds nothing serious in it", async ({ page }) => {
  await editor.search("cx-reviewer");
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toHaveText("cx-reviewer");
  // Opening a record puts focus on its first field; the tab row above it is one Tab stop, walked with arrows.
  await tabTo(page, page.getByTestId("tab-form"), "Shift+Tab");
  await tabTo(page, page.getByTestId("tab-access"), "ArrowRight", 8);
  await expect(page.getByTestId("access-summary")).toBeVisible();

  await tabTo(page, page.getByTestId("reach-on-canvas"));
  await page.keyboard.press("Space");
  await expect(page.getByTestId("reach-on-canvas")).toHaveAttribute("aria-pressed", "true");
  await expect(editor.node("specialist:cx-engineer")).toHaveAttribute("data-highlight", "reach");

  const group = page.getByTestId("reach-entries").getByTestId("reach-group-allowedPaths").getByRole("button").first();
  await tabTo(page, group);
  await page.keyboard.press("Enter");
  await expect(group).toHaveAttribute("aria-expanded", "true");
  const history = page.getByTestId("access-history-section").getByRole("button").first();
  await tabTo(page, history);
  await page.keyboard.press("Enter");
  await expect(history).toHaveAttribute("aria-expanded", "true");
  // A studio without the history route says so in the section, and the rest of the view stays.
  if ((await api("GET", "/api/access/cx-reviewer/history")).status === 404) {
    await expect(page.getByTestId("access-history-unavailable")).toHaveText(
      "History unavailable: this studio does not serve it.",
    );
    await expect(page.getByTestId("access-summary")).toBeVisible();
  } else {
    await expect(page.getByTestId("access-history")).not.toContainText("Reading the git history");
    await expect(page.getByTestId("access-history-unavailable")).toHaveCount(0);
  }

  const results = await new AxeBuilder({ page }).include('[data-testid="entity-panel"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  expect(serious).toEqual([]);

  const engineer = holderRow(page, "reach-entries", "allowedPaths", "cx-engineer")
    .getByTestId("reach-path-id")
    .filter({ hasText: "cx-engineer" });
  await tabTo(page, engineer, "Shift+Tab", 120);
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toHaveText("cx-engineer");
  // Another record: the highlight goes with the one it belonged to.
  await expect(page.locator('[data-highlight="reach"]')).toHaveCount(0);
});
