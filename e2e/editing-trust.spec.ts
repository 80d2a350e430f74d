import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { extraPort, studioOfItsOwn } from "./support";

/**
 * Editing you can trust, in a real Chromium against a real server on a git repo: real keyboard
 * typing, outside edits written to disk by this test, diffs read with `git diff --numstat`.
 */

test.describe.configure({ mode: "serial" });

/** A project file as a person wrote it: its own key order, inline arrays, no "id", a field the studio does not know. */
const WRITER = `{
  "role": "writer",
  "name": "writer",
  "displayName": "Writer",
  "description": "Writes the project's documentation and keeps it current.",
  "modelTier": "standard",
  "skills": ["architecture/api-design"],
  "team": "engineering-team",
  "fence": {
    "allowedPaths": ["docs/**"]
  },
  "ticketQueue": "docs"
}
`;

let root = "";
const rel = ".cx/org/specialists/cx-writer.json";
const file = () => path.join(root, rel);
const read = () => readFileSync(file(), "utf8");
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
const commit = (message: string) =>
  git("-c", "user.email=e2e@example.com", "-c", "user.name=e2e", "commit", "-qam", message);
/** Rewrites one field of the file the way another editor would, keeping the rest of its text. */
function editOutside(field: string, value: string) {
  const text = read();
  const next = text.replace(new RegExp(`("${field}": )"[^"]*"`), `$1${JSON.stringify(value)}`);
  expect(next).not.toBe(text);
  writeFileSync(file(), next);
  return next;
}

const own = studioOfItsOwn({
  prefix: "studio-trust-",
  port: extraPort(8),
  setup: (dir) => {
    root = dir;
    mkdirSync(path.dirname(file()), { recursive: true });
    writeFileSync(file(), WRITER);
    // An enabled pack contributing one specialist: read-only like a built-in one.
    const pack = path.join(root, ".cx", "packs", "trust-pack");
    mkdirSync(path.join(pack, "org", "specialists"), { recursive: true });
    writeFileSync(
      path.join(pack, "pack.manifest.json"),
      JSON.stringify({ id: "trust-pack", version: "1.0.0", compatVersion: ">=0.1.0", specialists: ["cx-packed"] }),
    );
    writeFileSync(
      path.join(pack, "org", "specialists", "cx-packed.json"),
      JSON.stringify({
        id: "cx-packed",
        name: "packed",
        role: "packed",
        description: "A specialist a pack contributes, which the project may override but not delete.",
        modelTier: "standard",
        skills: ["research/evidence-gathering"],
        fence: { allowedPaths: ["docs/research/**"] },
        team: "research-team",
      }),
    );
    writeFileSync(path.join(root, ".cx", "packs.json"), JSON.stringify({ version: 1, enabled: { "trust-pack": {} } }));
    git("init", "-q");
    git("add", "-A");
    commit("hand-written");
  },
});

test.afterEach(async () => {
  // Each test starts from the committed file.
  git("checkout", "--", ".");
  git("clean", "-fdq", "--", ".cx/prompts");
});

async function openWriter(page: Page) {
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  await editor.open();
  await extras.openByClick("specialist:cx-writer");
  return { editor, extras };
}

/** The Monaco editor of the open tab, for placing the caret (the typing itself is the keyboard's). */
async function caretAfter(page: Page, text: string) {
  await page.evaluate((needle) => {
    type Editor = {
      getDomNode(): HTMLElement | null;
      getModel(): { getValue(): string; getPositionAt(offset: number): unknown };
      setPosition(p: unknown): void;
      focus(): void;
    };
    const monaco = (window as unknown as { __studioMonaco: { editor: { getEditors(): Editor[] } } }).__studioMonaco;
    const editor = monaco.editor.getEditors().find((e) => e.getDomNode()?.isConnected);
    if (!editor) throw new Error("no Monaco editor on the page");
    const model = editor.getModel();
    const position = model.getPositionAt(model.getValue().indexOf(needle) + needle.length);
    editor.setPosition(position);
    editor.focus();
  }, text);
}

test("1. typing in Monaco keeps every Space: JSON and Prompt tabs, on disk byte for byte", async ({ page }) => {
  const sentence = " Always cite at least two sources here.";
  const { editor } = await openWriter(page);

  await page.getByTestId("tab-json").click();
  await expect(page.locator(".monaco-editor").first()).toBeVisible();
  await caretAfter(page, "keeps it current.");
  await page.keyboard.type(sentence);
  await editor.save();
  await expect(editor.toast("success")).toContainText("Saved specialist cx-writer");
  expect(JSON.parse(read()).description).toBe(`Writes the project's documentation and keeps it current.${sentence}`);
  expect(git("diff", "--numstat").trim()).toBe(`1\t1\t${rel}`);

  const before = (await (await fetch(`${own.studio.origin}/api/prompts/cx-writer`)).json()).content as string;
  await page.getByTestId("tab-prompt").click();
  await expect(page.getByTestId("code-editor-markdown").locator(".monaco-editor")).toBeVisible();
  await page.getByTestId("code-editor-markdown").locator(".view-lines").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(`\nAlways cite at least two sources here.`);
  await page.getByRole("button", { name: /^Save (as project )?override$/ }).click();
  await expect(editor.toast("success").first()).toContainText("Prompt saved");
  const prompt = readFileSync(path.join(root, ".cx", "prompts", "cx-writer.md"), "utf8");
  // Byte for byte what was typed; the prompt store ends every file with a newline.
  expect(prompt).toBe(`${before}\nAlways cite at least two sources here.\n`);
});

test("5. a one-field save through the form is a one-line diff; unknown fields are kept and noted", async ({ page }) => {
  const { editor } = await openWriter(page);
  await expect(page.getByTestId("unknown-fields-note")).toContainText("ticketQueue");
  const description = page.getByLabel("Description");
  await description.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Always cite at least two sources here.");
  await editor.save();
  await expect(editor.toast("success")).toContainText("Saved specialist cx-writer");
  const numstat = git("diff", "--numstat").trim();
  expect(numstat).toBe(`1\t1\t${rel}`);
  const diff = git("diff", "-U0")
    .split("\n")
    .filter((l) => /^[-+] /.test(l));
  expect(diff).toEqual([
    `-  "description": "Writes the project's documentation and keeps it current.",`,
    `+  "description": "Writes the project's documentation and keeps it current. Always cite at least two sources here.",`,
  ]);
  expect(read()).not.toContain('"id"');
  // The JSON tab squiggles the unknown field where it is.
  await page.getByTestId("tab-json").click();
  await expect(page.locator(".monaco-editor").first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            window as unknown as { __studioMonaco: { editor: { getModelMarkers(o: object): { message: string }[] } } }
          ).__studioMonaco.editor
            .getModelMarkers({})
            .filter((m: { message: string }) => m.message.includes('unknown field "ticketQueue"')).length,
      ),
    )
    .toBe(1);
});

test("2. undo carries the ETag of the version it produced: an outside edit since is never overwritten", async ({
  page,
}) => {
  const { editor } = await openWriter(page);
  const name = page.getByLabel("Display name");
  await name.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Writer of docs");
  await editor.save();
  await expect(editor.toast("success")).toContainText("Saved specialist cx-writer");
  const outside = editOutside("displayName", "Renamed in another editor");
  // The untouched panel follows the file.
  await expect(name).toHaveValue("Renamed in another editor");
  await editor.panelTitle().click();
  await page.keyboard.press("Control+z");
  const dialog = page.getByRole("dialog", { name: "Changed on disk" });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("conflict-displayName-theirs")).toContainText("Renamed in another editor");
  await expect(page.getByTestId("conflict-displayName-mine")).toContainText('"Writer"');
  expect(read()).toBe(outside);
  await page.screenshot({ path: "test-results/trust-undo-conflict.png" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(read()).toBe(outside);
  await expect(name).toHaveValue("Renamed in another editor");
  // Asked again, the user may undo over it on purpose: only the undone field is written.
  await page.keyboard.press("Control+z");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Undo with these choices" }).click();
  await expect(page.getByTestId("toast-info")).toContainText("Undid edit specialist cx-writer");
  expect(read()).toBe(WRITER);
});

test("3. the panel follows the file; a conflict only on fields both changed, settled per field", async ({ page }) => {
  const { editor } = await openWriter(page);
  // Untouched: follows live, nothing unsaved, no banner.
  editOutside("displayName", "Writer (outside)");
  await expect(page.getByLabel("Display name")).toHaveValue("Writer (outside)");
  await expect(page.getByTestId("unsaved")).toBeHidden();
  await expect(page.getByTestId("stale-banner")).toBeHidden();

  // Mine on one field, theirs on another: both kept, no conflict.
  await page.getByLabel("Name", { exact: true }).click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("scribe");
  editOutside("description", "Writes the project's documentation, edited outside meanwhile.");
  await expect(page.getByLabel("Description")).toHaveValue(
    "Writes the project's documentation, edited outside meanwhile.",
  );
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("scribe");
  await expect(page.getByTestId("stale-banner")).toBeHidden();

  // Both change the role: a conflict, shown side by side, chosen per field.
  await page.getByRole("textbox", { name: "Role", exact: true }).click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("scribe");
  await page.getByRole("textbox", { name: "Role", exact: true }).blur();
  const outside = editOutside("role", "author");
  await expect(page.getByTestId("stale-banner")).toContainText("role");
  await editor.save();
  const dialog = page.getByRole("dialog", { name: "Changed on disk" });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("conflict-role-mine")).toContainText('"scribe"');
  await expect(page.getByTestId("conflict-role-theirs")).toContainText('"author"');
  await page.screenshot({ path: "test-results/trust-conflict-dialog.png" });
  expect(read()).toBe(outside);
  await page.getByTestId("conflict-role-theirs").click();
  await dialog.getByRole("button", { name: "Save with these choices" }).click();
  await expect(editor.toast("success")).toContainText("Saved specialist cx-writer");
  // Only my name was written; their description and role stayed as they wrote them.
  const saved = JSON.parse(read());
  expect(saved.name).toBe("scribe");
  expect(saved.role).toBe("author");
  expect(saved.description).toBe("Writes the project's documentation, edited outside meanwhile.");
  expect(saved.displayName).toBe("Writer (outside)");
  expect(
    read()
      .split("\n")
      .filter((line, i) => line !== outside.split("\n")[i]),
  ).toEqual(['  "name": "scribe",']);
});

test("4. a dirty draft is never dropped silently, and survives a reload", async ({ page }) => {
  const { editor } = await openWriter(page);
  await page.getByLabel("Display name").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Unsaved title");
  const prompt = page.getByRole("dialog", { name: "Discard unsaved changes?" });
  const keep = async () => {
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Keep editing" }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByLabel("Display name")).toHaveValue("Unsaved title");
  };

  await page.getByRole("button", { name: "Close panel" }).click();
  await keep();
  await page.screenshot({ path: "test-results/trust-discard-before.png" });
  await editor.panelTitle().click();
  await page.keyboard.press("Escape");
  await keep();
  await editor.node("specialist:cx-architect").click();
  await keep();
  await expect(editor.panelTitle()).toHaveText("cx-writer");
  await page.getByRole("link", { name: "Packs" }).click();
  await keep();
  expect(new URL(page.url()).pathname).toBe("/");

  // Escape on a dialog closes that dialog only.
  await page.getByRole("button", { name: "Close panel" }).click();
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: "test-results/trust-discard-prompt.png" });
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await expect(editor.panel()).toBeVisible();

  // A reload asks (the browser's prompt) and, once allowed, brings the draft back.
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.type();
    void d.accept();
  });
  await page.reload();
  expect(asked).toBe("beforeunload");
  await expect(editor.panelTitle()).toHaveText("cx-writer");
  await expect(page.getByLabel("Display name")).toHaveValue("Unsaved title");
  await expect(page.getByTestId("unsaved")).toBeVisible();

  // Discard, asked and answered: the draft is gone, the file never changed.
  await page.getByRole("button", { name: "Close panel" }).click();
  await prompt.getByRole("button", { name: "Discard changes" }).click();
  await expect(editor.panel()).toBeHidden();
  await page.reload();
  await expect(editor.node("specialist:cx-writer")).toBeAttached();
  await expect(editor.panel()).toBeHidden();
  expect(read()).toBe(WRITER);
});

test("6. errors block a save before any question; Escape on the override question keeps the draft", async ({
  page,
}) => {
  const editor = new EditorPage(page, own.studio.origin);
  const extras = new EditorExtras(editor);
  await editor.open();
  await extras.openByClick("specialist:cx-reviewer");
  await expect(page.getByTestId("read-only-note")).toContainText("saving writes a project override");
  await expect(page.getByTestId("delete-entity")).toHaveCount(0);
  const description = page.getByLabel("Description");
  await description.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Too short");
  await editor.save();
  await expect(page.getByTestId("toast-error")).toContainText("Not saved: 1 error");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await description.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Reviews every change for correctness, and says why when it refuses one.");
  await editor.save();
  const override = page.getByRole("dialog", { name: /Override built-in specialist/ });
  await expect(override).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(override).toBeHidden();
  await expect(editor.panel()).toBeVisible();
  await expect(description).toHaveValue("Reviews every change for correctness, and says why when it refuses one.");
  await expect(page.getByTestId("unsaved")).toBeVisible();
  expect(git("status", "--porcelain", "--", ".cx/org")).toBe("");

  // A pack's specialist: no Delete, and the same explanation a built-in one gets.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Discard unsaved changes?" })).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await extras.openByClick("specialist:cx-packed");
  await expect(page.getByTestId("read-only-note")).toContainText("From the pack trust-pack");
  await expect(page.getByTestId("delete-entity")).toHaveCount(0);

  // Import says what it does not move.
  const payload = path.join(root, "import.json");
  writeFileSync(payload, JSON.stringify({ scope: "project", specialists: {} }));
  await page.getByTestId("import-file").setInputFiles(payload);
  await expect(page.getByTestId("import-scope-note")).toContainText("Not moved: prompt overrides");
  rmSync(payload);
});
