import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { contentsOf } from "../test/support/tree";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage, viewportSettled } from "./pages/editor-page";
import { extraPort, raw, studioOfItsOwn } from "./support";

// Fold and unfold teams and groups, drop a specialist into another team, and a new node lands in
// view. The built-in org in a project of its own, so files can be compared byte for byte.
const own = studioOfItsOwn({ prefix: "studio-folds-", port: extraPort(5), dirs: [".cx/org"] });
let editor: EditorPage;
let extras: EditorExtras;
test.beforeEach(({ page }) => {
  editor = new EditorPage(page, own.studio.origin);
  extras = new EditorExtras(editor);
});

const layoutFile = () => path.join(own.root, ".cx", "studio", "layout.json");
const layoutOnDisk = () => (existsSync(layoutFile()) ? JSON.parse(readFileSync(layoutFile(), "utf8")) : null);
const overrideFile = (id: string) => path.join(own.root, ".cx", "org", "specialists", `${id}.json`);
/** Every file of the project's org tier, with its bytes: "nothing changed" is checked on all of them. */
const projectFiles = () => contentsOf(path.join(own.root, ".cx", "org"));

const put = (body: unknown) =>
  raw("PUT", "/api/layout", {
    port: own.studio.port,
    headers: { "content-type": "application/json", origin: own.studio.origin },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function open(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${own.studio.origin}/`);
  await expect(page.getByTestId("node-team:quality-team")).toBeAttached();
  await viewportSettled(page);
}

const box = async (id: string) => (await extras.flowNode(id).boundingBox())!;
const edgeEnds = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => e.getAttribute("aria-label") ?? ""),
  );

/** Nodes of the canvas not wholly inside it (each by id): none when the view is fitted. */
const outOfView = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector('[data-testid="canvas"]')!.getBoundingClientRect();
    return [...document.querySelectorAll(".react-flow__node")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < pane.left - 1 || r.top < pane.top - 1 || r.right > pane.right + 1 || r.bottom > pane.bottom + 1;
      })
      .map((el) => el.getAttribute("data-id"));
  });

test.describe
  .serial("folds", () => {
    test.afterAll(async () => {
      // The drag tests below need every team open and no stray positions.
      expect((await put({ collapsed: [], positions: {} })).status).toBe(200);
    });

    test("a team folds to a box with its member count, its members hidden and their relationships drawn to it", async ({
      page,
    }) => {
      await open(page);
      const fold = page.getByRole("button", { name: "Fold team quality-team" });
      await expect(fold).toHaveAttribute("aria-expanded", "true");
      await expect(extras.flowNode("specialist:cx-qa")).toBeVisible();
      await fold.click();
      const unfold = page.getByRole("button", { name: "Unfold team quality-team" });
      await expect(unfold).toHaveAttribute("aria-expanded", "false");
      await expect(extras.flowNode("specialist:cx-qa")).toHaveCount(0);
      await expect(extras.flowNode("specialist:cx-reviewer")).toHaveCount(0);
      await expect(page.getByTestId("node-team:quality-team").getByTestId("member-count")).toContainText(
        "2 specialists",
      );
      // The folding did not open a panel (the click stays on the button).
      await expect(page.locator("aside[aria-label]")).toHaveCount(0);
      // No edge ends on a hidden member; the team's own relationships end on the folded box, summed
      // (or on its group, where the overview sums between groups to stay at a glance).
      const labels = await edgeEnds(page);
      expect(labels.filter((l) => l.includes("cx-qa") || l.includes("cx-reviewer"))).toEqual([]);
      expect(labels.some((l) => /\b(team:quality-team|group:quality-group)\b/.test(l))).toBe(true);
      await expect.poll(() => layoutOnDisk()?.collapsed).toEqual(["team:quality-team"]);

      // The closed box is packed: smaller than the team was open, and it survives a reload.
      await page.reload();
      await expect(page.getByRole("button", { name: "Unfold team quality-team" })).toBeVisible();
      await expect(extras.flowNode("specialist:cx-qa")).toHaveCount(0);
      await page.getByRole("button", { name: "Unfold team quality-team" }).click();
      await expect(extras.flowNode("specialist:cx-qa")).toBeVisible();
      await expect.poll(() => layoutOnDisk()?.collapsed).toEqual([]);
    });

    test("a group folds to a box that counts its teams and their specialists", async ({ page }) => {
      await open(page);
      const group = page.getByTestId("node-group:quality-group");
      const text = await group.getByTestId("member-count").first().textContent();
      await page.getByRole("button", { name: "Fold group quality-group" }).click();
      await expect(extras.flowNode("team:quality-team")).toHaveCount(0);
      await expect(group.getByTestId("member-count")).toHaveText(/^group · \d+ teams? · \d+ specialists?$/);
      expect(text).toMatch(/^group · \d+ teams? · \d+ specialists?$/);
      await page.getByRole("button", { name: "Unfold group quality-group" }).click();
      await expect(extras.flowNode("team:quality-team")).toBeVisible();
    });

    test("the fold button is reached with Tab from its focused box and works with Enter", async ({ page }) => {
      await open(page);
      // Roving focus: Tab lands on the one node tab stop (a group or team), then on that box's chevron.
      const first = page.locator(".react-flow__node[tabindex='0']");
      await first.focus();
      const id = (await first.getAttribute("data-id"))!;
      expect(id).toMatch(/^(group|team):/);
      await page.keyboard.press("Tab");
      const button = page.getByTestId(`fold-${id}`);
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Enter");
      await expect(page.getByTestId(`fold-${id}`)).toHaveAttribute("aria-expanded", "false");
      await page.getByTestId(`fold-${id}`).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId(`fold-${id}`)).toHaveAttribute("aria-expanded", "true");
    });

    test("the palette folds every team and unfolds everything, fitting the view each time; Auto-layout keeps the folds", async ({
      page,
    }) => {
      await open(page);
      const teams = await page.locator(".react-flow__node-team").count();
      const openZoom = await extras.zoom();
      await editor.runFromPalette("fold all teams", /Fold all teams/);
      await expect(page.locator(".react-flow__node-specialist")).toHaveCount(0);
      await expect(page.locator('[data-testid^="fold-team:"][aria-expanded="false"]')).toHaveCount(teams);
      await expect.poll(() => layoutOnDisk()?.collapsed?.length).toBe(teams);
      // The folded org is smaller: the view fits it again, closer, every box in view.
      await viewportSettled(page);
      expect(await extras.zoom()).toBeGreaterThan(openZoom * 1.05);
      expect(await outOfView(page)).toEqual([]);
      // Every summed edge ends on a shown box.
      const stray = () =>
        page.evaluate(() => {
          const shown = new Set(
            [...document.querySelectorAll(".react-flow__node")].map((e) => e.getAttribute("data-id")),
          );
          const ids = [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => e.dataset.id ?? "");
          return {
            count: ids.length,
            stray: ids.filter((id) =>
              id
                .split("|")
                .slice(1)
                .some((end) => !shown.has(end)),
            ),
          };
        });
      await expect.poll(stray).toEqual({ count: expect.any(Number), stray: [] });
      expect((await stray()).count).toBeGreaterThan(0);

      await page.getByRole("button", { name: "Auto-layout" }).click();
      await expect(page.locator(".react-flow__node-specialist")).toHaveCount(0);
      expect(layoutOnDisk()?.collapsed?.length).toBe(teams);

      await editor.runFromPalette("unfold all", /Unfold all/);
      await expect(extras.flowNode("specialist:cx-qa")).toBeVisible();
      await expect.poll(() => layoutOnDisk()?.collapsed).toEqual([]);
      // Open again, the org is fitted as it first was: every specialist in view.
      await viewportSettled(page);
      expect(await extras.zoom()).toBeCloseTo(openZoom, 2);
      expect(await outOfView(page)).toEqual([]);
    });

    test("opening a record hidden in a folded team unfolds it", async ({ page }) => {
      expect((await put({ collapsed: ["team:quality-team"] })).status).toBe(200);
      await open(page);
      await expect(extras.flowNode("specialist:cx-qa")).toHaveCount(0);
      await (await editor.search("cx-qa")).press("Enter");
      await expect(extras.flowNode("specialist:cx-qa")).toBeVisible();
      await expect(extras.flowNode("specialist:cx-qa")).toHaveClass(/selected/);
    });

    test("the layout refuses hostile fold lists and writes nothing", async () => {
      expect((await put({ collapsed: ["team:quality-team"] })).status).toBe(200);
      const before = readFileSync(layoutFile(), "utf8");
      expect((await put({ collapsed: ["x".repeat(201)] })).status).toBe(400);
      expect((await put({ collapsed: Array.from({ length: 100_001 }, (_, i) => `t${i}`) })).status).toBe(400);
      expect((await put({ collapsed: "team:quality-team" })).status).toBe(400);
      // Over the body limit: refused before it is read.
      expect(
        (await put({ collapsed: Array.from({ length: 30_000 }, (_, i) => `team:${"y".repeat(40)}${i}`) })).status,
      ).toBe(413);
      expect(readFileSync(layoutFile(), "utf8")).toBe(before);
      const got = await raw("GET", "/api/layout", { port: own.studio.port });
      expect(got.json.collapsed).toEqual(["team:quality-team"]);
    });
  });

/** Drags a specialist's middle to the middle of a team box's header row plus `dy`, as a user does. */
async function dragInto(page: Page, specialist: string, team: string) {
  const from = await box(specialist);
  const to = await box(team);
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  // Into the team's box, below its title (where its members are), away from the centre's member.
  const [tx, ty] = [to.x + to.width / 2, to.y + Math.min(to.height - 20, 40)];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 4, y + 4);
  await page.mouse.move(tx, ty, { steps: 12 });
  await page.mouse.up();
}

const inside = (inner: { x: number; y: number; width: number; height: number }, outer: typeof inner) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

test.describe
  .serial("dragging a specialist into another team", () => {
    test("confirmed: the team change is written, the node sits in the new box, and Ctrl+Z reverts the file", async ({
      page,
    }) => {
      await open(page);
      const before = projectFiles();
      await dragInto(page, "specialist:cx-qa", "team:research-team");
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("Move cx-qa to team");
      await expect(dialog).toContainText('"team": "research-team"');
      await expect(dialog).toContainText("project override");
      // The safe answer holds focus.
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await dialog.getByRole("button", { name: /^Move/ }).click();
      await expect(page.getByTestId("toast-success")).toContainText("Moved cx-qa");
      await expect.poll(() => existsSync(overrideFile("cx-qa"))).toBe(true);
      expect(JSON.parse(readFileSync(overrideFile("cx-qa"), "utf8"))).toMatchObject({ team: "research-team" });
      await expect.poll(async () => inside(await box("specialist:cx-qa"), await box("team:research-team"))).toBe(true);

      await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("Control+z");
      await expect.poll(() => projectFiles()).toEqual(before);
      await expect.poll(async () => inside(await box("specialist:cx-qa"), await box("team:quality-team"))).toBe(true);
    });

    test("cancelled: no file changes and the node goes back", async ({ page }) => {
      await open(page);
      const before = projectFiles();
      const layoutBefore = existsSync(layoutFile()) ? readFileSync(layoutFile(), "utf8") : null;
      const start = await box("specialist:cx-qa");
      await dragInto(page, "specialist:cx-qa", "team:research-team");
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("Move cx-qa to team");
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect.poll(() => box("specialist:cx-qa")).toEqual(start);
      expect(projectFiles()).toEqual(before);
      expect(existsSync(layoutFile()) ? readFileSync(layoutFile(), "utf8") : null).toBe(layoutBefore);
    });

    test("refused: moving a team's only owner out says why, changes nothing and puts the node back", async ({
      page,
    }) => {
      await open(page);
      const before = projectFiles();
      const start = await box("specialist:cx-reviewer");
      await dragInto(page, "specialist:cx-reviewer", "team:research-team");
      const error = page.getByTestId("toast-error");
      await expect(error).toContainText("cx-reviewer cannot move");
      await expect(error).toContainText(/owner/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect.poll(() => box("specialist:cx-reviewer")).toEqual(start);
      expect(projectFiles()).toEqual(before);
    });

    test("dropped inside its own team, a specialist just moves", async ({ page }) => {
      await open(page);
      const start = await box("specialist:cx-qa");
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      await page.mouse.move(start.x + start.width / 2 + 3, start.y + start.height / 2 + 3);
      await page.mouse.move(start.x + start.width / 2 + 3, start.y + start.height / 2 + 30, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => layoutOnDisk()?.positions?.["specialist:cx-qa"] ?? null).not.toBeNull();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await put({ positions: { "specialist:cx-qa": null } })).status).toBe(200);
    });
  });

test("a specialist made with New ▾ is selected and panned into view at the same zoom", async ({ page }) => {
  await open(page);
  // Zoomed in on the middle of the org, so a new member of the team farthest from it lands out of view.
  for (let i = 0; i < 3; i++) await page.locator(".react-flow__controls-zoomin").click();
  await viewportSettled(page);
  const zoom = await extras.zoom();
  const pane = (await page.getByTestId("canvas").boundingBox())!;
  const teams = await page
    .locator(".react-flow__node-team")
    .evaluateAll((els) =>
      els.map((e) => ({ id: e.getAttribute("data-id")!, r: e.getBoundingClientRect().toJSON() as DOMRect })),
    );
  const [cx, cy] = [pane.x + pane.width / 2, pane.y + pane.height / 2];
  const far = teams.sort((a, b) => Math.hypot(b.r.x - cx, b.r.y - cy) - Math.hypot(a.r.x - cx, a.r.y - cy))[0];
  expect(inside({ x: far.r.x, y: far.r.y, width: far.r.width, height: far.r.height }, pane)).toBe(false);
  const id = "cx-folds-made";
  await page.getByTestId("new-menu").click();
  await page.getByRole("menuitem", { name: "specialist", exact: true }).click();
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Name", { exact: true }).fill("folds-made");
  await page.getByLabel("Role", { exact: true }).fill("folds-maker");
  await page.getByLabel("Description", { exact: true }).fill("Made from the New menu by the folds spec, then removed.");
  await page.getByLabel("Team", { exact: true }).selectOption(far.id.replace("team:", ""));
  await page.getByLabel("Model tier", { exact: true }).selectOption("standard");
  for (const [label, item] of [
    ["Skills", "architecture/api-design"],
    ["Fence: allowed paths", "docs/**"],
  ]) {
    await page.getByLabel(label, { exact: true }).fill(item);
    await page.getByLabel(label, { exact: true }).press("Enter");
  }
  await page.getByTestId("save-entity").click();
  await expect(page.getByTestId("toast-success")).toContainText(`Created specialist ${id}`);
  const made = extras.flowNode(`specialist:${id}`);
  await expect(made).toHaveClass(/selected/);
  await expect
    .poll(async () => {
      const r = await made.boundingBox();
      const now = await page.getByTestId("canvas").boundingBox();
      return !!r && !!now && inside(r, now);
    })
    .toBe(true);
  await viewportSettled(page);
  expect(await extras.zoom()).toBeCloseTo(zoom, 5);
  rmSync(overrideFile(id));
});
