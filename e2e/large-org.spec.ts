import { rmSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { writeSyntheticOrg } from "../bench/generate-org";
import { EditorPage, viewportSettled } from "./pages/editor-page";
import { extraPort, studioOfItsOwn } from "./support";

// Above 300 nodes the canvas renders only what is near the view, and above 150 specialists an org
// with no folds saved opens with its teams folded; these are the behaviours that differ from a
// small org, on a synthetic org of 320 specialists (about 360 nodes).
const own = studioOfItsOwn({
  prefix: "studio-large-",
  port: extraPort(6),
  setup: (root) => writeSyntheticOrg(root, 320),
});

// Each test starts from an org that has never saved its folds (the big-org default applies).
test.beforeEach(() => rmSync(path.join(own.root, ".cx", "studio", "layout.json"), { force: true }));

async function open(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${own.studio.origin}/`);
  await expect(page.locator(".react-flow__node-team").first()).toBeVisible();
  return errors;
}

/** "Unfold all" from the palette: every specialist is in the org's canvas again. */
async function unfoldAll(page: Page) {
  await new EditorPage(page, own.studio.origin).runFromPalette("unfold all", /Unfold all/);
  await expect(page.locator(".react-flow__node-specialist").first()).toBeVisible();
  // The palette closed under the pointer, which now hovers whatever node is there: move it off the canvas.
  await page.mouse.move(5, 5);
  // The canvas re-packs and re-renders what is near the view: wait until what it draws stops changing.
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.locator(".react-flow__edge, .react-flow__node").count();
        const stable = now === last;
        last = now;
        return stable;
      },
      { intervals: [300] },
    )
    .toBe(true);
}

const inView = (page: Page) =>
  page.evaluate(() => ({
    nodes: document.querySelectorAll(".react-flow__node").length,
    edges: [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => e.dataset.id!),
  }));

test("a big org opens with its teams folded: closed boxes with member counts, their relationships summed between them", async ({
  page,
}) => {
  const errors = await open(page);
  await expect(page.locator(".react-flow__node-specialist")).toHaveCount(0);
  const teams = page.locator(".react-flow__node-team");
  await expect(teams.first().getByTestId("member-count")).toContainText(/\d+ specialists?/);
  await expect(teams.first().getByRole("button", { name: /^Unfold team / })).toHaveAttribute("aria-expanded", "false");
  // The fitted first view shows whole team boxes, each saying what it holds.
  const inPane = await teams.evaluateAll((els) => {
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    return els.filter((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= pane.left && r.right <= pane.right && r.top >= pane.top && r.bottom <= pane.bottom;
    });
  });
  expect(inPane.length).toBeGreaterThan(5);
  const ends = await page.evaluate(() =>
    [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => e.dataset.id ?? ""),
  );
  expect(ends.length).toBeGreaterThan(0);
  expect(ends.filter((id) => id.includes("specialist:"))).toEqual([]);
  expect(errors).toEqual([]);
});

test("unfolded, a big org is team boxes wrapped into a block, rendering only what is near the view", async ({
  page,
}) => {
  const errors = await open(page);
  await unfoldAll(page);
  const teams = page.locator(".react-flow__node-team");
  await expect(teams.first()).toBeVisible();
  const now = await inView(page);
  // About 360 nodes in the org; a few dozen near the view are rendered.
  expect(now.nodes).toBeLessThan(200);
  expect(now.edges.length).toBeGreaterThan(0);
  // Team boxes stand side by side and one under another (wrapped), not all in one row.
  const boxes = await teams.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.x, r.y]));
  expect(new Set(boxes.map(([, y]) => Math.round(y))).size).toBeGreaterThan(1);
  expect(errors).toEqual([]);
});

test("hovering a specialist of a big org draws its own relationships only, and leaving brings the rest back", async ({
  page,
}) => {
  const errors = await open(page);
  await unfoldAll(page);
  const before = (await inView(page)).edges.length;
  const node = page.locator(".react-flow__node-specialist").first();
  const id = (await node.getAttribute("data-id"))!;
  await node.hover();
  // Each edge still drawn names the hovered node as one of its ends (the sums in view step back).
  const labels = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<SVGGElement>(".react-flow__edge")].map((e) => e.getAttribute("aria-label") ?? ""),
    );
  await expect.poll(async () => (await labels()).filter((l) => !l.includes(id))).toEqual([]);
  expect((await labels()).length).toBeGreaterThan(0);
  await page.mouse.move(5, 5);
  await expect.poll(async () => (await inView(page)).edges.length).toBe(before);
  expect(errors).toEqual([]);
});

// At 1,000 specialists (100 teams under 10 groups, beside the built-in org) the first view is the
// whole org, readable. Its own studio.
test.describe("a 1,000-specialist org", () => {
  const big = studioOfItsOwn({
    prefix: "studio-1000-",
    port: extraPort(7),
    setup: (root) => writeSyntheticOrg(root, 1000),
  });

  test("opens whole in its first view: every box inside it, each title at least 11 px, each folded box saying what it holds", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${big.studio.origin}/`);
    await expect(page.locator(".react-flow__node-org-group").first()).toBeVisible();
    await viewportSettled(page);
    const view = await page.evaluate(() => {
      const zoom = Number(
        /scale\(([\d.]+)\)/.exec((document.querySelector(".react-flow__viewport") as HTMLElement).style.transform)?.[1],
      );
      const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
      const boxes = [...document.querySelectorAll<HTMLElement>(".react-flow__node")].map((node) => {
        const r = node.getBoundingClientRect();
        const title = node.querySelector<HTMLElement>('[data-testid^="node-"] > div.truncate');
        return {
          id: node.dataset.id!,
          kind: node.querySelector<HTMLElement>("[data-kind]")?.dataset.kind,
          inside: r.left >= pane.left && r.top >= pane.top && r.right <= pane.right && r.bottom <= pane.bottom,
          titlePx: title ? Number.parseFloat(getComputedStyle(title).fontSize) * zoom : 0,
          count: node.querySelector('[data-testid="member-count"]')?.textContent ?? null,
          folded: node.querySelector('button[aria-expanded="false"]') !== null,
        };
      });
      return { boxes, minimap: document.querySelectorAll(".react-flow__minimap-node").length };
    });
    // Above 300 nodes the canvas renders only what is in view: all of them rendered means all in view.
    expect(view.minimap).toBeGreaterThan(10);
    expect(view.boxes).toHaveLength(view.minimap);
    expect(view.boxes.filter((b) => !b.inside).map((b) => b.id)).toEqual([]);
    expect(Math.min(...view.boxes.filter((b) => b.kind !== "party").map((b) => b.titlePx))).toBeGreaterThanOrEqual(11);
    // Its ten groups of a hundred specialists stand folded, each saying what it holds; no specialist is drawn.
    const groups = view.boxes.filter((b) => /^group:group-\d+$/.test(b.id));
    expect(groups).toHaveLength(10);
    for (const g of groups) {
      expect(g.folded).toBe(true);
      expect(g.count).toContain("10 teams · 100 specialists");
    }
    expect(view.boxes.filter((b) => b.kind === "specialist")).toEqual([]);
    for (const b of view.boxes.filter((b) => b.folded)) expect(b.count).toMatch(/\d+ (teams?|specialists?)/);
    // Unfolding a group shows its teams, folded, each with its count.
    await page.getByRole("button", { name: "Unfold group group-001" }).click();
    const teams = page.locator('.react-flow__node-team[data-id^="team:team-"]');
    await expect(teams).toHaveCount(10);
    await expect(teams.first().getByTestId("member-count")).toContainText("10 specialists");
    expect(errors).toEqual([]);
  });
});
