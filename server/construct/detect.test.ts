import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { constructPackage, installConstruct } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { detectConstruct } from "./detect";

let project: TempProject;
const orgDir = () => path.join(project.root, ".construct", "org");
const detect = (env: Record<string, string> = {}) =>
  detectConstruct(project.root, orgDir(), { PATH: "/nonexistent", ...env });
const ruleIds = (env?: Record<string, string>) => detect(env).problems.map((p) => p.id);

/** A folder that claims to be the package at `version`, for versions npm does not have. */
function fakePackage(version: string, name = "@geraldmaron/construct"): string {
  const dir = path.join(project.base, `fake-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version }));
  return dir;
}

beforeAll(() => {
  constructPackage();
}, 180_000);

afterEach(() => project?.remove());

describe("which Construct a project runs on", () => {
  it("a project with nothing installed is the earlier org, and says why", () => {
    project = tempProject();
    expect(detect()).toMatchObject({
      generation: "adr",
      version: null,
      packageDir: null,
      source: "none",
      reason: "no Construct 2.x found",
      readOnly: false,
      workspacePreset: null,
      problems: [],
    });
  });

  it("names the workspace preset construct.config.json sets (JSONC), else Construct's default", () => {
    project = tempProject({ dirs: [".construct/org/worker-profiles"] });
    expect(detect().workspacePreset).toBe("rnd");
    project.write({
      "construct.config.json": '// the project\'s config\n{ "version": 1, "workspacePreset": "research", }\n',
    });
    expect(detect().workspacePreset).toBe("research");
  });

  it("a project install of 2.1.1 is Construct 2.x, read from its node_modules", () => {
    project = tempProject();
    const pkg = installConstruct(project.root);
    const found = detect();
    expect(found).toMatchObject({
      generation: "2",
      version: "2.1.1",
      source: "project",
      readOnly: false,
      problems: [],
    });
    expect(found.packageDir).toBe(pkg.dir);
    expect(found.reason).toBe("@geraldmaron/construct@2.1.1 in node_modules");
  });

  it("CONSTRUCT_PACKAGE_DIR names the package, over a project install", () => {
    project = tempProject();
    installConstruct(project.root);
    const other = fakePackage("2.1.1");
    expect(detect({ CONSTRUCT_PACKAGE_DIR: other })).toMatchObject({ source: "env", packageDir: other });
  });

  it("CONSTRUCT_PACKAGE_DIR naming a folder without the package is an error naming it", () => {
    project = tempProject();
    const bad = path.join(project.base, "nothing-here");
    const found = detect({ CONSTRUCT_PACKAGE_DIR: bad });
    expect(found.problems).toEqual([
      expect.objectContaining({
        id: "construct-package-invalid",
        severity: "error",
        message: expect.stringContaining(bad),
      }),
    ]);
    expect(found.generation).toBe("adr");
  });

  it("`construct` on PATH is followed to its package (a global install)", () => {
    project = tempProject();
    const pkg = constructPackage();
    const bin = path.join(project.base, "bin");
    mkdirSync(bin);
    symlinkSync(pkg.bin, path.join(bin, "construct"));
    expect(detect({ PATH: bin })).toMatchObject({ generation: "2", source: "path", packageDir: pkg.dir });
  });

  it("a worker-profiles folder alone makes it 2.x, with a warning that Construct is missing and how to install it", () => {
    project = tempProject({ dirs: [".construct/org/worker-profiles"] });
    const found = detect();
    expect(found).toMatchObject({ generation: "2", version: null, packageDir: null, source: "none" });
    expect(found.problems).toEqual([
      expect.objectContaining({
        id: "construct-missing",
        severity: "warning",
        message: expect.stringContaining("npm install --save-dev @geraldmaron/construct@2.1.1"),
      }),
    ]);
  });

  it("--construct-version adr opens the earlier org even with 2.x installed; 2.1.1 opens 2.x without it", () => {
    project = tempProject();
    installConstruct(project.root);
    expect(detect({ CONSTRUCT_VERSION: "adr" })).toMatchObject({ generation: "adr", packageDir: null });
    project.remove();
    project = tempProject();
    expect(detect({ CONSTRUCT_VERSION: "2.1.1" })).toMatchObject({ generation: "2", version: "2.1.1" });
    expect(ruleIds({ CONSTRUCT_VERSION: "2.1.1" })).toEqual(["construct-missing"]);
  });

  it("--construct-version naming another version than the installed one says the registry shown is the installed one's", () => {
    project = tempProject();
    installConstruct(project.root);
    const found = detect({ CONSTRUCT_VERSION: "2.2.0" });
    expect(found).toMatchObject({ generation: "2", version: "2.2.0", readOnly: true });
    expect(found.problems.map((p) => p.id)).toEqual(["construct-version-mismatch", "construct-version-unknown"]);
    expect(found.problems[0].message).toContain("@geraldmaron/construct@2.1.1");
  });

  it("a 2.x version the studio does not know opens read-only, naming the versions it knows", () => {
    project = tempProject();
    const found = detect({ CONSTRUCT_PACKAGE_DIR: fakePackage("2.9.0") });
    expect(found).toMatchObject({ generation: "2", version: "2.9.0", readOnly: true });
    expect(found.problems).toEqual([
      expect.objectContaining({ id: "construct-version-unknown", message: expect.stringContaining("knows 2.1.1") }),
    ]);
  });

  it("a package before 2.0 is the earlier org", () => {
    project = tempProject();
    expect(detect({ CONSTRUCT_PACKAGE_DIR: fakePackage("1.4.0") })).toMatchObject({
      generation: "adr",
      readOnly: false,
    });
  });

  it("an empty worker-profiles folder beside the earlier org's folders leaves it the earlier org", () => {
    project = tempProject({ dirs: [".construct/org/worker-profiles", ".construct/org/specialists"] });
    expect(detect()).toMatchObject({ generation: "adr", problems: [] });
    project.write({ ".construct/org/worker-profiles/widget.json": { name: "widget" } });
    expect(detect().generation).toBe("2");
  });

  it("a project tier with both generations' folders says which it shows and how to move the rest", () => {
    project = tempProject({
      dirs: [".construct/org/worker-profiles", ".construct/org/specialists", ".construct/org/teams"],
    });
    installConstruct(project.root);
    const found = detect();
    expect(found.generation).toBe("2");
    expect(found.problems).toEqual([
      expect.objectContaining({
        id: "construct-both-generations",
        message: expect.stringMatching(/specialists\/, teams\/.*construct-studio migrate --to 2/),
      }),
    ]);
  });
});
