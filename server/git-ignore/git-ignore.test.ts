import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reincludeTier } from "@/lib/git-ignore/reinclude";
import { runCli } from "@/test/support/processes";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { contentsOf } from "@/test/support/tree";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { MAX_IGNORE_BYTES } from "./git-ignore-service";

/** Real git repositories in temporary folders: git itself says what is ignored before and after. */

let project: TempProject;
let root: string;

const git = (args: string[], cwd = root) =>
  execFileSync("git", ["-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8", stdio: "pipe" });

/** What the studio writes in an earlier org's project folder, which the fix re-includes one by one. */
const ENTRIES = ["org/", "packs.json", "packs/", "embed/", "studio/", "tests/"];
const negations = (dir: string) => ENTRIES.map((e) => `!${dir}/${e}\n`).join("");
const added = (dir: string) => ENTRIES.map((e) => `+!${dir}/${e}\n`).join("");

/** The paths of `paths` git ignores, by the rules alone (`--no-index`). */
function ignored(...paths: string[]): string[] {
  try {
    return git(["check-ignore", "--no-index", ...paths])
      .trim()
      .split("\n")
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** The project and its repository's ignore files, byte for byte (git's own objects aside). */
const onDisk = () => contentsOf(root, { exclude: (rel) => rel.startsWith(".git/") && !rel.startsWith(".git/info/") });

async function expectRefused(fix: Promise<unknown>, code: string, message: RegExp) {
  const error = await fix.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error) && error.code).toBe(code);
  expect((error as Error).message).toMatch(message);
}

beforeEach(() => {
  project = tempProject({ prefix: "cs-ignore-", dirs: [".construct/org/specialists", ".construct/runtime"] });
  root = project.root;
  git(["init", "-q"]);
});

afterEach(() => project.remove());

describe("the tier-git-ignored warning", () => {
  it("names the file, the line and the fix when .gitignore has construct init's `.construct/`", async () => {
    writeFileSync(path.join(root, ".gitignore"), "node_modules/\n.construct/\n");
    const services = composeServices({ root });
    const { problems, ok } = await services.org.validateAll();
    const warning = problems.find((p) => p.id === "tier-git-ignored");
    expect(ok).toBe(true);
    expect(warning).toMatchObject({ severity: "warning", path: ".gitignore" });
    expect(warning?.message).toContain(
      "git ignores .construct/org/, .construct/packs.json, .construct/packs/, .construct/embed/, .construct/studio/ and .construct/tests/, which the studio writes",
    );
    expect(warning?.message).toContain(".gitignore:2 (`.construct/`)");
    expect(warning?.message).toContain("invisible to git: no diff, no review, not committed");
    expect(warning?.message).toContain("`.construct/*`, `!.construct/org/`, `!.construct/packs.json`");
  });

  it("is absent outside a git repository, and when the tier is not ignored", async () => {
    const outside = tempProject({ prefix: "cs-ignore-none-", files: { ".gitignore": ".construct/\n" } });
    try {
      const problems = (await composeServices({ root: outside.root }).org.validateAll()).problems;
      expect(problems.filter((p) => p.id === "tier-git-ignored")).toEqual([]);
    } finally {
      outside.remove();
    }
    writeFileSync(path.join(root, ".gitignore"), ".construct/runtime/\n");
    const problems = (await composeServices({ root }).org.validateAll()).problems;
    expect(problems.filter((p) => p.id === "tier-git-ignored")).toEqual([]);
  });

  it("keeps git's answer until an ignore file changes, then asks again", async () => {
    writeFileSync(path.join(root, ".gitignore"), ".construct/\n");
    const { gitIgnore } = composeServices({ root });
    const first = gitIgnore.check.check();
    expect(gitIgnore.check.check()).toBe(first);
    expect((await first).ignored).toBe(true);
    expect(gitIgnore.check.check()).toBe(first);
    writeFileSync(path.join(root, ".gitignore"), "dist/\n");
    const second = gitIgnore.check.check();
    expect(second).not.toBe(first);
    expect((await second).ignored).toBe(false);
    writeFileSync(path.join(root, ".git", "info", "exclude"), ".construct\n");
    expect(await gitIgnore.status()).toMatchObject({ ignored: true, file: ".git/info/exclude", line: 1 });
  });
});

describe("fixing the rule", () => {
  it.each([
    ["`.construct/`", ".construct/\n"],
    ["`.construct`", "dist\n.construct\n"],
    ["`/.construct/`", "/.construct/\n"],
    ["`.construct/**`", ".construct/**\n"],
    ["a CRLF file", "a\r\n.construct/\r\nb\r\n"],
    ["no final newline", "dist\n.construct/"],
    ["the rule repeated", ".construct/\ndist\n/.construct\n"],
    ["a negation already present", ".construct/\n!.construct/org/\n"],
  ])("%s: git sees the tier after, the rest of .construct/ stays ignored", async (_name, text) => {
    writeFileSync(path.join(root, ".gitignore"), text);
    expect(ignored(".construct/org/specialists/a.json")).toHaveLength(1);
    const services = composeServices({ root });
    const status = await services.gitIgnore.status();
    expect(status).toMatchObject({ ignored: true, file: ".gitignore", unfixable: null });
    expect(status.diff).toMatch(/^--- a\/\.gitignore\n\+\+\+ b\/\.gitignore\n@@ /);
    const result = await services.fixGitIgnore({ ifMatch: status.etag ?? "" });
    expect(result).toMatchObject({ applied: true, diff: status.diff, status: { ignored: false } });
    expect(ignored(".construct/org/specialists/a.json", ".construct/org/")).toEqual([]);
    expect(ignored(".construct/runtime/x.json", ".construct/cache/y")).toHaveLength(2);
    expect((await services.org.validateAll()).problems.filter((p) => p.id === "tier-git-ignored")).toEqual([]);
  });

  it("fixes `.cx/` for a project without .construct/", async () => {
    const cx = tempProject({ prefix: "cs-ignore-cx-", dirs: [".cx/org"], files: { ".gitignore": ".cx/\n" } });
    try {
      git(["init", "-q"], cx.root);
      const services = composeServices({ root: cx.root });
      const status = await services.gitIgnore.status();
      expect(status.diff).toContain(`-.cx/\n+.cx/*\n${added(".cx")}`);
      await services.fixGitIgnore({ ifMatch: status.etag ?? "" });
      expect(git(["check-ignore", "--no-index", "-v", "-n", ".cx/org/a.json", ".cx/runtime/x"], cx.root)).toMatch(
        /^::\t\.cx\/org\/a\.json\n\.gitignore:1:\.cx\/\*\t\.cx\/runtime\/x\n$/,
      );
    } finally {
      cx.remove();
    }
  });

  it("fixes a Construct 2.x project (worker-profiles/) the same way", async () => {
    const v2 = tempProject({
      prefix: "cs-ignore-v2-",
      dirs: [".construct/org/worker-profiles"],
      files: { ".gitignore": ".construct/\n" },
    });
    try {
      git(["init", "-q"], v2.root);
      const services = composeServices({ root: v2.root });
      expect(services.paths.construct.generation).toBe("2");
      const { problems } = await services.org.validateAll();
      expect(problems.find((p) => p.id === "tier-git-ignored")?.message).toContain(".gitignore:1 (`.construct/`)");
      const status = await services.gitIgnore.status();
      await services.fixGitIgnore({ ifMatch: status.etag ?? "" });
      expect(readFileSync(path.join(v2.root, ".gitignore"), "utf8")).toBe(
        ".construct/*\n!.construct/org/\n!.construct/packs.json\n!.construct/packs/\n!.construct/procedures/\n!.construct/studio/\n!.construct/tests/\n",
      );
    } finally {
      v2.remove();
    }
  });

  it("with dryRun answers the diff and writes nothing", async () => {
    writeFileSync(path.join(root, ".gitignore"), ".construct/\n");
    const services = composeServices({ root });
    const status = await services.gitIgnore.status();
    const before = onDisk();
    const result = await services.fixGitIgnore({ ifMatch: status.etag ?? "", dryRun: true });
    expect(result).toMatchObject({ applied: false, diff: status.diff });
    expect(onDisk()).toEqual(before);
  });
});

describe("refusals name the file and the fix, and write nothing", () => {
  const refused = async (code: string, message: RegExp, refusal: RegExp = message) => {
    const services = composeServices({ root });
    const status = await services.gitIgnore.status();
    expect(status.ignored).toBe(true);
    expect(status.unfixable?.message).toMatch(refusal);
    expect(status.unfixable?.code).toBe(code);
    expect(status.problem?.message).toContain("Fix by hand:");
    const before = onDisk();
    await expectRefused(services.fixGitIgnore({ ifMatch: status.etag ?? "" }), code, message);
    expect(onDisk()).toEqual(before);
  };

  it("a rule in .git/info/exclude", async () => {
    writeFileSync(path.join(root, ".git", "info", "exclude"), "# local\n.construct/\n");
    await refused(
      "invalid",
      /\.git\/info\/exclude:2 .*edits only \.gitignore files.*add `!\/\.construct\/`, `\/\.construct\/\*`, `!\/\.construct\/org\/`, .*`!\/\.construct\/tests\/` after line 2 of \.git\/info\/exclude/,
    );
  });

  it("a rule in the global excludes file", async () => {
    const global = path.join(project.base, "global-ignore");
    writeFileSync(global, ".construct/\n");
    git(["config", "core.excludesFile", global]);
    await refused("invalid", new RegExp(`${global}:1 .*edits only \\.gitignore files.*after line 1 of ${global}`));
  });

  it.each([
    ["`*`", "*\n"],
    ["`.*`", "!.gitignore\n.*\n"],
  ])("a broad rule (%s) it cannot rewrite safely", async (_name, text) => {
    writeFileSync(path.join(root, ".gitignore"), text);
    await refused("invalid", /not a rule the studio can rewrite safely; add `!\/\.construct\/`/);
  });

  it("a .gitignore that is a symbolic link: git does not read it, so no warning, and the fix writes nothing", async () => {
    writeFileSync(path.join(project.base, "real-ignore"), ".construct/\n");
    symlinkSync(path.join(project.base, "real-ignore"), path.join(root, ".gitignore"));
    const services = composeServices({ root });
    expect((await services.gitIgnore.status()).ignored).toBe(false);
    const before = { ...onDisk(), real: readFileSync(path.join(project.base, "real-ignore"), "utf8") };
    await expectRefused(services.fixGitIgnore({ ifMatch: '"x"' }), "conflict", /nothing to fix/);
    expect({ ...onDisk(), real: readFileSync(path.join(project.base, "real-ignore"), "utf8") }).toEqual(before);
  });

  it("a .gitignore over the size limit", async () => {
    writeFileSync(path.join(root, ".gitignore"), `.construct/\n${"#\n".repeat(MAX_IGNORE_BYTES / 2)}`);
    await refused("payload_too_large", /\.gitignore is larger than/);
  });

  it("a .gitignore changed between the preview and the apply: a conflict carrying the current diff", async () => {
    writeFileSync(path.join(root, ".gitignore"), ".construct/\n");
    const services = composeServices({ root });
    const previewed = await services.gitIgnore.status();
    writeFileSync(path.join(root, ".gitignore"), "dist/\n.construct/\n");
    const before = onDisk();
    const error = await services.fixGitIgnore({ ifMatch: previewed.etag ?? "" }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("conflict");
    expect((error as Error).message).toMatch(/\.gitignore changed since its diff was shown; nothing was written/);
    const current = (error as { current: { record: { diff: string }; etag: string } }).current;
    expect(current.record.diff).toContain(` dist/\n-.construct/\n+.construct/*\n${added(".construct")}`);
    expect(current.etag).not.toBe(previewed.etag);
    expect(onDisk()).toEqual(before);
  });

  it("nothing to fix when git does not ignore the tier", async () => {
    writeFileSync(path.join(root, ".gitignore"), "dist/\n");
    const before = onDisk();
    await expectRefused(composeServices({ root }).fixGitIgnore({ ifMatch: '"x"' }), "conflict", /nothing to fix/);
    expect(onDisk()).toEqual(before);
  });
});

describe("the CLI", () => {
  const cli = (args: string[]) => runCli(args, { cwd: root, env: { CONSTRUCT_HOME: project.home } });

  it("validate prints the warning and exits 0; fix-ignore --dry-run prints the diff, exits 0 and writes nothing", async () => {
    writeFileSync(path.join(root, ".gitignore"), "node_modules/\n.construct/\n");
    const validate = await cli(["validate"]);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain(
      ".gitignore  #/git-ignore\n  warning tier-git-ignored: git ignores .construct/org/",
    );
    const before = onDisk();
    const dry = await cli(["fix-ignore", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(` node_modules/\n-.construct/\n+.construct/*\n${added(".construct")}`);
    expect(onDisk()).toEqual(before);
  });

  it("fix-ignore applies the diff; validate is clean after", async () => {
    writeFileSync(path.join(root, ".gitignore"), "node_modules/\n.construct/\n");
    const fix = await cli(["fix-ignore"]);
    expect(fix.code).toBe(0);
    expect(fix.stdout).toContain("git sees .construct/org/, .construct/packs.json,");
    expect(fix.stdout).toContain("again; the rest of .construct/ stays ignored");
    expect(readFileSync(path.join(root, ".gitignore"), "utf8")).toBe(
      `node_modules/\n.construct/*\n${negations(".construct")}`,
    );
    const validate = await cli(["validate"]);
    expect(validate.stdout).not.toContain("tier-git-ignored");
    expect((await cli(["fix-ignore"])).stdout).toContain("nothing to fix");
  });

  it("fix-ignore refuses a rule it will not edit with exit 1 and writes nothing", async () => {
    writeFileSync(path.join(root, ".git", "info", "exclude"), ".construct/\n");
    const before = onDisk();
    const fix = await cli(["fix-ignore"]);
    expect(fix.code).toBe(1);
    expect(fix.stderr).toContain(".git/info/exclude:1");
    expect(fix.stderr).toContain("Fix by hand:");
    expect(onDisk()).toEqual(before);
  });
});

describe("the diff shown", () => {
  it.each([
    ["LF", "node_modules/\n.construct/\ndist/\n"],
    ["CRLF", "a\r\nb\r\nc\r\nd\r\n.construct/\r\ne\r\nf\r\ng\r\nh\r\n"],
    ["no final newline", "a\n.construct/"],
    ["two rules far apart", ".construct/\n1\n2\n3\n4\n5\n6\n7\n8\n/.construct\n9\n"],
  ])("is the hunks `diff -u` prints (%s)", async (_name, text) => {
    writeFileSync(path.join(root, ".gitignore"), text);
    const status = await composeServices({ root }).gitIgnore.status();
    const after = path.join(project.base, "after");
    writeFileSync(after, reincluded(text) ?? "");
    const diffU = spawnSync("diff", ["-u", path.join(root, ".gitignore"), after], { encoding: "utf8" }).stdout;
    expect(status.diff?.split("\n").slice(2)).toEqual(diffU.split("\n").slice(2));
  });
});

/** The fix of the last rule naming .construct, as the service computes it. */
function reincluded(text: string): string | null {
  const result = reincludeTier({
    text,
    line: text.split("\n").findLastIndex((l) => l.includes(".construct")) + 1,
    dirRel: ".construct",
    entries: ENTRIES,
  });
  return result.ok ? result.text : null;
}
