import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn, unchangedOnDisk } from "./support";

/**
 * A save that would make a passing org test fail asks first, naming each test and what fails; Cancel
 * writes nothing and keeps the draft, "Save anyway" writes it. A save that breaks nothing does not ask.
 */

test.describe.configure({ mode: "serial" });

const own = studioOfItsOwn({
  prefix: "studio-save-breaks-",
  port: extraPort(8),
  files: {
    ".cx/org/specialists/cx-tester.json": specialist("cx-tester", {
      role: "tester",
      fence: { allowedPaths: ["tests/**"] },
      handoffCandidates: ["architect"],
    }),
    ".cx/tests/org.test.json": {
      cases: [
        { name: "tester hands off to the architect", from: "cx-tester", handoffTo: "cx-architect" },
        { name: "tester edits src", specialist: "cx-tester", action: "edit", target: "src/a.ts", expect: "allowed" },
      ],
    },
  },
});
const recordFile = () => path.join(own.root, ".cx", "org", "specialists", "cx-tester.json");
const saved = () => JSON.parse(readFileSync(recordFile(), "utf8"));

test("a save that breaks a passing test lists it; Cancel writes nothing, Save anyway writes", async ({ page }) => {
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  await new EditorExtras(editor).openByClick("specialist:cx-tester");
  const unchanged = unchangedOnDisk(path.join(own.root, ".cx"));
  await page.getByRole("button", { name: "Remove architect", exact: true }).click();
  await expect(page.getByTestId("unsaved")).toBeVisible();
  await editor.saveButton().focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "This save breaks 1 org test" });
  await expect(dialog).toBeVisible();
  // Only the test that passes now: "tester edits src" fails already.
  await expect(dialog.getByTestId("broken-tests").getByRole("listitem")).toHaveCount(1);
  await expect(dialog.getByTestId("broken-tests")).toContainText("tester hands off to the architect");
  await expect(dialog.getByTestId("broken-tests")).toContainText(".cx/tests/org.test.json");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("unsaved")).toBeVisible();
  unchanged();

  await editor.saveButton().focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(editor.saveButton()).toBeFocused();
  unchanged();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Save anyway" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor.toast("success").first()).toContainText("Saved specialist cx-tester");
  await expect.poll(() => saved().handoffCandidates).toEqual([]);
});

test("a save that breaks no test does not ask", async ({ page }) => {
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  await new EditorExtras(editor).openByClick("specialist:cx-tester");
  const description = page.getByLabel("Description", { exact: true });
  await description.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Writes and runs the tests that pin the org down, nothing else.");
  await editor.save();
  await expect(editor.toast("success").first()).toContainText("Saved specialist cx-tester");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect.poll(() => saved().description).toBe("Writes and runs the tests that pin the org down, nothing else.");
});
