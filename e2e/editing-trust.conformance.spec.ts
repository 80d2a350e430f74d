import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { UPSTREAM_ORG_DIR } from "../test/support/upstream";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { type Studio, startStudio } from "./spawn-studio";
import { extraPort } from "./support";

/**
 * Editing you can trust, on the original project's own org: copied into a temporary git repository
 * (never into this one), one sentence typed into a description, saved, and the git diff read.
 */

const rel = ".cx/org/specialists/cx-architect.json";
let root = "";
let studio: Studio;
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

test.beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-trust-upstream-"));
  cpSync(UPSTREAM_ORG_DIR, path.join(root, ".cx", "org"), { recursive: true });
  rmSync(path.join(root, ".cx", "org", "README.md"), { force: true });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=e2e@example.com", "-c", "user.name=e2e", "commit", "-qm", "upstream org");
  studio = await startStudio({ port: extraPort(9), root, home: path.join(root, "home"), xdg: path.join(root, "xdg") });
});

test.afterAll(async () => {
  await studio?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

test("appending a sentence to cx-architect's description is a one-line git diff; permissions and the missing id kept", async ({
  page,
}) => {
  const before = readFileSync(path.join(root, rel), "utf8");
  expect(before).not.toContain('"id"');
  expect(JSON.parse(before).permissions).toEqual({});
  const editor = new EditorPage(page, studio.origin);
  const extras = new EditorExtras(editor);
  await editor.open();
  await extras.openByClick("specialist:cx-architect");
  await expect(page.getByTestId("unsaved")).toBeHidden();
  await expect(page.getByTestId("unknown-fields-note")).toContainText("permissions");
  await page.getByLabel("Description").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Always cite at least two sources here.");
  await page.getByTestId("save-entity").click();
  await expect(page.getByTestId("toast-success")).toContainText("Saved specialist cx-architect");

  expect(git("diff", "--numstat").trim()).toBe(`1\t1\t${rel}`);
  const after = readFileSync(path.join(root, rel), "utf8");
  const value = JSON.parse(after);
  expect(value.description).toBe(`${JSON.parse(before).description} Always cite at least two sources here.`);
  expect(Object.keys(value)).toEqual(Object.keys(JSON.parse(before)));
  expect(value.permissions).toEqual({});
  expect(after).not.toContain('"id"');
  console.log(git("diff", "-U0").trim());
});
