import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("../scripts/check-comments.mjs", import.meta.url));

// Assembled from pieces, so this file passes the check it tests.
const BANNED_LINES = [
  `// see ${"design"}.md for why`,
  `// the rule of ${"upstream"}.md`,
  `// fixes ${"issue"} 16`,
  `/* ${"Issue"} #3 asks for it */`,
  `// as ${"ADR"}-0072 decides`,
  `// the list ${"used"} to hold ids`,
  `// ${"previous"}ly kept in state`,
  `# the flag is ${"no"} longer read`,
];

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repo(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), "check-comments-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const check = (cwd: string, args: string[] = []) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { cwd, encoding: "utf8" });

describe("scripts/check-comments.mjs", () => {
  it.each(BANNED_LINES)("fails on a file with %s, naming file and line", (line) => {
    const cwd = repo({ "lib/a.ts": `export const a = 1;\n${line}\n` });
    const result = check(cwd, ["lib/a.ts"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("lib/a.ts:2:");
  });

  it("passes on a clean file", () => {
    const cwd = repo({ "lib/a.ts": "// Ids are file names, so one grammar for all of them.\nexport const a = 1;\n" });
    const result = check(cwd, ["lib/a.ts"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
  });

  it("passes on its own text", () => {
    expect(check(path.dirname(SCRIPT), [SCRIPT]).status).toBe(0);
  });

  it("with no arguments, checks tracked sources and shell scripts, not docs/ or a README", () => {
    const cwd = repo({
      "docs/rules.md": `${BANNED_LINES[0]}\n`,
      "docs/tool.ts": `${BANNED_LINES[2]}\n`,
      "README.md": `${BANNED_LINES[4]}\n`,
      "notes.txt": `${BANNED_LINES[5]}\n`,
      "lib/clean.ts": "export const a = 1;\n",
      "app/style.css": `/* ${"previous"}ly blue */\n`,
      ".ci/run": `#!/usr/bin/env bash\n${BANNED_LINES[7]}\n`,
    });
    const git = (...args: string[]) => spawnSync("git", args, { cwd, encoding: "utf8" });
    git("init", "-q");
    git("add", ".");
    const result = check(cwd);
    expect(result.status).toBe(1);
    const files = result.stdout
      .split("\n")
      .filter((line) => /^\S+:\d+:/.test(line))
      .map((line) => line.split(":")[0])
      .sort();
    expect(files).toEqual([".ci/run", "app/style.css"]);
  });
});
