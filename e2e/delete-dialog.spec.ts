import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn, unchangedOnDisk } from "./support";

/**
 * Deleting a record asks once, from every way in (the panel, the canvas's Delete key, Ctrl+K): the one
 * dialog names each record that refers to it, with a button that opens it, says those references are
 * left dangling, and writes nothing until its Delete is pressed. Deleting an override says it restores
 * the built-in record.
 */

test.describe.configure({ mode: "serial" });

const CONTRACT = {
  id: "caller-to-target",
  description: "The caller hands its finished work to the target for a second look.",
  producer: "cx-caller",
  consumer: "cx-target",
  input: { mustContain: ["summary"] },
  output: { type: "review", mustContain: ["verdict"] },
};
const FILES = {
  ".cx/org/specialists/cx-target.json": specialist("cx-target", { role: "target-role", handoffCandidates: [] }),
  ".cx/org/specialists/cx-caller.json": specialist("cx-caller", {
    role: "caller-role",
    handoffCandidates: ["target-role"],
  }),
  ".cx/org/specialists/cx-lone.json": specialist("cx-lone", { role: "lone-role", handoffCandidates: [] }),
  ".cx/org/contracts/caller-to-target.json": CONTRACT,
  ".cx/org/specialists/cx-qa.json": { id: "cx-qa", displayName: "QA (ours)" },
};
const own = studioOfItsOwn({ prefix: "studio-delete-dialog-", port: extraPort(9), files: FILES });
const file = (rel: string) => path.join(own.root, rel);
const orgDir = () => path.join(own.root, ".cx");

async function openEditor(page: Page) {
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  return { editor, extras: new EditorExtras(editor) };
}

test("Escape cancels and returns focus; the dialog names every referrer; Enter on Delete deletes", async ({ page }) => {
  const { editor, extras } = await openEditor(page);
  const unchanged = unchangedOnDisk(orgDir());
  await extras.openByClick("specialist:cx-target");
  const deleteButton = page.getByTestId("delete-entity");
  await deleteButton.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Delete specialist cx-target?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog.getByTestId("delete-referrer")).toHaveText([
    /specialist cx-caller \(handoffCandidates\)/,
    /contract caller-to-target \(consumer\)/,
  ]);
  await expect(dialog.getByTestId("delete-dangling-note")).toContainText("become dangling");
  await expect(dialog.getByTestId("delete-dangling-note")).toContainText("nothing else is changed");
  await expect(dialog).toContainText(".cx/org/specialists/cx-target.json");
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(editor.panel()).toBeVisible();
  unchanged();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor.toast("success").first()).toContainText("Deleted specialist cx-target");
  await expect.poll(() => existsSync(file(".cx/org/specialists/cx-target.json"))).toBe(false);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(editor.node("specialist:cx-target")).toHaveCount(0);
  // Nothing else is changed: the references stay as they were, dangling.
  expect(JSON.parse(readFileSync(file(".cx/org/specialists/cx-caller.json"), "utf8")).handoffCandidates).toEqual([
    "target-role",
  ]);
  expect(JSON.parse(readFileSync(file(".cx/org/contracts/caller-to-target.json"), "utf8"))).toEqual(CONTRACT);
});

test("Delete on a selected node opens the same dialog; a referrer's button opens that record", async ({ page }) => {
  const { editor } = await openEditor(page);
  const unchanged = unchangedOnDisk(orgDir());
  await editor.select("specialist:cx-lone");
  await page.keyboard.press("Delete");
  const lone = page.getByRole("dialog", { name: "Delete specialist cx-lone?" });
  await expect(lone).toBeVisible();
  await expect(lone.getByTestId("delete-no-references")).toHaveText("No other record refers to it.");
  await page.keyboard.press("Escape");
  await expect(lone).toBeHidden();
  unchanged();

  // A reference written elsewhere while the dialog is open: the server refuses, and nothing is deleted.
  await page.keyboard.press("Delete");
  await expect(lone).toBeVisible();
  const lateFile = file(".cx/org/specialists/cx-late.json");
  writeFileSync(
    lateFile,
    JSON.stringify(specialist("cx-late", { role: "late-role", handoffCandidates: ["lone-role"] })),
  );
  const withLate = unchangedOnDisk(orgDir());
  await lone.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(editor.toast("error").first()).toContainText("Not deleted");
  await expect(editor.toast("error").first()).toContainText("cx-late");
  withLate();
  rmSync(lateFile);

  // The caller's handoff names no holder now, so deleting the caller leaves only the contract it produces.
  await editor.select("specialist:cx-caller");
  await page.keyboard.press("Delete");
  const caller = page.getByRole("dialog", { name: "Delete specialist cx-caller?" });
  await expect(caller.getByTestId("delete-referrer")).toHaveText([/contract caller-to-target \(producer\)/]);
  await caller.getByRole("button", { name: "Open contract caller-to-target" }).click();
  await expect(caller).toBeHidden();
  await expect(editor.panel()).toHaveAttribute("aria-label", "contract caller-to-target");
  unchanged();
});

test("Ctrl+K deletes through the same dialog; deleting an override says it restores the built-in", async ({ page }) => {
  const { editor, extras } = await openEditor(page);
  const unchanged = unchangedOnDisk(orgDir());
  await extras.openByClick("specialist:cx-qa");
  await editor.search("delete");
  await page.getByRole("option", { name: /Delete specialist cx-qa/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the project override of specialist cx-qa?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("delete-restores")).toContainText("built-in specialist cx-qa");
  await expect(dialog.getByTestId("delete-restores")).toContainText("restores it");
  await expect(dialog.getByTestId("delete-references")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  unchanged();

  await editor.search("delete");
  await page.getByRole("option", { name: /Delete specialist cx-qa/ }).click();
  await dialog.getByRole("button", { name: "Delete override" }).click();
  await expect(editor.toast("success").first()).toContainText("Deleted specialist cx-qa");
  await expect.poll(() => existsSync(file(".cx/org/specialists/cx-qa.json"))).toBe(false);
  // The built-in record shows again.
  await expect(editor.node("specialist:cx-qa")).toBeAttached();
});
