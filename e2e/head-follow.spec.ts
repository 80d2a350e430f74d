import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { gitAs } from "../test/support/git";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * The plan follows git's HEAD and branch while the page is open: a real `git commit`, and a real
 * branch switch, in the project as a terminal would make them, show on /changes and in the canvas's
 * Changes overlay (the counts and the base's branch and commit) without a reload.
 */

test.describe.configure({ mode: "serial" });

const DATE = "2026-02-01T10:00:00Z";
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
let root = "";
const git = (...args: string[]) => gitAs(root, args, DATE);
const sha = () => git("rev-parse", "HEAD").trim().slice(0, 12);
const addSpecialist = (id: string) =>
  writeFileSync(
    path.join(root, ".cx", "org", "specialists", `${id}.json`),
    json(specialist(id, { description: "A specialist the HEAD tests add." })),
  );

const own = studioOfItsOwn({
  prefix: "studio-head-",
  port: extraPort(2),
  dirs: [".cx/org/specialists"],
  setup: (dir) => {
    root = dir;
    addSpecialist("cx-head-first");
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "the org as reviewed");
  },
});

/** Marks the document, so a test can prove the page was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument);

test("/changes follows a commit and a branch switch made in a terminal, without a reload", async ({ page }) => {
  addSpecialist("cx-head-second");
  await page.goto(`${own.studio.origin}/changes`);
  const summary = page.getByTestId("plan-summary");
  const base = page.getByTestId("plan-against-line");
  await expect(summary).toContainText("Plan: 1 to add, 0 to change, 0 to remove");
  await expect(base).toContainText(`(branch main, commit ${sha()})`);
  await markPage(page);

  git("add", "-A");
  git("commit", "-qm", "add the second specialist");
  await expect(summary).toContainText("Plan: 0 to add, 0 to change, 0 to remove");
  await expect(base).toContainText(`(branch main, commit ${sha()})`);

  // A branch switch to an older commit: the same files, compared with another base.
  const committed = sha();
  git("checkout", "-q", "-b", "topic", "HEAD~1");
  git("checkout", "-q", "main", "--", ".");
  git("reset", "-q");
  await expect(base).toContainText(`(branch topic, commit ${sha()})`);
  expect(sha()).not.toBe(committed);
  await expect(summary).toContainText("Plan: 1 to add, 0 to change, 0 to remove");

  // Compare on the same revision compares again rather than showing what it showed.
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(base).toContainText(`(branch topic, commit ${sha()})`);
  expect(await sameDocument(page)).toBe(true);
});

test("the canvas's Changes overlay follows a commit, its base label too", async ({ page }) => {
  // Back on main, whose commit holds the file the topic branch left untracked.
  git("checkout", "-q", "-f", "main");
  addSpecialist("cx-head-third");
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  await page.getByTestId("overlay-toggle").click();
  const summary = page.getByTestId("overlay-summary");
  await expect(summary).toContainText("Plan: 1 to add");
  await expect(page.getByTestId("overlay-base")).toHaveText(`(branch main, commit ${sha()})`);
  await markPage(page);

  git("add", "-A");
  git("commit", "-qm", "add the third specialist");
  await expect(summary).toContainText("Plan: 0 to add");
  await expect(page.getByTestId("overlay-base")).toHaveText(`(branch main, commit ${sha()})`);
  expect(await sameDocument(page)).toBe(true);
});
