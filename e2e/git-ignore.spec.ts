import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { contentsOf } from "../test/support/tree";
import { apiAt, expectHttpError, extraPort, raw, specialist, studioOfItsOwn } from "./support";

/**
 * A project whose .gitignore has `.construct/` (what `construct init` appends): the warning on the
 * editor's problem list and on /changes, the HTTP contract of the fix, then the fix from the browser,
 * diff first, after which git sees the tier and the warning goes.
 */

test.describe.configure({ mode: "serial" });

const PORT = extraPort(6);
const IGNORE = "node_modules/\n.construct/\ndist/\n";
// The fix re-includes every folder and file the studio writes, not only the org tier.
const FIXED =
  "node_modules/\n.construct/*\n!.construct/org/\n!.construct/packs.json\n!.construct/packs/\n!.construct/embed/\n!.construct/studio/\n!.construct/tests/\ndist/\n";
const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=Test", ...args], {
    cwd: root,
    encoding: "utf8",
  });

const own = studioOfItsOwn({
  prefix: "studio-git-ignore-",
  port: PORT,
  dirs: [".construct/runtime"],
  files: {
    ".gitignore": IGNORE,
    ".construct/org/specialists/cx-newbie.json": specialist("cx-newbie"),
    // Its fence's `docs/**` matches a file, so the only warning is the ignore rule's.
    "docs/README.md": "# Docs\n",
  },
  setup: (root) => {
    git(root, "init", "-q");
    git(root, "add", ".gitignore");
    git(root, "commit", "-qm", "ignore the construct folder, as construct init does");
  },
});
const api = apiAt(PORT);
/** Which of `paths` git ignores (exit 1 is "none"). */
const ignoredByGit = (...paths: string[]) =>
  spawnSync("git", ["check-ignore", "--no-index", ...paths], { cwd: own.root, encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean);
const origin = `http://127.0.0.1:${PORT}`;
const ignoreFile = () => readFileSync(path.join(own.root, ".gitignore"), "utf8");
/** The project's files; git's objects, the studio's runtime state and the homes inside the root aside. */
const onDisk = () => contentsOf(own.root, { exclude: (rel) => /^(\.git|home|xdg|\.construct\/runtime)\//.test(rel) });

test("GET /api/git-ignore names the rule and the diff; the fix needs the previewed version and writes nothing else", async () => {
  const status = await api("GET", "/api/git-ignore");
  expect(status.status).toBe(200);
  expect(status.json).toMatchObject({ ignored: true, tier: ".construct/org", file: ".gitignore", line: 2 });
  expect(status.json.diff).toContain(" node_modules/\n-.construct/\n+.construct/*\n+!.construct/org/\n");
  expect(status.headers.etag).toBe(status.json.etag);
  const before = onDisk();

  expectHttpError(await api("POST", "/api/git-ignore/fix", {}), 428, { code: "precondition_required" });
  const stale = await api("POST", "/api/git-ignore/fix", {}, { "if-match": '"sha256:stale"' });
  expectHttpError(stale, 409, { code: "conflict", message: expect.stringContaining(".gitignore changed since") });
  expect(stale.json.current.record.diff).toBe(status.json.diff);
  const crossSite = await raw("POST", "/api/git-ignore/fix", {
    port: PORT,
    headers: { origin: "http://evil.example", "content-type": "application/json", "if-match": status.json.etag },
    body: "{}",
  });
  expect(crossSite.status).toBe(403);
  const dry = await api("POST", "/api/git-ignore/fix?dryRun=1", {}, { "if-match": status.json.etag });
  expect(dry.status).toBe(200);
  expect(dry.json).toMatchObject({ applied: false, diff: status.json.diff });
  expect(onDisk()).toEqual(before);
});

test("the warning on the editor and /changes; the fix shows its diff, applies on confirm, and the warning goes", async ({
  page,
}) => {
  await page.goto(`${origin}/changes`);
  const banner = page.getByTestId("ignore-warning");
  await expect(banner).toBeVisible();
  // Every folder and file the studio writes is named, not only the org tier.
  await expect(banner).toContainText("Git ignores what the studio writes: .construct/org/, .construct/packs.json");
  await expect(banner).toContainText(".gitignore:2 (.construct/) ignores them");
  await expect(banner).toContainText("no diff, no review, not committed");
  await page.screenshot({ path: "test-results/git-ignore-changes-warning.png" });

  await page.goto(`${origin}/`);
  const badge = page.getByTestId("org-status");
  await expect(badge).toContainText("1 warning");
  await badge.click();
  const list = page.getByTestId("problem-list");
  await expect(list.getByTestId("ignore-warning")).toBeVisible();
  await page.screenshot({ path: "test-results/git-ignore-problem-list.png" });

  // Keyboard only: the fix is a button in the list; the dialog opens on Cancel, the safe answer.
  const open = list.getByTestId("ignore-fix-open");
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("ignore-fix-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog.getByTestId("ignore-diff")).toContainText("-.construct/");
  await expect(dialog.getByTestId("ignore-diff")).toContainText("+!.construct/org/");
  await page.screenshot({ path: "test-results/git-ignore-diff-dialog.png" });
  expect(ignoreFile()).toBe(IGNORE);

  // The diff is focusable for scrolling, before the buttons: Shift+Tab reaches it, Tab the apply button.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByTestId("ignore-diff")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByTestId("ignore-fix-confirm")).toBeFocused();
  // Changed on disk after the preview: Apply writes nothing and shows the file as it is now.
  writeFileSync(path.join(own.root, ".gitignore"), `${IGNORE}build/\n`);
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("ignore-fix-error")).toContainText(".gitignore changed since its diff was shown");
  await expect(dialog.getByTestId("ignore-diff")).toContainText(" build/");
  expect(ignoreFile()).toBe(`${IGNORE}build/\n`);
  await dialog.getByTestId("ignore-fix-confirm").focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  expect(ignoreFile()).toBe(`${FIXED}build/\n`);
  expect(ignoredByGit(".construct/org/specialists/cx-newbie.json", ".construct/runtime/x.json")).toEqual([
    ".construct/runtime/x.json",
  ]);
  await expect(list.getByTestId("ignore-warning")).toBeHidden();
  await expect(badge).not.toContainText("1 warning");

  await page.goto(`${origin}/changes`);
  await expect(page.getByTestId("plan-against")).toBeVisible();
  await expect(page.getByTestId("ignore-warning")).toBeHidden();
});

test("an ignore file edited outside the studio brings the warning back live", async ({ page }) => {
  await page.goto(`${origin}/changes`);
  await expect(page.getByTestId("plan-against")).toBeVisible();
  await expect(page.getByTestId("ignore-warning")).toBeHidden();
  execFileSync("sh", ["-c", `printf '.construct\\n' >> .gitignore`], { cwd: own.root });
  await expect(page.getByTestId("ignore-warning")).toContainText(".gitignore:11 (.construct) ignores them");
});
