import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ConsoleWatch, disk } from "./pages/editor-extras";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN, specialist } from "./support";

/**
 * Importing another project's export over hand-written records: the dry run shows each update's
 * fields, flags the ones the import lacks, and asks merge or replace per record, merge chosen for you.
 */

const MERGED = "cx-e2e-imp-merged";
const REPLACED = "cx-e2e-imp-replaced";
const handWritten = (id: string) =>
  specialist(id, {
    displayName: `Hand-written ${id}`,
    when_to_use: "When a test needs a record that someone wrote by hand and cares about.",
    handoffCandidates: ["qa"],
  });
const description = "The record as the other project exported it, without the hand-written extras.";

test("the dialog shows each field, flags what replace removes; replace for one record and merge for the other", async ({
  page,
}) => {
  for (const id of [MERGED, REPLACED])
    writeFileSync(disk.entityFile("specialists", id), `${JSON.stringify(handWritten(id), null, 2)}\n`);
  const editor = new EditorPage(page, ORIGIN);
  const watch = new ConsoleWatch(page);
  await editor.open();
  await expect(editor.node(`specialist:${MERGED}`)).toBeAttached();

  await page.getByTestId("import-file").setInputFiles({
    name: "other-project.json",
    mimeType: "application/json",
    buffer: Buffer.from(
      JSON.stringify({
        specialists: {
          [MERGED]: specialist(MERGED, { description }),
          [REPLACED]: specialist(REPLACED, { description }),
        },
      }),
    ),
  });
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("Import into the project tier");
  const rows = preview.getByTestId("import-file-row");
  await expect(rows).toHaveCount(2);
  const merged = rows.filter({ hasText: `${MERGED}.json` });
  const replaced = rows.filter({ hasText: `${REPLACED}.json` });
  for (const row of [merged, replaced]) {
    await expect(row).toContainText("update");
    await expect(row.getByRole("radio", { name: /Merge/ })).toBeChecked();
    await expect(row.getByTestId("import-removes")).toHaveText(
      "The import lacks 3 fields this record has: merge keeps them.",
    );
    await expect(row.locator('[data-change="changed"]')).toContainText("description");
    await expect(row.locator('[data-change="removed"]')).toHaveText([
      /displayName: kept by merge/,
      /when_to_use: kept by merge/,
      /handoffCandidates: kept by merge/,
    ]);
  }
  expect(disk.entity("specialists", REPLACED)).toEqual(handWritten(REPLACED));

  await replaced.getByRole("radio", { name: /Replace/ }).check();
  await expect(replaced.getByTestId("import-removes")).toHaveText(
    "The import lacks 3 fields this record has: replace removes them.",
  );
  await expect(replaced.locator('[data-change="removed"]').first()).toContainText("displayName: removed by replace");
  await expect(merged.getByRole("radio", { name: /Merge/ })).toBeChecked();

  await page.getByTestId("import-apply").click();
  await expect(preview).toBeHidden();
  await expect(editor.toast("success")).toContainText("Imported: 2 file(s) written");
  expect(disk.entity("specialists", REPLACED)).toEqual(specialist(REPLACED, { description }));
  expect(disk.entity("specialists", MERGED)).toEqual({ ...handWritten(MERGED), description });
  expect(watch.unexpected()).toEqual([]);
});
