import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { constructPackage } from "@/test/support/construct-package";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { resolvePaths } from "../config";
import { OrgApi } from "../org/org-api";

let project: TempProject;
const before = process.env.CONSTRUCT_PACKAGE_DIR;

beforeAll(() => {
  project = tempProject({ prefix: "cs-badreg-" });
  constructPackage();
}, 180_000);
afterEach(() => {
  if (before === undefined) delete process.env.CONSTRUCT_PACKAGE_DIR;
  else process.env.CONSTRUCT_PACKAGE_DIR = before;
});
afterAll(() => project?.remove());

/** A copy of the package's registry, broken by `mutate`, that CONSTRUCT_PACKAGE_DIR names. */
function packageCopy(name: string, mutate: (registry: string) => void): string {
  const dir = path.join(project.base, name);
  mkdirSync(dir);
  cpSync(path.join(constructPackage().dir, "package.json"), path.join(dir, "package.json"));
  cpSync(path.join(constructPackage().dir, "registry"), path.join(dir, "registry"), { recursive: true });
  mutate(path.join(dir, "registry"));
  return dir;
}

async function openOn(dir: string) {
  process.env.CONSTRUCT_PACKAGE_DIR = dir;
  const snapshot = snapshotContent(project.base);
  const api = new OrgApi(resolvePaths({ root: project.root, home: project.home }));
  const result = await api.validateAll();
  const profiles = (await api.listEntities("worker-profile")).items.map((i) => i.id);
  const capabilities = (await api.listEntities("capability")).count;
  expect(snapshotContent(project.base)).toEqual(snapshot);
  return { result, profiles, capabilities };
}

describe("a broken registry in the installed package", () => {
  it("a cx- worker profile id: an error naming the file and the fix; the rest of the org shown; nothing written", async () => {
    const dir = packageCopy("cx", (registry) => {
      const rec = JSON.parse(readFileSync(path.join(registry, "worker-profiles", "architect.json"), "utf8"));
      writeFileSync(
        path.join(registry, "worker-profiles", "cx-architect.json"),
        JSON.stringify({ ...rec, id: "cx-architect" }),
      );
    });
    const { result, profiles, capabilities } = await openOn(dir);
    expect(result.errors).toEqual([
      expect.objectContaining({
        id: "prefixed-worker-profile-id",
        path: expect.stringMatching(/\/cx\/registry\/worker-profiles\/cx-architect\.json$/),
        message: expect.stringMatching(/must not use cx-.*rename the file and its id/),
      }),
    ]);
    expect(profiles).toEqual(expect.arrayContaining(["architect", "cx-architect", "engineer"]));
    expect(capabilities).toBeGreaterThan(5);
  });

  for (const [name, breakIt, rule] of [
    ["corrupt", (file: string) => writeFileSync(file, '{ "id": "prd-draft", '), /^file-/],
    ["unreadable", (file: string) => mkdirSync(`${file}`, { recursive: true }), /^file-/],
  ] as const)
    it(`a ${name} registry file: an error naming it; the rest of the org shown; nothing written`, async () => {
      const dir = packageCopy(name, (registry) =>
        breakIt(path.join(registry, name === "corrupt" ? "procedures/prd-draft.json" : "policies/zz-folder.json")),
      );
      const { result, profiles } = await openOn(dir);
      const problem = result.errors.find((e) => rule.test(e.id));
      expect(problem?.message).toMatch(name === "corrupt" ? /procedures\/prd-draft\.json/ : /zz-folder\.json/);
      expect(profiles).toContain("architect");
    });
});

describe("a project that sets Construct up wrong", () => {
  it("a workspacePreset the package does not have: an error naming construct.config.json and the presets; the rest shown; nothing written", async () => {
    writeFileSync(
      path.join(project.root, "construct.config.json"),
      '{\n  // JSONC, as Construct reads it\n  "workspacePreset": "nope",\n}\n',
    );
    try {
      const { result, profiles } = await openOn(constructPackage().dir);
      const problem = result.errors.find((e) => e.id === "workspace-preset-unknown");
      expect(problem).toMatchObject({ path: "construct.config.json", location: "#/construct/workspacePreset" });
      expect(problem?.message).toMatch(
        /^construct\.config\.json: workspacePreset "nope" is not a preset of Construct 2\.1\.1, which has .*rnd.*; set "workspacePreset" to one of them$/,
      );
      expect(profiles).toContain("architect");
    } finally {
      writeFileSync(path.join(project.root, "construct.config.json"), '{ "workspacePreset": "rnd" }\n');
    }
    const { result } = await openOn(constructPackage().dir);
    expect(result.errors.filter((e) => e.id === "workspace-preset-unknown")).toEqual([]);
  });
});
