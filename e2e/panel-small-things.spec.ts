import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";
import { caretAfter, monacoText } from "./pages/monaco";
import { extraPort, studioOfItsOwn, unchangedOnDisk } from "./support";

/**
 * Three things a new user meets in the side panel, typed with the real keyboard in Chromium against a
 * real server: broken JSON text, references to records that do not exist, a specialist without a prompt.
 */

test.describe.configure({ mode: "serial" });

const WRITER = {
  id: "cx-writer",
  name: "writer",
  role: "writer",
  description: "Writes the project's documentation and keeps it current.",
  modelTier: "standard",
  skills: ["architecture/api-design"],
  team: "docs-team",
  fence: { allowedPaths: ["docs/**"] },
  handoffCandidates: ["ghost-role"],
};
const DOCS_TEAM = {
  id: "docs-team",
  name: "Docs",
  owner: "writer",
  roles: ["writer"],
  charter: "Keeps the project's documentation current and correct.",
  groupId: "ghost-group",
};
const GONE = { ...WRITER, id: "cx-gone", name: "gone", role: "gone", handoffCandidates: [] };
const LOST = { ...WRITER, id: "cx-lost", name: "lost", role: "lost", team: "ghost-team", handoffCandidates: [] };

let root = "";
const orgFile = (section: string, id: string) => path.join(root, ".cx", "org", section, `${id}.json`);
const onDisk = (section: string, id: string) => JSON.parse(readFileSync(orgFile(section, id), "utf8"));
const promptFile = () => path.join(root, ".cx", "prompts", "cx-writer.md");

const own = studioOfItsOwn({
  prefix: "studio-panel-",
  port: extraPort(0),
  setup: (dir) => {
    root = dir;
    for (const [section, record] of [
      ["specialists", WRITER],
      ["specialists", LOST],
      ["specialists", GONE],
      ["teams", DOCS_TEAM],
    ] as const) {
      mkdirSync(path.dirname(orgFile(section, record.id)), { recursive: true });
      writeFileSync(orgFile(section, record.id), `${JSON.stringify(record, null, 2)}\n`);
    }
  },
});

/** The panel's serious and critical axe violations (Monaco's own markup aside). */
async function panelViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="entity-panel"]')
    .exclude(".monaco-editor")
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** Opens a record's panel through an `/?open=` link, as a link from elsewhere does. */
async function openRecord(page: Page, section: string, id: string) {
  const editor = new EditorPage(page, own.studio.origin);
  await page.goto(`${own.studio.origin}/?open=${section}/${id}`);
  await expect(editor.panelTitle()).toHaveText(id);
  return editor;
}

test("broken JSON is a listed problem with its line and column, Save refuses it, and a tab switch keeps the text", async ({
  page,
}) => {
  const editor = await openRecord(page, "specialists", "cx-writer");
  const unchanged = unchangedOnDisk(path.join(root, ".cx"), { exclude: (rel) => rel.startsWith("studio") });
  await page.getByTestId("tab-json").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("code-editor-json").locator(".monaco-editor")).toBeVisible();
  await expect.poll(() => monacoText(page)).toContain('"modelTier": "standard"');

  await caretAfter(page, '"modelTier": "standard"');
  await page.keyboard.type(" oops");
  const broken = (await monacoText(page)) ?? "";
  expect(broken).toContain('"standard" oops,');
  const lines = broken.split("\n");
  const line = lines.findIndex((l) => l.includes('"standard" oops')) + 1;
  const column = lines[line - 1].indexOf("oops") + 1;
  const message = `JSON syntax error at line ${line}, column ${column}`;

  const problems = page.getByTestId("panel-problems");
  await expect(problems.getByTestId("problem").first()).toContainText("json-syntax");
  await expect(problems.getByTestId("problem").first()).toContainText(message);
  await expect(page.getByTestId("unsaved")).toBeVisible();

  // Ctrl+S presses the one Save: refused with the reason, nothing written.
  await page.keyboard.press("Control+s");
  await expect(editor.toast("error")).toContainText("Not saved: the JSON does not parse");
  await expect(editor.toast("error")).toContainText(message);
  unchanged();

  // The form says why it is read-only and cannot overwrite the text.
  await page.getByTestId("tab-form").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("json-broken-note")).toContainText(`line ${line}, column ${column}`);
  await expect(page.getByLabel("Description")).toBeDisabled();
  expect(await panelViolations(page)).toEqual([]);
  await page.keyboard.press("Control+s");
  await expect(editor.toast("error").last()).toContainText("Not saved: the JSON does not parse");

  await page.getByTestId("tab-json").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => monacoText(page)).toBe(broken);
  await expect(problems).toContainText(message);
  unchanged();

  // Fixed by hand, the problem goes and nothing is left unsaved.
  await caretAfter(page, '"standard" oops');
  for (let i = 0; i < 5; i++) await page.keyboard.press("Backspace");
  await expect(page.getByTestId("panel-problems")).not.toContainText("json-syntax");
  await expect(page.getByTestId("unsaved")).toBeHidden();
  await page.getByTestId("tab-form").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("json-broken-note")).toBeHidden();
  await expect(page.getByLabel("Description")).toBeEnabled();
  unchanged();
});

test("the form's Discard drops only the broken text", async ({ page }) => {
  await openRecord(page, "specialists", "cx-writer");
  const unchanged = unchangedOnDisk(path.join(root, ".cx"), { exclude: (rel) => rel.startsWith("studio") });
  await page.getByTestId("tab-json").click();
  await expect.poll(() => monacoText(page)).toContain('"name": "writer"');
  const clean = await monacoText(page);
  await caretAfter(page, '"name": "writer"');
  await page.keyboard.type("}");
  await page.getByTestId("tab-form").click();
  await page.getByTestId("discard-broken-json").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("json-broken-note")).toBeHidden();
  await expect(page.getByTestId("unsaved")).toBeHidden();
  await page.getByTestId("tab-json").click();
  await expect.poll(() => monacoText(page)).toBe(clean);
  unchanged();
});

test("a specialist's unknown team shows as not found, is listed, and a blur drafts nothing", async ({ page }) => {
  const editor = await openRecord(page, "specialists", "cx-lost");
  const unchanged = unchangedOnDisk(path.join(root, ".cx"), { exclude: (rel) => rel.startsWith("studio") });
  const team = page.getByLabel("Team", { exact: true });
  await expect(team).toHaveValue("ghost-team");
  await expect(team.locator("option:checked")).toHaveText("ghost-team — not found");
  await expect(page.getByTestId("panel-problems")).toContainText("specialist-unknown-team");

  // Through the picker with the keyboard and out again: no phantom change.
  await team.focus();
  await page.keyboard.press("Tab");
  await expect(team).toHaveValue("ghost-team");
  await expect(page.getByTestId("unsaved")).toBeHidden();

  // An edit keeps the team; the save is refused for it, by name, and writes nothing.
  const description = page.getByLabel("Description");
  await description.focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Also indexes them.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+s");
  await expect(editor.toast("error")).toContainText("Not saved");
  await expect(editor.toast("error")).toContainText("ghost-team");
  await expect(team).toHaveValue("ghost-team");
  unchanged();
});

test("a team's unknown group shows as not found and survives a save untouched", async ({ page }) => {
  const editor = await openRecord(page, "teams", "docs-team");
  const group = page.getByLabel("Group", { exact: true });
  await expect(group).toHaveValue("ghost-group");
  await expect(group.locator("option:checked")).toHaveText("ghost-group — not found");
  await expect(page.getByTestId("panel-problems")).toContainText("team-unknown-group");

  const charter = page.getByLabel("Charter");
  await charter.focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Reviews every page.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+s");
  await expect(editor.toast("success")).toContainText("Saved team docs-team");
  expect(onDisk("teams", "docs-team")).toEqual({
    ...DOCS_TEAM,
    charter: `${DOCS_TEAM.charter} Reviews every page.`,
  });
  await expect(group).toHaveValue("ghost-group");
});

test("a handoff to a role nobody holds stays on the chip and in Problems", async ({ page }) => {
  await openRecord(page, "specialists", "cx-writer");
  const chip = page.getByTestId("tags-handoffCandidates").getByTestId("tag-chip");
  await expect(chip).toHaveText(["ghost-role×"]);
  await expect(chip).toHaveAttribute("data-invalid", "true");
  await expect(page.getByTestId("not-found-handoffCandidates")).toHaveText("ghost-role — not found");
  expect(await panelViolations(page)).toEqual([]);
  await expect(page.getByTestId("panel-problems")).toContainText("handoff-unknown-role");
  await expect(page.getByTestId("unsaved")).toBeHidden();
});

test("a specialist without a prompt is offered a template, written only by the footer Save", async ({ page }) => {
  const editor = await openRecord(page, "specialists", "cx-writer");
  await page.getByTestId("tab-prompt").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("prompt-provenance")).toHaveText("no prompt file yet");
  await expect(page.getByTestId("prompt-degraded")).toHaveCount(0);
  await expect(page.getByTestId("prompt-editor")).not.toContainText("degraded");
  await expect(page.getByTestId("prompt-template-offer")).toBeVisible();
  expect(await panelViolations(page)).toEqual([]);

  const unchanged = unchangedOnDisk(path.join(root, ".cx"), { exclude: (rel) => rel.startsWith("studio") });
  await page.getByTestId("use-prompt-template").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => monacoText(page)).toMatch(/^---\nrole: writer\n---\n\n# writer\n\nWrites the project's/);
  const template = (await monacoText(page)) ?? "";
  expect(template).toContain("- To `ghost-role` when …");
  await expect(page.getByTestId("prompt-template-offer")).toBeHidden();
  await expect(page.getByTestId("unsaved")).toBeVisible();
  unchanged();
  expect(existsSync(promptFile())).toBe(false);

  await page.keyboard.press("Control+s");
  await expect(editor.toast("success")).toContainText("Prompt saved");
  expect(readFileSync(promptFile(), "utf8")).toBe(template);
  await expect(page.getByTestId("prompt-provenance")).toHaveText("from project · .cx/prompts/cx-writer.md");
  await expect(page.getByTestId("unsaved")).toBeHidden();
});

test("a record removed on disk while its panel is open shows as not found, with nothing drafted or saved", async ({
  page,
}) => {
  const editor = await openRecord(page, "specialists", "cx-gone");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("gone");
  rmSync(orgFile("specialists", "cx-gone"));
  await expect(page.getByTestId("record-not-found")).toContainText("cx-gone — not found");
  await expect(editor.saveButton()).toHaveCount(0);
  expect(await panelViolations(page)).toEqual([]);
  await page.keyboard.press("Control+s");
  expect(existsSync(orgFile("specialists", "cx-gone"))).toBe(false);
  await page.getByRole("button", { name: "Close panel" }).focus();
  await page.keyboard.press("Enter");
  await expect(editor.panel()).toBeHidden();
});
