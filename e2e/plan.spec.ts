import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { snapshotContent } from "../test/support/tree";
import { EditorPage } from "./pages/editor-page";
import { type Api, apiAt, extraPort, raw, specialist, studioOfItsOwn } from "./support";

/**
 * The plan in the studio: the Changes page against HEAD of a real git repository,
 * refreshed live; the canvas overlay with ghosts and the field diff; "Save as test" from the
 * fence tester and the route preview, then a draft that breaks the saved test before it is saved.
 */

test.describe.configure({ mode: "serial" });

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
let root = "";
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=Test", ...args], {
    cwd: root,
    encoding: "utf8",
  });
const write = (rel: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), json(value));
};
const builtinReviewer = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "..", "specialists", "org", "specialists", "cx-reviewer.json"),
    "utf8",
  ),
);

const own = studioOfItsOwn({
  prefix: "studio-plan-",
  port: extraPort(7),
  setup: (dir) => {
    root = dir;
    write(
      ".cx/org/specialists/cx-gone.json",
      specialist("cx-gone", { description: "A specialist this change removes." }),
    );
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "the org as reviewed");
    // The change under review: one removal, one addition, one widening override of a built-in.
    rmSync(path.join(root, ".cx/org/specialists/cx-gone.json"));
    write(
      ".cx/org/specialists/cx-newbie.json",
      specialist("cx-newbie", { description: "A specialist this change adds." }),
    );
    write(".cx/org/specialists/cx-reviewer.json", {
      fence: { ...builtinReviewer.fence, allowedCommands: [...builtinReviewer.fence.allowedCommands, "git push"] },
    });
  },
});
const api: Api = apiAt(extraPort(7));

test("the Changes page lists the plan against HEAD, marks the widening, and follows edits on disk", async ({
  page,
}) => {
  await page.goto(`${own.studio.origin}/changes`);
  await expect(page.getByTestId("plan-summary")).toContainText(
    // The new specialist's fence is new authority too, and the removed one's is gone.
    "Plan: 1 to add, 1 to change, 1 to remove; 2 widen access; 1 narrows access",
  );
  await expect(page.getByTestId("plan-widens")).toContainText("cx-reviewer");
  await expect(
    page.locator('[data-change-kind="access"][data-change-action="widen"][data-change-id="cx-reviewer"]'),
  ).toContainText('cx-reviewer allowedCommands: + "git push"');
  await expect(page.locator('[data-change-kind="entity"][data-change-id="cx-gone"]')).toContainText(
    "- specialist cx-gone",
  );
  await expect(page.locator('[data-change-kind="entity"][data-change-id="cx-reviewer"]')).toContainText(
    '~ cx-reviewer fence.allowedCommands: + "git push"',
  );

  // Another program adds a specialist: the page refreshes without a reload.
  write(".cx/org/specialists/cx-later.json", specialist("cx-later", { description: "Added while the page is open." }));
  await expect(page.getByTestId("plan-summary")).toContainText("Plan: 2 to add", { timeout: 20_000 });
  rmSync(path.join(root, ".cx/org/specialists/cx-later.json"));
  await expect(page.getByTestId("plan-summary")).toContainText("Plan: 1 to add", { timeout: 20_000 });

  // A revision that does not exist is named, and nothing is written.
  const before = snapshotContent(root);
  await page.getByTestId("plan-against").fill("no-such-rev");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByTestId("plan-error")).toContainText('unknown revision "no-such-rev"');
  expect(snapshotContent(root)).toEqual(before);
});

test("over HTTP: GET and POST /api/plan, the tests endpoints, and the same guard as every route", async () => {
  const plan = await api("GET", "/api/plan?against=HEAD");
  expect(plan.status).toBe(200);
  expect(plan.json.summary).toMatchObject({ add: 1, change: 1, remove: 1, widens: 2, narrows: 1 });
  const missing = await api("GET", "/api/plan?against=nope");
  expect(missing.status).toBe(404);
  expect(missing.json.error.message).toContain('unknown revision "nope"');
  // The HTTP plan compares with revisions only: a path is taken as a revision name, never read.
  const file = await api("GET", "/api/plan?against=/etc/passwd");
  expect(file.status).toBe(404);

  const draft = await api("POST", "/api/plan", {
    kind: "specialist",
    record: { ...builtinReviewer, fence: { ...builtinReviewer.fence, allowedPaths: ["**"] } },
  });
  expect(draft.status).toBe(200);
  expect(draft.json.against.kind).toBe("saved");
  expect(draft.json.changes).toContainEqual(
    expect.objectContaining({ kind: "access", action: "widen", id: "cx-reviewer", entry: "**" }),
  );

  const before = snapshotContent(root);
  const foreign = await raw("POST", "/api/tests/run", {
    port: own.studio.port,
    headers: { origin: "http://evil.example", "content-type": "application/json" },
    body: "{}",
  });
  expect(foreign.status).toBe(403);
  const badSave = await api("POST", "/api/tests", {
    file: "../escape.test.json",
    case: { name: "x", task: "t", expect: { top: "cx-pm" } },
  });
  expect(badSave.status).toBe(400);
  expect(badSave.json.errors[0].message).toContain("file must be <name>.test.json");
  expect(snapshotContent(root)).toEqual(before);
  const run = await api("POST", "/api/tests/run", {});
  expect(run.status).toBe(200);
  expect(run.json.summary).toEqual({ passed: 0, failed: 0, invalid: 0 });
});

test("the canvas overlay: added, widening, removed as a ghost, a legend, and the field diff on click", async ({
  page,
}) => {
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  await page.getByTestId("overlay-toggle").click();
  await expect(page.getByTestId("overlay-legend")).toBeVisible();
  await expect(page.getByTestId("overlay-widens")).toContainText("2 specialist(s) gain access");
  await expect(editor.node("specialist:cx-reviewer")).toHaveAttribute("data-change", "widen");
  await expect(editor.node("specialist:cx-newbie")).toHaveAttribute("data-change", "add");
  await expect(editor.node("specialist:cx-gone")).toHaveAttribute("data-change", "remove");
  await expect(editor.node("specialist:cx-gone")).toContainText("removed");
  await page.locator(".react-flow__controls-fitview").click();
  await editor.settled();
  await editor.node("specialist:cx-gone").click();
  await expect(page.getByTestId("overlay-diff")).toContainText("- specialist cx-gone");
  await expect(editor.panel()).toHaveCount(0);
  await editor.node("specialist:cx-reviewer").click();
  await expect(page.getByTestId("overlay-diff")).toContainText('fence.allowedCommands: + "git push"');
  await expect(page.getByTestId("overlay-diff")).toContainText("! WIDENS cx-reviewer");
  // Off again: no marks left.
  await page.getByTestId("overlay-toggle").click();
  await expect(editor.node("specialist:cx-gone")).toHaveCount(0);
  await expect(editor.node("specialist:cx-reviewer")).not.toHaveAttribute("data-change", /.+/);
});

test("Save as test from the fence tester and the route preview, then a draft that breaks it before it is saved", async ({
  page,
}) => {
  const testsFile = path.join(root, ".cx", "tests", "studio.test.json");
  const editor = new EditorPage(page, own.studio.origin);
  await editor.open();
  await editor.openNode("specialist:cx-reviewer");
  await page.getByTestId("tab-fence").click();
  await page.getByTestId("action-tester").fill("bash git diff HEAD");
  await expect(page.getByTestId("action-decision")).toHaveAttribute("data-decision", "allowed");
  await page.getByTestId("save-fence-test").click();
  await expect.poll(() => existsSync(testsFile)).toBe(true);
  const saved = JSON.parse(readFileSync(testsFile, "utf8"));
  expect(saved.cases).toEqual([
    {
      name: "cx-reviewer: bash git diff HEAD is allowed",
      specialist: "cx-reviewer",
      action: "bash",
      target: "git diff HEAD",
      expect: "allowed",
    },
  ]);

  // The draft that drops "git diff" is shown breaking the saved test, and is not saved.
  const onDisk = readFileSync(path.join(root, ".cx/org/specialists/cx-reviewer.json"), "utf8");
  await page.getByRole("button", { name: "Remove git diff" }).click();
  await expect(page.getByTestId("draft-broken-tests")).toContainText("cx-reviewer: bash git diff HEAD is allowed", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("draft-impact")).toContainText('narrows cx-reviewer allowedCommands: - "git diff"');
  expect(readFileSync(path.join(root, ".cx/org/specialists/cx-reviewer.json"), "utf8")).toBe(onDisk);
  // Closing a panel with an unsaved draft asks first; the draft is discarded, never saved.
  await page.getByRole("button", { name: "Close panel" }).click();
  await editor.confirm("Discard changes");
  expect(readFileSync(path.join(root, ".cx/org/specialists/cx-reviewer.json"), "utf8")).toBe(onDisk);

  await page.getByTestId("open-route").click();
  await page.getByTestId("route-input").fill("code review of a pull request");
  await page.getByRole("button", { name: "Rank specialists" }).click();
  await expect(page.getByTestId("route-candidates")).toBeVisible();
  await page.getByTestId("save-route-test").click();
  await expect
    .poll(() => (existsSync(testsFile) ? JSON.parse(readFileSync(testsFile, "utf8")).cases.length : 0))
    .toBe(2);
  expect(JSON.parse(readFileSync(testsFile, "utf8")).cases[1]).toMatchObject({
    task: "code review of a pull request",
    expect: { top: "cx-reviewer" },
  });

  await page.goto(`${own.studio.origin}/tests`);
  await expect(page.getByTestId("tests-summary")).toHaveText("2 passed, 0 failed, 0 invalid");
  await expect(page.getByTestId("test-result")).toHaveCount(2);
});
