import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { appendDispatches, appendMutations, dispatch, hook } from "../server/activity/test-support/construct-records";
import { constructInit, installConstruct } from "../test/support/construct-package";
import { type Studio, startStudio } from "../test/support/processes";
import { type TempProject, tempProject } from "../test/support/temp-project";
import { extraPort, ORIGIN } from "./support";

// A project Construct 2.1.1 prepared (`construct init`, a custom docs-keeper fenced to docs/**), its
// activity records written by Construct's own hooks and writer, read on the Activity page, in the
// panel and on the canvas.
const SHOTS = process.env.SHOTS_DIR;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
let p: TempProject;
let studio: Studio;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  p = tempProject({ prefix: "studio-activity-", home: "inside" });
  installConstruct(p.root);
  expect(constructInit(p.root, p.home).status).toBe(0);
  p.write({
    ".construct/org/worker-profiles/docs-keeper.json": {
      name: "docs-keeper",
      displayName: "Keeps every README of the project current",
      description: "Keeps every README of the project current",
      role: "docs-keeper",
      modelTier: "standard",
      skills: ["docs/adr-writing"],
      fence: { allowedPaths: ["docs/**"] },
      handoffCandidates: ["architect"],
      internal: true,
      custom: true,
    },
    "docs/readme.md": "# docs\n",
  });
  const git = (args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: p.root });
  git(["init", "-q"]);
  git(["add", "-A", "-f"]);
  git(["commit", "-qm", "init"]);
  const readme = path.join(p.root, "docs", "readme.md");
  hook(p, "audit-trail", { tool_name: "Write", tool_input: { file_path: readme, content: "# docs\n" } });
  dispatch(p, "cx-architect", "Review the module boundaries", "Review failed: 2 errors");
  dispatch(p, "cx-architect", "Sketch the storage layer", "Completed: drafted");
  appendMutations(p, [
    { ts: ago(30), agent: "cx-docs-keeper", tool: "Edit", target: "docs/guide/a.md" },
    { ts: ago(20), agent: "cx-docs-keeper", tool: "Write", target: "src/outside.ts" },
    { ts: ago(10), agent: "cx-ghost", tool: "Write", target: "src/ghost.ts" },
    { ts: ago(5), agent: "cx-docs-keeper", tool: "Bash", target: "npm test" },
  ]);
  appendDispatches(p, [{ timestamp: ago(3), agent: "cx-docs-keeper", outcome: "success" }]);
  studio = await startStudio({ port: extraPort(6), root: p.root, home: p.home, xdg: p.xdg });
});

test.afterAll(async () => {
  await studio?.kill();
  p?.remove();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.slice(0, 20).map((n) => `${v.id}: ${n.target.join(" ")}`));
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ])
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${w}-${scheme}.png`), fullPage: w > 1000 });
    }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

const rows = (page: Page) => page.getByTestId("activity-row");

test("the Activity page shows the records: the chain holds, the breach leads, paths relative, unknown agents apart", async ({
  page,
}) => {
  await page.goto(`${studio.origin}/activity`);
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(page.getByTestId("chain-ok")).toContainText(".construct/audit-trail.jsonl");
  await expect(page.getByTestId("breaches")).toContainText("src/outside.ts");
  await expect(rows(page).filter({ hasText: "docs/guide/a.md" })).toHaveCount(1);
  await expect(page.getByTestId("activity-timeline")).not.toContainText(p.root);
  await expect(page.getByTestId("other-cx-ghost")).toContainText("no worker profile of the org");
  const architect = page.getByTestId("profile-row-architect");
  await expect(architect.getByTestId("error-rate")).toHaveText("50%");
  await expect(architect.getByTestId("error-rate")).toHaveAttribute("data-high", "true");
  await expect(page.getByTestId("idle-profiles")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await shots(page, "activity-page");
});

test("the filter narrows the timeline through the address, and Tab reaches every control with focus shown", async ({
  page,
}) => {
  await page.goto(`${studio.origin}/activity`);
  await page.getByLabel("Tool").selectOption("Write");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/tool=Write/);
  await expect(rows(page)).not.toHaveCount(0);
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain("Write");
  await page.goto(`${studio.origin}/activity?profile=docs-keeper&path=docs/**`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText("docs/guide/a.md");
  // Every control of the filter is a Tab stop, and the focused one is drawn with an outline.
  await page.goto(`${studio.origin}/activity`);
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        name: el.getAttribute("name") ?? el.textContent?.trim().slice(0, 40) ?? "",
        outline: style.outlineStyle,
      };
    });
    if (info) {
      reached.add(info.name);
      expect(info.outline, `${info.name} shows focus`).not.toBe("none");
    }
  }
  for (const name of ["since", "profile", "tool", "path", "Filter"]) expect(reached).toContain(name);
});

test("a record Construct appends shows without a reload", async ({ page }) => {
  await page.goto(`${studio.origin}/activity`);
  await expect(rows(page).first()).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  dispatch(p, "cx-architect", "Plan the live view", "Completed: planned");
  hook(p, "audit-trail", {
    tool_name: "Write",
    tool_input: { file_path: path.join(p.root, "docs", "live.md"), content: "# live\n" },
  });
  await expect(rows(page).filter({ hasText: "docs/live.md" })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a worker profile's panel shows its fence use and a narrower fence, put in the draft but written only by Save", async ({
  page,
}) => {
  const file = path.join(p.root, ".construct/org/worker-profiles/docs-keeper.json");
  const before = readFileSync(file, "utf8");
  await page.goto(`${studio.origin}/?open=worker-profiles/docs-keeper`);
  await expect(page.getByTestId("panel-title")).toHaveText("docs-keeper");
  await page.getByTestId("tab-activity").click();
  const tab = page.getByTestId("activity-tab");
  await expect(tab.getByTestId("fence-entry").first()).toContainText("docs/**");
  await expect(tab.getByTestId("panel-breaches")).toContainText("src/outside.ts");
  await expect(tab.getByTestId("narrow-proposal")).toContainText("docs/**");
  await expect(tab.locator('[data-mark="remove"]')).toContainText("docs/**");
  await expect(tab.locator('[data-mark="add"]').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, "activity-panel");
  await tab.getByTestId("narrow-fence").click();
  await expect(page.getByTestId("unsaved")).toBeVisible();
  await expect(tab.getByTestId("narrow-in-draft")).toBeVisible();
  await expect(page.getByTestId("save-entity")).not.toHaveAttribute("aria-disabled");
  expect(readFileSync(file, "utf8")).toBe(before);
  // The plan of the draft says what the narrower fence changes before anything is written.
  await expect(page.getByTestId("draft-impact")).toContainText("docs-keeper");
  await shots(page, "activity-narrow-plan");
  await page.getByTestId("save-entity").click();
  await expect(page.getByTestId("toast-success")).toContainText("docs-keeper");
  // Only the fence changed on disk, narrowed to the files the records show it touched.
  const saved = JSON.parse(readFileSync(file, "utf8"));
  const { fence: oldFence, ...rest } = JSON.parse(before);
  expect(oldFence).toEqual({ allowedPaths: ["docs/**"] });
  expect(saved).toEqual({ ...rest, fence: { allowedPaths: ["docs/guide/a.md"] } });
  // And one undo puts the file back as it was.
  await page.getByTestId("panel-title").click();
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("toast-info")).toContainText("Undid");
  await expect.poll(() => readFileSync(file, "utf8")).toBe(before);
});

test("the canvas overlay dims profiles unused in the window and badges the others", async ({ page }) => {
  await page.goto(`${studio.origin}/`);
  await expect(page.getByTestId("node-worker-profile:architect")).toBeAttached();
  await page.getByTestId("activity-toggle").click();
  await expect(page.getByTestId("activity-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("node-worker-profile:qa")).toHaveAttribute("data-dimmed", "true");
  const architect = page.getByTestId("node-worker-profile:architect");
  await expect(architect).not.toHaveAttribute("data-dimmed");
  await expect(architect.getByTestId("node-activity")).toHaveText(/^3 · 33%$/);
  await shots(page, "activity-canvas");
  await page.getByTestId("activity-toggle").click();
  await expect(page.getByTestId("node-worker-profile:qa")).not.toHaveAttribute("data-dimmed");
});

test("a tampered line breaks the chain, named by its line, first on the page", async ({ page }) => {
  const file = path.join(p.root, ".construct", "audit-trail.jsonl");
  const lines = readFileSync(file, "utf8").split("\n");
  const at = lines.findIndex((l) => l.includes("docs/guide/a.md"));
  lines[at] = lines[at].replace("docs/guide/a.md", "docs/guide/tampered.md");
  writeFileSync(file, lines.join("\n"));
  await page.goto(`${studio.origin}/activity`);
  const broken = page.getByTestId("chain-broken");
  // The banner names the line after the edited one, where the chain breaks, as Construct's verify does;
  // the running studio had read the file before, and notices the edit behind what it read.
  const nonEmpty = lines.slice(0, at + 1).filter((l) => l.trim()).length;
  await expect(broken.getByTestId("chain-issue").first()).toContainText(
    `.construct/audit-trail.jsonl, line ${nonEmpty + 1}`,
  );
  await expect(broken).toContainText(".construct/audit-trail.jsonl");
  const [brokenTop, timelineTop] = await Promise.all([
    broken.evaluate((el) => el.getBoundingClientRect().top),
    page.getByTestId("activity-timeline").evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(brokenTop).toBeLessThan(timelineTop);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, "activity-broken");
});

test("on an earlier-generation project the page says the activity is not in its generation, and the API refuses", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/activity`);
  await expect(page.getByTestId("activity-absent")).toContainText(
    "the earlier Construct org keeps no activity records",
  );
  const answer = await fetch(`${ORIGIN}/api/activity`);
  expect(answer.status).toBe(404);
  expect((await answer.json()).error.code).toBe("not_in_generation");
  expect(await seriousViolations(page)).toEqual([]);
});
