import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { specialistRecord as helper } from "../test/support/temp-project";
import { ORIGIN, ROOT, unchangedOnDisk } from "./support";

/**
 * The packs page previews every enable and install: the plan of the org now against the org with
 * the pack, then Confirm or Cancel. A breaking pack is refused; a changed folder is refused.
 */

const PACKS = path.join(ROOT, ".cx", "packs");
const PACKS_JSON = path.join(ROOT, ".cx", "packs.json");
const SRC = mkdtempSync(path.join(os.tmpdir(), "studio-pack-preview-"));

function writePack(dir: string, id: string, version: string, specialist: Record<string, unknown>): string {
  mkdirSync(path.join(dir, "org", "specialists"), { recursive: true });
  writeFileSync(
    path.join(dir, "pack.manifest.json"),
    `${JSON.stringify({ id, version, compatVersion: ">=0.1.0" }, null, 2)}\n`,
  );
  writeFileSync(
    path.join(dir, "org", "specialists", `${specialist.id}.json`),
    `${JSON.stringify(specialist, null, 2)}\n`,
  );
  return dir;
}

const packsJson = () => (existsSync(PACKS_JSON) ? readFileSync(PACKS_JSON) : null);

async function previewInstall(page: Page, folder: string) {
  await page.getByTestId("install-folder").fill(folder);
  await page.getByRole("button", { name: "Preview install" }).click();
  await expect(page.getByTestId("pack-preview")).toBeVisible();
}

test.afterAll(() => {
  // Leave the shared project as the other specs expect it: no pack of this spec enabled or installed.
  if (existsSync(PACKS_JSON)) {
    const file = JSON.parse(readFileSync(PACKS_JSON, "utf8"));
    for (const id of ["e2e-broken-pack", "e2e-clean-pack"]) delete file.enabled[id];
    writeFileSync(PACKS_JSON, `${JSON.stringify(file, null, 2)}\n`);
  }
  for (const id of ["e2e-broken-pack", "e2e-clean-pack"])
    rmSync(path.join(PACKS, id), { recursive: true, force: true });
  rmSync(SRC, { recursive: true, force: true });
});

test("enabling a pack whose specialist names a missing team shows the errors and is refused; packs.json is unchanged", async ({
  page,
}) => {
  writePack(
    path.join(PACKS, "e2e-broken-pack"),
    "e2e-broken-pack",
    "1.0.0",
    helper("cx-e2e-stray", { team: "no-such-team" }),
  );
  const before = packsJson();
  await page.goto(`${ORIGIN}/packs`);
  const row = page.getByTestId("pack-e2e-broken-pack");
  await expect(row.getByTestId("pack-state")).toHaveText("disabled");
  await row.getByTestId("toggle-e2e-broken-pack").click();

  const preview = page.getByTestId("pack-preview");
  await expect(preview.getByTestId("pack-preview-errors")).toContainText("no-such-team");
  await expect(preview.locator('[data-change-kind="entity"][data-change-id="cx-e2e-stray"]')).toHaveAttribute(
    "data-change-action",
    "add",
  );
  await preview.getByTestId("pack-preview-confirm").click();
  await expect(preview.getByTestId("pack-preview-refused")).toContainText("was not enabled");
  await expect(preview.getByTestId("pack-preview-refused")).toContainText("no-such-team");
  expect(packsJson()).toEqual(before);

  await preview.getByTestId("pack-preview-cancel").click();
  await expect(page.getByTestId("pack-preview")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("pack-e2e-broken-pack").getByTestId("pack-state")).toHaveText("disabled");
  expect(packsJson()).toEqual(before);
  rmSync(path.join(PACKS, "e2e-broken-pack"), { recursive: true, force: true });
});

test("a clean pack is installed and enabled after its preview; an upgrade shows its version change; a folder changed after the preview is refused", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/packs`);
  const v1 = writePack(path.join(SRC, "v1"), "e2e-clean-pack", "1.0.0", helper("cx-e2e-helper"));
  await previewInstall(page, v1);
  const preview = page.getByTestId("pack-preview");
  await expect(preview.getByTestId("pack-preview-version-change")).toHaveText("new install");
  await expect(preview.getByTestId("pack-preview-disabled-note")).toBeVisible();
  await expect(preview.getByTestId("pack-preview-source")).toHaveText(v1);
  await expect(preview.locator('[data-change-kind="entity"][data-change-id="cx-e2e-helper"]')).toBeVisible();
  await expect(preview.getByTestId("pack-preview-errors")).toHaveCount(0);
  expect(existsSync(path.join(PACKS, "e2e-clean-pack"))).toBe(false);
  await preview.getByTestId("pack-preview-confirm").click();
  await expect(page.getByTestId("install-message")).toContainText("Installed e2e-clean-pack@1.0.0");

  const row = page.getByTestId("pack-e2e-clean-pack");
  await expect(row.getByTestId("pack-state")).toHaveText("disabled");
  await row.getByTestId("toggle-e2e-clean-pack").click();
  await expect(page.getByTestId("pack-preview").getByTestId("plan-widens")).toContainText("cx-e2e-helper");
  await page.getByTestId("pack-preview-confirm").click();
  await expect(row.getByTestId("pack-state")).toHaveText("enabled");
  expect(JSON.parse(readFileSync(PACKS_JSON, "utf8")).enabled).toHaveProperty("e2e-clean-pack");

  const v2 = writePack(
    path.join(SRC, "v2"),
    "e2e-clean-pack",
    "2.0.0",
    helper("cx-e2e-helper", { description: "The upgraded helper reviews every fixture twice before it lands." }),
  );
  await previewInstall(page, v2);
  const upgrade = page.getByTestId("pack-preview");
  await expect(upgrade.getByTestId("pack-preview-version")).toHaveText("1.0.0 → 2.0.0");
  await expect(upgrade.getByTestId("pack-preview-version-change")).toHaveText("upgrade");
  const change = upgrade.locator('[data-change-kind="entity"][data-change-id="cx-e2e-helper"]');
  await expect(change).toHaveAttribute("data-change-action", "change");
  await expect(change).toContainText("description");
  await expect(row).toContainText("@1.0.0");
  await upgrade.getByTestId("pack-preview-confirm").click();
  await expect(page.getByTestId("install-message")).toContainText("Installed e2e-clean-pack@2.0.0");
  await expect(row).toContainText("@2.0.0");

  const v3 = writePack(path.join(SRC, "v3"), "e2e-clean-pack", "3.0.0", helper("cx-e2e-helper"));
  await previewInstall(page, v3);
  writeFileSync(path.join(v3, "NOTES.md"), "added after the preview\n");
  await page.getByTestId("pack-preview-confirm").click();
  await expect(page.getByTestId("pack-preview-refused")).toContainText("changed since it was previewed");
  await page.getByTestId("pack-preview-cancel").click();
  await page.reload();
  await expect(page.getByTestId("pack-e2e-clean-pack")).toContainText("@2.0.0");
});

/** Where a preview or install works on its copy of a pack; no message may name it. */
const STAGING = /cs-pack-preview-|\.staging-/;

test("the install preview names a pack's prompt where it will live and its broken files inside the pack, never the staging folder", async ({
  page,
}) => {
  const unchanged = unchangedOnDisk(ROOT);
  await page.goto(`${ORIGIN}/packs`);
  const prompted = path.join(SRC, "prompted");
  writePack(prompted, "e2e-prompted-pack", "1.0.0", helper("cx-e2e-prompted"));
  const manifestFile = path.join(prompted, "pack.manifest.json");
  const withPrompt = { ...JSON.parse(readFileSync(manifestFile, "utf8")), prompts: { "cx-qa": "prompts/cx-qa.md" } };
  writeFileSync(manifestFile, `${JSON.stringify(withPrompt, null, 2)}\n`);
  mkdirSync(path.join(prompted, "prompts"));
  writeFileSync(path.join(prompted, "prompts", "cx-qa.md"), "---\nrole: qa\nname: cx-qa\n---\n\n# QA\n");
  await previewInstall(page, prompted);
  const preview = page.getByTestId("pack-preview");
  await expect(preview.getByTestId("pack-preview-prompts")).toContainText(
    "e2e-prompted-pack (.cx/packs/e2e-prompted-pack/prompts/cx-qa.md)",
  );
  expect(await preview.textContent()).not.toMatch(STAGING);
  await preview.getByTestId("pack-preview-cancel").click();

  const garbled = writePack(path.join(SRC, "garbled"), "e2e-garbled-pack", "1.0.0", helper("cx-e2e-garbled"));
  writeFileSync(path.join(garbled, "org", "specialists", "cx-e2e-garbled.json"), '{ "id": ');
  await page.getByTestId("install-folder").fill(garbled);
  await page.getByRole("button", { name: "Preview install" }).click();
  const refused = page.getByTestId("install-message");
  await expect(refused).toContainText("the pack cannot be installed");
  await expect(refused).toContainText("org/specialists/cx-e2e-garbled.json: invalid JSON");
  expect(await refused.textContent()).not.toMatch(STAGING);
  await expect(page.getByTestId("pack-preview")).toHaveCount(0);
  unchanged();
});
