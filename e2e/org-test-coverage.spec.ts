import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * Fence coverage on /tests (per specialist, with the untested entries), and "Save as test" claiming
 * that no path from a specialist ever reaches an action.
 */

test.describe.configure({ mode: "serial" });

let root = "";
const own = studioOfItsOwn({
  prefix: "studio-coverage-",
  port: extraPort(8),
  files: {
    ".cx/org/specialists/cx-scribe.json": specialist("cx-scribe", {
      fence: { allowedPaths: ["docs/**", "notes/**"], allowedCommands: ["git log"] },
      handoffCandidates: [],
    }),
    ".cx/tests/scribe.test.json": {
      cases: [
        { name: "scribe writes docs", specialist: "cx-scribe", action: "edit", target: "docs/a.md", expect: "allowed" },
      ],
    },
  },
  setup: (dir) => {
    root = dir;
  },
});

test("/tests shows fence coverage per specialist, listing the entries no case exercises", async ({ page }) => {
  await page.goto(`${own.studio.origin}/tests`);
  await expect(page.getByTestId("tests-summary")).toHaveText("1 passed, 0 failed, 0 invalid");
  await expect(page.getByTestId("coverage-total")).toHaveText(/^1 of \d+ fence entries exercised \(\d+\.\d%\)$/);
  const scribe = page.locator('[data-testid=coverage-row][data-id="cx-scribe"]');
  await expect(scribe.getByTestId("coverage-figure")).toHaveText("1/3 (33.3%)");
  await expect(scribe.getByTestId("coverage-untested")).toHaveText('allowedPaths "notes/**"allowedCommands "git log"');
  // Every specialist with a fence entry has a row; the built-in reviewer is untested.
  await expect(
    page.locator('[data-testid=coverage-row][data-id="cx-reviewer"]').getByTestId("coverage-figure"),
  ).toHaveText(/^0\/\d+ \(0\.0%\)$/);
});

test('"Save as test" saves a never-reaches case, and /tests passes it or names the path that reaches', async ({
  page,
}) => {
  const testsFile = path.join(root, ".cx", "tests", "studio.test.json");
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  await editor.openNode("specialist:cx-reviewer");
  await page.getByTestId("tab-fence").click();
  await page.getByTestId("action-tester").fill("bd-label deploy-prod");
  await page.getByLabel("Expect").selectOption("unreachable");
  await page.getByTestId("save-fence-test").click();
  await expect.poll(() => existsSync(testsFile)).toBe(true);

  await page.getByTestId("action-tester").fill("edit infra/main.tf");
  await expect(page.getByTestId("save-test-expect")).toHaveValue("unreachable");
  await page.getByTestId("save-fence-test").click();
  await expect
    .poll(() => (existsSync(testsFile) ? JSON.parse(readFileSync(testsFile, "utf8")).cases.length : 0))
    .toBe(2);
  expect(JSON.parse(readFileSync(testsFile, "utf8")).cases).toEqual([
    {
      name: "cx-reviewer never reaches bd-label deploy-prod",
      specialist: "cx-reviewer",
      action: "bd-label",
      target: "deploy-prod",
      expect: "unreachable",
    },
    {
      name: "cx-reviewer never reaches edit infra/main.tf",
      specialist: "cx-reviewer",
      action: "edit",
      target: "infra/main.tf",
      expect: "unreachable",
    },
  ]);

  await page.goto(`${own.studio.origin}/tests`);
  await expect(page.getByTestId("tests-summary")).toHaveText("2 passed, 1 failed, 0 invalid");
  const results = page.getByTestId("test-result");
  await expect(results.filter({ hasText: "cx-reviewer never reaches bd-label deploy-prod" })).toHaveAttribute(
    "data-pass",
    "true",
  );
  const reached = results.filter({ hasText: "cx-reviewer never reaches edit infra/main.tf" });
  await expect(reached).toHaveAttribute("data-pass", "false");
  await expect(reached).toContainText(
    'edit infra/main.tf → reachable: cx-reviewer → handoff → cx-operations: edit infra/main.tf (with approval) by approvalRequired[2] "edit:infra/**"; expected unreachable',
  );
  // The failing claim exercises the entry that grants it.
  await expect(
    page.locator('[data-testid=coverage-row][data-id="cx-operations"]').getByTestId("coverage-untested"),
  ).not.toContainText('"edit:infra/**"');
});
