import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { writeSyntheticProfiles } from "../bench/generate-org";
import { installConstruct } from "../test/support/construct-package";
import { extraPort, studioOfItsOwn } from "./support";

/**
 * /list's "Files that could not be loaded" holds only files no record came from: an error on a loaded
 * record is on its row, once. Many files broken alike are one row that opens.
 */

const BROKEN = 5;
const own = studioOfItsOwn({
  prefix: "studio-list-problems-",
  port: extraPort(9),
  setup: (root) => {
    installConstruct(root);
    // Every third profile has a model tier 2.x does not know: an error on a record that loads.
    writeSyntheticProfiles(root, 6);
    for (let i = 1; i <= BROKEN; i++)
      writeFileSync(path.join(root, ".construct", "org", "worker-profiles", `broken-${i}.json`), '{ "name": ');
  },
});

test("an error on a loaded record is on its row only; files that did not load are listed, many alike as one row", async ({
  page,
}) => {
  await page.goto(`${own.studio.origin}/list`);
  const row = page.getByTestId("row-worker-profile-worker-00002");
  await expect(row).toContainText("1 error(s), 0 warning(s)");
  const files = page.getByTestId("file-problems");
  await expect(files).toBeVisible();
  await expect(files).not.toContainText("worker-00002");
  const group = files.getByTestId("problem-group");
  await expect(group).toHaveCount(1);
  await expect(group.getByTestId("group-count")).toHaveText(String(BROKEN));
  await group.locator("summary").click();
  await expect(group.getByTestId("problem")).toHaveCount(BROKEN);
  await expect(group.getByTestId("problem").first()).toContainText("broken-1.json");
});
