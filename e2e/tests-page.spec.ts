import { writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";
import { extraPort, specialist, studioOfItsOwn, unchangedOnDisk } from "./support";

/** /tests runs the org's tests on demand, narrows to the failures (kept in the address), and opens each case's record. */

test.describe.configure({ mode: "serial" });

const own = studioOfItsOwn({
  prefix: "studio-tests-page-",
  port: extraPort(6),
  files: {
    ".cx/org/specialists/cx-scribe.json": specialist("cx-scribe", {
      fence: { allowedPaths: ["docs/**"] },
      handoffCandidates: [],
    }),
    ".cx/tests/org.test.json": {
      cases: [
        { name: "scribe writes docs", specialist: "cx-scribe", action: "edit", target: "docs/a.md", expect: "allowed" },
        { name: "scribe edits src", specialist: "cx-scribe", action: "edit", target: "src/a.ts", expect: "allowed" },
        { name: "architect hands to engineer", from: "cx-architect", handoffTo: "cx-engineer" },
        { name: "no escalation to the designer", team: "engineering-team", escalatesTo: "cx-designer", not: true },
      ],
    },
  },
});

const results = (page: Page) => page.getByTestId("test-result");

test("each result links to its record in the editor; Failures only is kept in the address", async ({ page }) => {
  await page.goto(`${own.studio.origin}/tests`);
  await expect(page.getByTestId("tests-summary")).toHaveText("3 passed, 1 failed, 0 invalid");
  await expect(results(page)).toHaveCount(4);
  await expect(results(page).getByTestId("open-record")).toHaveText([
    "open specialist cx-scribe",
    "open specialist cx-scribe",
    "open specialist cx-architect",
    "open team engineering-team",
  ]);
  await expect(results(page).nth(3).getByTestId("open-record")).toHaveAttribute(
    "href",
    "/?open=team%2Fengineering-team",
  );

  const failures = page.getByRole("checkbox", { name: "Failures only" });
  await failures.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(`${own.studio.origin}/tests?failures=1`);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText("FAIL scribe edits src");
  await expect(page.getByTestId("tests-shown")).toHaveText("1 of 4 results shown: the failures");
  await page.reload();
  await expect(failures).toBeChecked();
  await expect(results(page)).toHaveCount(1);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }

  const editor = new EditorPage(page, own.studio.origin);
  await results(page).getByTestId("open-record").focus();
  await page.keyboard.press("Enter");
  await expect(editor.panelTitle()).toHaveText("cx-scribe", { timeout: 60_000 });
  await expect(editor.node("specialist:cx-scribe")).toBeInViewport();
  expect(editor.consoleErrors).toEqual([]);
});

test("Run tests runs them again, reading the test files as they are now, and writes nothing", async ({ page }) => {
  await page.goto(`${own.studio.origin}/tests`);
  await expect(page.getByTestId("tests-summary")).toHaveText("3 passed, 1 failed, 0 invalid");
  writeFileSync(
    path.join(own.root, ".cx", "tests", "more.test.json"),
    JSON.stringify({ cases: [{ name: "engineer hands to scribe", from: "cx-engineer", handoffTo: "cx-scribe" }] }),
  );
  const unchanged = unchangedOnDisk(own.root);
  const ran = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/tests/run");
  await page.getByRole("button", { name: "Run tests" }).focus();
  await page.keyboard.press("Enter");
  await ran;
  await expect(page.getByTestId("tests-summary")).toHaveText("3 passed, 2 failed, 0 invalid");
  await expect(page.getByRole("button", { name: "Run tests" })).toBeEnabled();
  unchanged();
});
