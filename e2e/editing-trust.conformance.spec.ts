import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { UPSTREAM_ORG_DIR } from "../test/support/upstream";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, studioOfItsOwn } from "./support";

/**
 * Editing you can trust, on the original project's own org: copied into a temporary git repository
 * (never into this one), one sentence typed into a description, saved, and the git diff read.
 */

const rel = ".cx/org/specialists/cx-architect.json";
let root = "";
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

const own = studioOfItsOwn({
  prefix: "studio-trust-upstream-",
  port: extraPort(9),
  setup: (dir) => {
    root = dir;
    cpSync(UPSTREAM_ORG_DIR, path.join(root, ".cx", "org"), { recursive: true });
    rmSync(path.join(root, ".cx", "org", "README.md"), { force: true });
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.email=e2e@example.com", "-c", "user.name=e2e", "commit", "-qm", "upstream org");
  },
});

test("appending a sentence to cx-architect's description is a one-line git diff; permissions and the missing id kept", async ({
  page,
}) => {
  const before = readFileSync(path.join(root, rel), "utf8");
  expect(before).not.toContain('"id"');
  expect(JSON.parse(before).permissions).toEqual({});
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  await editor.open();
  await extras.openByClick("specialist:cx-architect");
  await expect(page.getByTestId("unsaved")).toBeHidden();
  // permissions and the rest of Construct's own fields are known: no unknown-field note.
  await expect(page.getByTestId("unknown-fields-note")).toBeHidden();
  await page.getByLabel("Description").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Always cite at least two sources here.");
  await editor.save();
  await expect(editor.toast("success")).toContainText("Saved specialist cx-architect");

  expect(git("diff", "--numstat").trim()).toBe(`1\t1\t${rel}`);
  const after = readFileSync(path.join(root, rel), "utf8");
  const value = JSON.parse(after);
  expect(value.description).toBe(`${JSON.parse(before).description} Always cite at least two sources here.`);
  expect(Object.keys(value)).toEqual(Object.keys(JSON.parse(before)));
  expect(value.permissions).toEqual({});
  expect(after).not.toContain('"id"');
  console.log(git("diff", "-U0").trim());
});
