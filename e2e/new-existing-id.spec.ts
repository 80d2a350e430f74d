import { expect, test } from "@playwright/test";
import { ConsoleWatch, disk, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { api, ORIGIN, ROOT, specialist, unchangedOnDisk } from "./support";

/**
 * New ▾ with an id the org already holds: said at the id field as it is typed, Create stays off, the
 * existing record opens instead, and nothing is written. A create the server still refuses is shown.
 */

let editor: EditorPage;
let extras: EditorExtras;
let watch: ConsoleWatch;

test.beforeEach(async ({ page }) => {
  editor = new EditorPage(page, ORIGIN);
  extras = new EditorExtras(editor);
  watch = new ConsoleWatch(page);
});

test("a built-in id typed into New is flagged at the input, Create is off, and Open shows the built-in record", async ({
  page,
}) => {
  const unchanged = unchangedOnDisk(ROOT);
  await editor.open();
  await extras.newEntity("specialist");
  const id = editor.panel().getByLabel("Id", { exact: true });
  await id.click();
  await page.keyboard.type("cx-engineer");
  await expect(id).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await id.getAttribute("aria-describedby")) ?? "";
  expect(describedBy).not.toBe("");
  const message = page.locator(`[id="${describedBy.split(" ")[0]}"]`);
  await expect(message).toHaveText(
    'specialist "cx-engineer" already exists in the builtin tier: open it to edit it, or choose another id',
  );
  await expect(editor.saveButton()).toBeDisabled();
  // Enter in the field submits the form; a taken id is never sent.
  await id.press("Enter");
  await expect(editor.toast("success")).toHaveCount(0);

  // One more character frees the id; deleting it takes the message back.
  await page.keyboard.type("-2");
  await expect(id).not.toHaveAttribute("aria-invalid", "true");
  await expect(editor.saveButton()).toBeEnabled();
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await expect(id).toHaveAttribute("aria-invalid", "true");

  await page.getByTestId("open-existing").click();
  await editor.confirm("Discard changes");
  await expect(editor.panelTitle()).toHaveText("cx-engineer");
  await expect(editor.panel().getByLabel("Role", { exact: true })).toHaveValue("engineer");
  unchanged();
  expect(watch.unexpected([])).toEqual([]);
});

test("an id held by the built-in and project tiers names both; a team id and a contract id are checked too", async ({
  page,
}) => {
  const unchanged = unchangedOnDisk(ROOT);
  await editor.open();
  await extras.newEntity("specialist");
  await editor.panel().getByLabel("Id", { exact: true }).click();
  await page.keyboard.type("cx-architect");
  await expect(editor.panel().getByTestId("field-error-id")).toContainText(
    'specialist "cx-architect" already exists in the builtin and project tiers',
  );
  await expect(editor.saveButton()).toBeDisabled();
  await page.getByRole("button", { name: "Close panel" }).click();
  await editor.confirm("Discard changes");

  await extras.newEntity("team");
  await editor.panel().getByLabel("Id", { exact: true }).click();
  await page.keyboard.type("quality-team");
  await expect(editor.panel().getByTestId("field-error-id")).toContainText('team "quality-team" already exists');
  await expect(editor.saveButton()).toBeDisabled();
  await page.getByRole("button", { name: "Close panel" }).click();
  await editor.confirm("Discard changes");

  await extras.newEntity("contract");
  await editor.panel().getByLabel("Id", { exact: true }).click();
  await page.keyboard.type("any-to-debugger");
  await expect(editor.panel().getByTestId("field-error-id")).toContainText('contract "any-to-debugger" already exists');
  await expect(editor.saveButton()).toBeDisabled();
  unchanged();
});

test("a create the server refuses because the id appeared meanwhile is shown, and the file written elsewhere stays", async ({
  page,
}) => {
  const id = "cx-e2e-create-race";
  // The page hears of no outside change: its view stays the one it loaded.
  await page.route("**/api/events", (route) => route.abort());
  await editor.open();
  await extras.newEntity("specialist");
  await editor.panel().getByLabel("Id", { exact: true }).click();
  await page.keyboard.type(id);
  await editor.panel().getByLabel("Name", { exact: true }).fill("e2e-create-race");
  await editor.panel().getByLabel("Role", { exact: true }).fill("e2e-racer");
  await editor
    .panel()
    .getByLabel("Description", { exact: true })
    .fill("Made by the race test before the form's own create.");
  await editor.panel().getByLabel("Team", { exact: true }).selectOption("quality-team");
  await editor.panel().getByLabel("Model tier", { exact: true }).selectOption("fast");
  await extras.addTags(editor.panel().getByLabel("Skills", { exact: true }), ["development/testing-strategy"]);
  await extras.addTags(editor.panel().getByLabel("Fence: allowed paths", { exact: true }), ["docs/**"]);

  const elsewhere = specialist(id, { role: "e2e-racer", displayName: "Written elsewhere" });
  expect((await api("POST", "/api/org/specialist", elsewhere)).status).toBe(201);
  // The refusal brings the record written elsewhere onto the canvas; it takes a place in this view,
  // and nothing is written, the layout file included.
  const unchanged = unchangedOnDisk(ROOT);
  await editor.save();
  await expect(editor.toast("error")).toContainText(
    `Not created: specialist "${id}" already exists in the project tier`,
  );
  await expect(editor.panel().getByTestId("field-error-id").first()).toContainText(
    "already exists in the project tier",
  );
  unchanged();
  expect(disk.entity("specialists", id).displayName).toBe("Written elsewhere");
  // The aborted event stream is the test's own doing.
  const unexpected = watch.unexpected([{ status: 409, path: "/api/org/specialist" }]);
  expect(unexpected.filter((e) => !e.includes("/api/events"))).toEqual([]);
});
