import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliInProcess } from "@/test/support/cli-in-process";
import { APP_DIR, type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { COMMANDS } from "./commands";

/**
 * The conventions every command keeps, read from the command registry so a new command is held to
 * them too: `--help` on stdout with exit 0 and its exit codes listed, a usage mistake exits 2 (never
 * 1, the code of a finding), and `--version`. Run in this process: `main` is the whole CLI.
 */

let project: TempProject;

const run = cliInProcess;

beforeAll(() => {
  project = tempProject({ prefix: "cs-cli-conventions-" });
  process.env.CONSTRUCT_HOME = project.home;
});

afterAll(() => project.remove());

describe("every command", () => {
  it("the registry holds every command the studio has", () => {
    expect(COMMANDS.map((c) => c.name)).toEqual([
      "open",
      "validate",
      "export",
      "import",
      "packs",
      "embed",
      "mcp",
      "schemas",
      "fix-ignore",
      "plan",
      "test",
      "migrate",
      "trust",
      "access",
      "activity",
    ]);
  });

  it.each(COMMANDS.map((c) => c.name))(
    "%s --help prints its usage and exit codes on stdout and exits 0",
    async (name) => {
      const before = snapshotContent(project.base);
      for (const flag of ["--help", "-h"]) {
        const help = await run([name, flag, "--root", project.root]);
        expect(help.code, help.stderr).toBe(0);
        expect(help.stderr).toBe("");
        expect(help.stdout).toContain(`construct-studio ${name}`);
        expect(help.stdout).toMatch(/exit codes:\n {2}0 {2}done\n/);
        expect(help.stdout).toContain("  2  a usage mistake");
        expect(help.stdout).toContain("  3  the concept does not exist in the project's generation of Construct");
      }
      expect((await run(["help", name])).stdout).toBe((await run([name, "--help"])).stdout);
      expect(snapshotContent(project.base)).toEqual(before);
    },
  );

  it.each(COMMANDS.map((c) => c.name))(
    "%s with an unknown option is a usage mistake: exit 2, the usage, nothing written",
    async (name) => {
      const before = snapshotContent(project.base);
      const bad = await run([name, "--bogus", "--root", project.root]);
      expect(bad.code, bad.stderr).toBe(2);
      expect(bad.stdout).toBe("");
      expect(bad.stderr).toContain("--bogus");
      expect(bad.stderr).toContain(`construct-studio ${name}`);
      expect(snapshotContent(project.base)).toEqual(before);
    },
  );

  it("--version and -V print the studio's version; an unknown command is a usage mistake", async () => {
    const version = JSON.parse(readFileSync(path.join(APP_DIR, "package.json"), "utf8")).version;
    for (const flag of ["--version", "-V"])
      expect(await run([flag])).toEqual({ code: 0, stdout: `construct-studio ${version}\n`, stderr: "" });
    const unknown = await run(["valdate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "valdate"');
  });
});
