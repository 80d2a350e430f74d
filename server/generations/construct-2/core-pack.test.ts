import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldError } from "@/schemas/field-error";
import { composeServices } from "@/server/compose";
import { isAppError } from "@/server/errors";
import { installPack } from "@/server/packs/pack-install";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { runCli } from "@/test/support/processes";
import { type TempProject, tempProject, writeFiles } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";

// Packs in a Construct 2.1.1 project, with the real package from npm as the judge of what is listed and enabled.

let project: TempProject;
/** Where Construct 2.1.1 reads user packs: `$HOME/.config/construct/packs`, HOME being the test's home. */
let userPacks: string;
const packsJson = () => path.join(project.root, ".construct", "packs.json");
const run = (args: string[]) => construct(args, { cwd: project.root, home: project.home });

type Listed = { packs: { id: string; version: string; tier: string; enabled: boolean }[]; errors: string[] };
function constructList(): Listed {
  const listed = run(["pack", "list", "--json"]);
  expect(listed.status, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as Listed;
}

function services() {
  const env = process.env;
  const saved = { root: env.CONSTRUCT_ROOT, home: env.CONSTRUCT_HOME, xdg: env.XDG_CONFIG_HOME, HOME: env.HOME };
  env.CONSTRUCT_ROOT = project.root;
  env.CONSTRUCT_HOME = path.join(project.home, ".construct");
  // Construct 2.x ignores XDG_CONFIG_HOME; a value here must not move the studio's user packs either.
  env.XDG_CONFIG_HOME = path.join(project.base, "elsewhere");
  env.HOME = project.home;
  try {
    return composeServices();
  } finally {
    for (const [key, value] of [
      ["CONSTRUCT_ROOT", saved.root],
      ["CONSTRUCT_HOME", saved.home],
      ["XDG_CONFIG_HOME", saved.xdg],
      ["HOME", saved.HOME],
    ] as const)
      if (value === undefined) delete env[key];
      else env[key] = value;
  }
}

beforeAll(() => {
  project = tempProject({ prefix: "cs-v2-packs-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  userPacks = path.join(project.home, ".config", "construct", "packs");
}, 180_000);

afterAll(() => project?.remove());

const profile = {
  name: "widget-worker",
  description: "Owns widget implementation from the acme pack, end to end",
  role: "engineer",
  modelTier: "standard",
  skills: ["development/typescript"],
  fence: { allowedPaths: ["src/**"] },
  handoffCandidates: [],
};

describe("packs in a Construct 2.1.1 project", () => {
  it("lists the core pack as Construct does: built in, always enabled, never disabled", async () => {
    const s = services();
    const listed = await s.listPacks();
    const core = listed.packs.find((p) => p.id === "@construct/core");
    expect(core).toMatchObject({ version: "0.0.0", tier: "builtin", enabled: true, core: true, errors: [] });
    expect(core?.contributes.workerProfiles).toContain("architect");
    expect(constructList().packs).toEqual([expect.objectContaining({ id: "@construct/core", enabled: true })]);
    const before = snapshotContent(project.root);
    await expect(s.setPackEnabled("@construct/core", false)).rejects.toThrow(
      "pack '@construct/core' is the core pack and cannot be disabled",
    );
    expect(snapshotContent(project.root)).toEqual(before);
  });

  it("installs a pack the studio made so Construct lists it, and enabling it writes what `construct pack enable` writes", async () => {
    const source = path.join(project.base, "acme-src");
    writeFiles(source, {
      "pack.manifest.json": {
        id: "@acme/widgets",
        version: "1.2.0",
        compatVersion: 1,
        workerProfiles: ["widget-worker"],
      },
      "org/worker-profiles/widget-worker.json": profile,
    });
    const s = services();
    const installed = await installPack(s.packs, { folder: source }, "project");
    expect(installed.path).toBe(".construct/packs/@acme+widgets");
    const disabled = constructList().packs.find((p) => p.id === "@acme/widgets");
    expect(disabled).toEqual(expect.objectContaining({ version: "1.2.0", tier: "project", enabled: false }));
    const row = (await s.listPacks()).packs.find((p) => p.id === "@acme/widgets");
    expect(row).toMatchObject({ version: "1.2.0", tier: "project", enabled: false, errors: [] });
    expect(row?.compat).toMatchObject({ range: "1", ok: true });
    expect(row?.contributes.workerProfiles).toEqual(["widget-worker"]);

    await s.packPreview.enable("@acme/widgets");
    const file = JSON.parse(readFileSync(packsJson(), "utf8"));
    expect(file).toEqual({
      version: 1,
      enabled: { "@acme/widgets": { version: "1.2.0", enabledAt: expect.any(String), tier: "project" } },
    });
    expect(Object.keys(file.enabled["@acme/widgets"])).toEqual(["version", "enabledAt", "tier"]);
    expect(new Date(file.enabled["@acme/widgets"].enabledAt).toISOString()).toBe(
      file.enabled["@acme/widgets"].enabledAt,
    );
    expect(constructList().packs.find((p) => p.id === "@acme/widgets")?.enabled).toBe(true);

    // Construct 2.1.1's profile loader never loads a pack's worker profile: neither does the studio's org.
    const listedByConstruct = run(["worker-profile", "list"]);
    expect(listedByConstruct.status, listedByConstruct.stderr).toBe(0);
    expect(listedByConstruct.stdout).toContain("architect");
    expect(listedByConstruct.stdout).not.toContain("widget-worker");
    const ids = (await s.org.listEntities("worker-profile")).items.map((i) => i.id);
    expect(ids).toContain("architect");
    expect(ids).not.toContain("widget-worker");
    const enabledRow = (await s.listPacks()).packs.find((p) => p.id === "@acme/widgets");
    expect(enabledRow?.warnings).toEqual([
      "pack '@acme/widgets' holds worker profiles (widget-worker) that Construct 2.1.1 does not load: its profile loader reads the registry, ~/.construct/org and .construct/org only, so they are not part of the org; copy one into .construct/org/worker-profiles/ to use it",
    ]);

    await s.setPackEnabled("@acme/widgets", false);
    expect(readFileSync(packsJson(), "utf8")).toBe('{\n  "version": 1,\n  "enabled": {}\n}\n');
    expect(constructList().packs.find((p) => p.id === "@acme/widgets")?.enabled).toBe(false);
  });

  it("shows a pack Construct enabled as enabled, with its version, and `construct-studio validate` finds nothing in it", async () => {
    writeFiles(userPacks, {
      "tools/pack.manifest.json": { id: "house-tools", version: "0.3.1", compatVersion: 1, workerProfiles: [] },
    });
    const enabled = run(["pack", "enable", "house-tools"]);
    expect(enabled.status, enabled.stderr).toBe(0);
    const row = (await services().listPacks()).packs.find((p) => p.id === "house-tools");
    expect(row).toMatchObject({ version: "0.3.1", tier: "user", enabled: true, errors: [] });
    const validate = await runCli(["validate", "--root", project.root, "--format", "json"], {
      cwd: project.base,
      env: { CONSTRUCT_HOME: path.join(project.home, ".construct"), HOME: project.home },
    });
    const { problems } = JSON.parse(validate.stdout) as { problems: FieldError[] };
    expect(problems.filter((p) => p.location.startsWith("#/packs") || p.message.includes("house-tools"))).toEqual([]);
    // The exit status answers for the org's other problems only (the registry's own rules are not the packs').
    expect(validate.code).toBe(problems.some((p) => p.severity === "error") ? 1 : 0);
    const list = await runCli(["packs", "list", "--root", project.root], {
      cwd: project.base,
      env: { CONSTRUCT_HOME: path.join(project.home, ".construct"), HOME: project.home },
    });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain("Construct 2.1.1 · pack compatVersion 1, solo mode");
    expect(list.stdout).toContain("house-tools@0.3.1  user  enabled  compat 1 ok");
    expect(run(["pack", "disable", "house-tools"]).status).toBe(0);
  });

  it("previews a pack's install naming its files inside the pack, and its card names each problem with its rule", async () => {
    const source = path.join(project.base, "gadgets-src");
    writeFiles(source, {
      "pack.manifest.json": {
        id: "@acme/gadgets",
        version: "1.0.0",
        compatVersion: 1,
        workerProfiles: ["gadget-worker"],
        prompts: { "gadget-worker": "prompts/gadget-worker.md" },
      },
      "org/worker-profiles/gadget-worker.json": { ...profile, name: "gadget-worker", description: "too short" },
    });
    const s = services();
    const before = snapshotContent(project.root);
    const preview = await s.packPreview.previewInstall({ folder: source }, "project", "gadgets-src");
    const text = JSON.stringify(preview);
    expect(text).not.toMatch(/cs-pack-preview-|\.staging-/);
    expect(preview.warnings.join("\n")).toContain("is missing: prompts/gadget-worker.md");
    expect(snapshotContent(project.root)).toEqual(before);

    writeFiles(project.root, {
      ".construct/packs/gadgets/pack.manifest.json": { id: "gadgets", version: "1.0.0", compatVersion: 1 },
      ".construct/packs/gadgets/org/worker-profiles/gadget-worker.json": {
        ...profile,
        name: "gadget-worker",
        description: "too short",
      },
      ".construct/packs/garbled/pack.manifest.json": { id: "garbled", version: "1.0.0", compatVersion: 1 },
      ".construct/packs/garbled/org/worker-profiles/broken.json": '{ "name": ',
    });
    const rows = (await s.listPacks()).packs;
    expect(rows.find((p) => p.id === "gadgets")?.problems).toEqual([
      expect.objectContaining({
        rule: "worker-profile-description",
        file: "org/worker-profiles/gadget-worker.json",
        blocks: false,
      }),
    ]);
    expect(rows.find((p) => p.id === "garbled")?.problems).toEqual([
      expect.objectContaining({ file: "org/worker-profiles/broken.json", blocks: true }),
    ]);
  });

  it("flags a semver-range compatVersion as something the installed Construct refuses, and enables nothing", async () => {
    writeFiles(project.root, {
      ".construct/packs/old/pack.manifest.json": { id: "old-format", version: "1.0.0", compatVersion: "^1.0.0" },
    });
    expect(constructList().errors.join("\n")).toContain("compatVersion must be an integer");
    const s = services();
    const row = (await s.listPacks()).packs.find((p) => p.id === "old-format");
    expect(row?.errors).toEqual([
      '.construct/packs/old/pack.manifest.json: compatVersion "^1.0.0" is a semver range, which Construct 2.1.1 refuses ("compatVersion must be an integer"): write "compatVersion": 1',
    ]);
    const before = snapshotContent(project.root);
    const refused = await s.packPreview.enable("old-format").catch((error: unknown) => error);
    expect(isAppError(refused) && refused.message).toContain('write "compatVersion": 1');
    expect(snapshotContent(project.root)).toEqual(before);
    expect(run(["pack", "enable", "old-format"]).status).toBe(1);
    expect(snapshotContent(project.root)).toEqual(before);
  });

  it("refuses to install a pack whose compatVersion is newer than Construct reads, writing nothing", async () => {
    const source = path.join(project.base, "future-src");
    writeFiles(source, { "pack.manifest.json": { id: "future", version: "1.0.0", compatVersion: 2 } });
    const before = snapshotContent(project.root);
    await expect(installPack(services().packs, { folder: source }, "project")).rejects.toThrow(
      "compatVersion 2 exceeds supported version 1",
    );
    expect(snapshotContent(project.root)).toEqual(before);
  });
});
