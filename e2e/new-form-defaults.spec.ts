import { expect, type Locator, test } from "@playwright/test";
import { ConsoleWatch, disk, EditorExtras } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN, ROOT, unchangedOnDisk } from "./support";

/**
 * Every New form starts with nothing chosen: its pickers empty with a placeholder, and a create
 * writes exactly the fields the form shows; validation says what is required.
 */

let editor: EditorPage;
let extras: EditorExtras;

test.beforeEach(async ({ page }) => {
  editor = new EditorPage(page, ORIGIN);
  extras = new EditorExtras(editor);
});

/** A select with nothing chosen: its value is empty and its placeholder is what it shows. */
async function expectEmptyPicker(select: Locator, placeholder: string) {
  await expect(select).toHaveValue("");
  await expect(select.locator("option:checked")).toHaveText(placeholder);
}

const closeNew = async (page: import("@playwright/test").Page) => {
  await page.getByRole("button", { name: "Close panel" }).click();
  const dialog = page.getByRole("dialog");
  if (await dialog.isVisible()) await editor.confirm("Discard changes");
  await expect(editor.panel()).toBeHidden();
};

test("New specialist: nothing preselected, the fence it writes is on the form, and the file holds what was shown", async ({
  page,
}) => {
  const id = "cx-e2e-shown";
  const watch = new ConsoleWatch(page);
  await editor.open();
  await extras.newEntity("specialist");
  const panel = editor.panel();
  await expectEmptyPicker(panel.getByLabel("Team", { exact: true }), "Choose a team");
  await expectEmptyPicker(panel.getByLabel("Model tier", { exact: true }), "Choose a tier");
  await expect(panel.getByTestId("tags-skills").getByTestId("tag-chip")).toHaveCount(0);
  await expect(panel.getByTestId("tags-fence.allowedPaths").getByTestId("tag-chip")).toHaveCount(0);

  await panel.getByLabel("Id", { exact: true }).click();
  await page.keyboard.type(id);
  await panel.getByLabel("Name", { exact: true }).fill("e2e-shown");
  await panel.getByLabel("Role", { exact: true }).fill("e2e-shown");
  await panel.getByLabel("Description", { exact: true }).fill("Made to check that New writes only what it shows.");
  const unchanged = unchangedOnDisk(ROOT);
  await editor.save();
  await expect(editor.toast("error")).toContainText("Not saved");
  const problems = panel.getByTestId("panel-problems");
  for (const field of ["team", "modelTier", "skills", "fence.allowedPaths"])
    await expect(problems).toContainText(`"${field}"`);
  await expect(panel.getByLabel("Team", { exact: true })).toHaveAttribute("aria-invalid", "true");
  unchanged();

  await panel.getByLabel("Team", { exact: true }).selectOption("quality-team");
  await panel.getByLabel("Model tier", { exact: true }).selectOption("fast");
  await extras.addTags(panel.getByLabel("Skills", { exact: true }), ["development/testing-strategy"]);
  await extras.addTags(panel.getByLabel("Fence: allowed paths", { exact: true }), ["test/**"]);
  await editor.save();
  await expect(editor.toast("success")).toContainText(`Created specialist ${id}`);
  await expect.poll(() => disk.exists(disk.entityFile("specialists", id))).toBe(true);
  expect(disk.entity("specialists", id)).toEqual({
    id,
    name: "e2e-shown",
    role: "e2e-shown",
    description: "Made to check that New writes only what it shows.",
    modelTier: "fast",
    skills: ["development/testing-strategy"],
    fence: { allowedPaths: ["test/**"] },
    handoffCandidates: [],
    team: "quality-team",
  });
  expect(watch.unexpected()).toEqual([]);
});

test("New team, group, contract and policy start with every picker empty and nothing chosen", async ({ page }) => {
  await editor.open();
  const panel = editor.panel();

  await extras.newEntity("team");
  await expectEmptyPicker(panel.getByLabel("Owner specialist (joins the team)"), "Choose a specialist");
  await expectEmptyPicker(panel.getByLabel("Owner (role)"), "Choose a role");
  await expect(panel.getByLabel("Group", { exact: true })).toHaveValue("");
  for (const tags of ["roles", "escalationPath", "decisionRights", "forbiddenDecisions"])
    await expect(panel.getByTestId(`tags-${tags}`).getByTestId("tag-chip")).toHaveCount(0);
  await closeNew(page);

  await extras.newEntity("group");
  await expectEmptyPicker(panel.getByLabel("Owner (role)"), "Choose a role");
  await expect(panel.getByTestId("tags-escalationPath").getByTestId("tag-chip")).toHaveCount(0);
  await closeNew(page);

  await extras.newEntity("contract");
  await expectEmptyPicker(panel.getByLabel("Producer", { exact: true }), "Choose a producer");
  await expectEmptyPicker(panel.getByLabel("Consumer", { exact: true }), "Choose a consumer");
  await closeNew(page);

  await editor.runFromPalette("New policy", /New policy/);
  await expect(panel).toHaveAttribute("aria-label", "policy new");
  await expect(panel.getByLabel("Owner", { exact: true })).toHaveValue("");
  await expect(panel.getByLabel("Mode", { exact: true })).toHaveValue("");
  await expect(panel.getByLabel("Enforcement", { exact: true })).toHaveValue("");
});
