import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { APP_DIR, readBuiltin, specialistRecord } from "@/test/support/temp-project";
import { filesUnder, treeOf } from "@/test/support/tree";
import { resolvePaths } from "../config";
import { AppError } from "../errors";
import { OrgApi } from "../org/org-api";
import { etagOf } from "../store/json-store";
import { PackService } from "./pack-service";
import {
  clearPackEnv,
  exists,
  makePackEnv,
  manifest,
  type PackEnv,
  promptText,
  restoreEnv,
  saveEnv,
  writePack,
  writePacksFile,
} from "./test-support/pack-fixtures";

let env: PackEnv;
let service: PackService;
let savedEnv: Record<string, string | undefined>;
const apis: OrgApi[] = [];

beforeEach(async () => {
  savedEnv = saveEnv();
  clearPackEnv();
  env = await makePackEnv();
  service = new PackService(env.paths);
});

afterEach(async () => {
  for (const api of apis.splice(0)) api.close();
  restoreEnv(savedEnv);
  await env.cleanup();
});

function orgApi(): OrgApi {
  const api = new OrgApi(env.paths, { packs: new PackService(env.paths) });
  apis.push(api);
  return api;
}

async function row(id: string, tier?: "user" | "project") {
  const { packs } = await service.list();
  const found = packs.filter((p) => p.id === id && (!tier || p.tier === tier));
  expect(found, `exactly one pack '${id}'${tier ? ` in the ${tier} tier` : ""}`).toHaveLength(1);
  return found[0];
}

async function expectRefused(promise: Promise<unknown>, code: string, ...fragments: string[]): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  for (const fragment of fragments) expect((error as AppError).message).toContain(fragment);
  return error as AppError;
}

const packsJson = () => env.paths.packsFile;
const seenFile = () => path.join(env.root, ".cx", "runtime", "packs-seen.json");

describe("discovery", () => {
  it("finds packs in the user and the project pack folders, including a scoped @org/name folder", async () => {
    await writePack(env.userPacks, "user-pack", manifest("user-pack", { version: "2.0.0" }));
    await writePack(
      env.projectPacks,
      "@acme/research",
      manifest("@acme/research", { prompts: { "cx-researcher": "prompts/researcher.md" } }),
      {
        "prompts/researcher.md": promptText("researcher"),
      },
    );
    expect(env.userPacks).toBe(path.join(env.configHome, "construct", "packs"));
    expect(env.projectPacks).toBe(path.join(env.root, ".cx", "packs"));

    const listed = await service.list();
    expect(listed.errors).toEqual([]);
    expect(listed.missing).toEqual([]);
    expect(listed.mode).toBe("solo");
    expect(listed.packs.map((p) => `${p.tier}:${p.id}`).sort()).toEqual(["project:@acme/research", "user:user-pack"]);

    const scoped = await row("@acme/research");
    expect(scoped).toMatchObject({
      tier: "project",
      version: "1.0.0",
      path: ".cx/packs/@acme/research",
      enabled: false,
      shadowedBy: null,
      errors: [],
      warnings: [],
      compat: { range: ">=0.1.0", core: "0.1.0", ok: true },
    });
    expect(scoped.contributes.prompts).toEqual(["cx-researcher"]);
    expect(scoped.dir).toBe(path.join(env.projectPacks, "@acme", "research"));

    const user = await row("user-pack");
    expect(user).toMatchObject({ tier: "user", version: "2.0.0", enabled: false, shadowedBy: null, errors: [] });
    expect(user.path).toMatch(/(^|\/)packs\/user-pack$/);
    expect(user.dir).toBe(path.join(env.userPacks, "user-pack"));
  });

  it("the id comes from the manifest, not the folder name", async () => {
    await writePack(env.projectPacks, "some-folder", manifest("real-id"));
    expect((await row("real-id")).path).toBe(".cx/packs/some-folder");
  });

  it("the project pack wins on id: the user one reports shadowedBy project and is not enabled", async () => {
    await writePack(env.userPacks, "shared", manifest("shared-pack", { version: "3.0.0" }));
    await writePack(env.projectPacks, "shared", manifest("shared-pack", { version: "1.0.0" }));
    await service.setEnabled("shared-pack", true);

    const user = await row("shared-pack", "user");
    const project = await row("shared-pack", "project");
    expect(user).toMatchObject({ shadowedBy: "project", enabled: false, version: "3.0.0" });
    expect(project).toMatchObject({ shadowedBy: null, enabled: true, version: "1.0.0" });

    const active = await service.active();
    expect(active.errors).toEqual([]);
    expect(active.packs.map((p) => [p.id, p.tier, p.version])).toEqual([["shared-pack", "project", "1.0.0"]]);
  });

  it("two folders with the same id in one tier: an error on both, naming both paths", async () => {
    await writePack(env.projectPacks, "copy-a", manifest("dup-pack"));
    await writePack(env.projectPacks, "copy-b", manifest("dup-pack", { version: "1.1.0" }));
    const { packs } = await service.list();
    const dups = packs.filter((p) => p.id === "dup-pack");
    expect(dups).toHaveLength(2);
    for (const dup of dups) {
      expect(dup.errors.join("\n")).toContain(".cx/packs/copy-a");
      expect(dup.errors.join("\n")).toContain(".cx/packs/copy-b");
      expect(dup.errors.join("\n")).toContain("dup-pack");
    }
    await expectRefused(service.setEnabled("dup-pack", true), "invalid", "dup-pack");
    expect(await exists(packsJson())).toBe(false);
  });

  it("two folders with the same id in the user tier are reported the same way", async () => {
    await writePack(env.userPacks, "one", manifest("dup-user"));
    await writePack(env.userPacks, "two", manifest("dup-user"));
    const dups = (await service.list()).packs.filter((p) => p.id === "dup-user");
    expect(dups).toHaveLength(2);
    for (const dup of dups) expect(dup.errors.join("\n")).toMatch(/packs\/one[\s\S]*packs\/two/);
  });
});

describe("manifest errors", () => {
  it("a manifest that is not JSON: an error naming the manifest path; the pack is not enabled", async () => {
    await writePack(env.projectPacks, "broken", '{ "id": "broken", ');
    const broken = await row("broken");
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]).toContain(".cx/packs/broken/pack.manifest.json");
    expect(broken.errors[0]).toMatch(/JSON/);
    expect(broken.enabled).toBe(false);

    await expectRefused(service.setEnabled("broken", true), "invalid", "broken");
    expect(await exists(packsJson())).toBe(false);
  });

  it("a manifest missing a required field: an error naming the manifest path and the field; the pack is not enabled", async () => {
    const { compatVersion: _c, ...noCompat } = manifest("half-pack");
    void _c;
    await writePack(env.userPacks, "half-pack", noCompat);
    const half = await row("half-pack");
    expect(half.errors).toHaveLength(1);
    expect(half.errors[0]).toMatch(/packs\/half-pack\/pack\.manifest\.json: /);
    expect(half.errors[0]).toContain("missing required field: compatVersion");
    expect(half.enabled).toBe(false);

    await expectRefused(service.setEnabled("half-pack", true), "invalid", "compatVersion");
    expect(await exists(packsJson())).toBe(false);
  });

  it("a broken pack listed in packs.json by hand is not active, and its errors are reported", async () => {
    await writePack(env.projectPacks, "broken", "not json at all");
    await writePacksFile(env.paths, ["broken"]);
    const active = await service.active();
    expect(active.packs).toEqual([]);
    expect(active.errors.join("\n")).toContain(".cx/packs/broken/pack.manifest.json");
  });
});

describe("compatVersion against the running core version", () => {
  it("reads the core version from package.json by default", () => {
    expect(env.paths.coreVersion).toBe("0.1.0");
  });

  it("CONSTRUCT_CORE_VERSION (read when resolvePaths runs): an unsatisfied range is an error naming pack id, range and running version", async () => {
    process.env.CONSTRUCT_CORE_VERSION = "3.0.0";
    const paths = resolvePaths({ root: env.root, home: env.home, appDir: APP_DIR, configHome: env.configHome });
    expect(paths.coreVersion).toBe("3.0.0");
    service = new PackService(paths);
    await writePack(env.projectPacks, "old-pack", manifest("old-pack", { compatVersion: "^1.0.0" }));

    const old = await row("old-pack");
    expect(old.compat).toEqual({ range: "^1.0.0", core: "3.0.0", ok: false });
    expect(old.errors).toHaveLength(1);
    expect(old.errors[0]).toContain("'old-pack'");
    expect(old.errors[0]).toContain("^1.0.0");
    expect(old.errors[0]).toContain("3.0.0");
    await expectRefused(service.setEnabled("old-pack", true), "invalid", "old-pack", "^1.0.0", "3.0.0");
    expect(await exists(paths.packsFile)).toBe(false);
  });

  it("coreVersion in the paths: the same check", async () => {
    service = new PackService({ ...env.paths, coreVersion: "0.0.5" });
    await writePack(env.userPacks, "new-pack", manifest("new-pack", { compatVersion: ">=0.1 <2" }));
    const fresh = await row("new-pack");
    expect(fresh.compat).toEqual({ range: ">=0.1 <2", core: "0.0.5", ok: false });
    expect(fresh.errors[0]).toContain("'new-pack'");
    expect(fresh.errors[0]).toContain(">=0.1 <2");
    expect(fresh.errors[0]).toContain("0.0.5");
  });

  it.each([
    ["^0.1.0", true],
    ["0.1.x", true],
    ["1", false],
    [">=0.2.0", false],
    ["*", true],
  ])("range %j against 0.1.0 → ok %s", async (range, ok) => {
    await writePack(env.projectPacks, "p", manifest("range-pack", { compatVersion: range }));
    const pack = await row("range-pack");
    expect(pack.compat.ok).toBe(ok);
    expect(pack.errors.length === 0).toBe(ok);
  });
});

describe("declared prompts", () => {
  const PACK = "prompt-pack";
  const SPECIALIST = "cx-helper";
  const REL = "prompts/helper.md";

  async function writePromptPack(files: Record<string, string> = {}): Promise<string> {
    return writePack(env.projectPacks, PACK, manifest(PACK, { prompts: { [SPECIALIST]: REL } }), files);
  }

  async function expectPromptError(pattern: RegExp): Promise<void> {
    const pack = await row(PACK);
    expect(pack.errors, "one error for the prompt").toHaveLength(1);
    const [error] = pack.errors;
    expect(error).toContain(`'${PACK}'`);
    expect(error).toContain(`'${SPECIALIST}'`);
    expect(error).toContain(REL);
    expect(error).toMatch(pattern);
    await expectRefused(service.setEnabled(PACK, true), "invalid", PACK);
    expect(await exists(packsJson())).toBe(false);
  }

  it("a valid prompt passes", async () => {
    await writePromptPack({ [REL]: promptText("helper") });
    expect((await row(PACK)).errors).toEqual([]);
  });

  it("a BOM, CRLF line ends and a leading HTML comment before --- are tolerated", async () => {
    await writePromptPack({
      [REL]:
        "\uFEFF<!-- generated: do not edit -->\r\n---\r\nrole: helper\r\nname: cx-helper\r\n---\r\n\r\n# Helper\r\n",
    });
    const pack = await row(PACK);
    expect(pack.errors).toEqual([]);
    await service.setEnabled(PACK, true);
    expect((await row(PACK)).enabled).toBe(true);
  });

  it("a declared prompt that is missing", async () => {
    await writePromptPack();
    await expectPromptError(/missing/);
  });

  it("a prompt that is a symlink to a file outside the pack", async () => {
    const dir = await writePromptPack();
    const outside = path.join(env.base, "outside.md");
    await fs.writeFile(outside, promptText("helper"));
    await fs.mkdir(path.join(dir, "prompts"), { recursive: true });
    await fs.symlink(outside, path.join(dir, REL));
    await expectPromptError(/symbolic link/);
  });

  it("a valid prompt swapped for a symlink (renamed over it) is refused at the next read", async () => {
    const dir = await writePromptPack({ [REL]: promptText("helper") });
    expect((await row(PACK)).errors).toEqual([]);
    const outside = path.join(env.base, "outside.md");
    await fs.writeFile(outside, promptText("helper"));
    await fs.symlink(outside, path.join(dir, "prompts", ".swap"));
    await fs.rename(path.join(dir, "prompts", ".swap"), path.join(dir, REL));
    await expectPromptError(/symbolic link/);
  });

  it("a pack manifest swapped for a symlink to a valid manifest outside is refused, and the pack loads nothing", async () => {
    const dir = await writePromptPack({ [REL]: promptText("helper") });
    const outside = path.join(env.base, "outside.manifest.json");
    await fs.copyFile(path.join(dir, "pack.manifest.json"), outside);
    await fs.symlink(outside, path.join(dir, ".swap"));
    await fs.rename(path.join(dir, ".swap"), path.join(dir, "pack.manifest.json"));
    const pack = await row(PACK);
    expect(pack.errors).toHaveLength(1);
    expect(pack.errors[0]).toContain("pack.manifest.json");
    expect(pack.errors[0]).toMatch(/symbolic link/);
    await expectRefused(service.setEnabled(PACK, true), "invalid", PACK);
  });

  it("a prompt that is a hard link", async () => {
    const dir = await writePromptPack();
    const outside = path.join(env.base, "outside.md");
    await fs.writeFile(outside, promptText("helper"));
    await fs.mkdir(path.join(dir, "prompts"), { recursive: true });
    await fs.link(outside, path.join(dir, REL));
    await expectPromptError(/hard link/);
  });

  it("a prompt reached through a folder that is a symlink to outside the pack", async () => {
    const dir = await writePromptPack();
    const outsideDir = path.join(env.base, "outside-prompts");
    await fs.mkdir(outsideDir);
    await fs.writeFile(path.join(outsideDir, "helper.md"), promptText("helper"));
    await fs.symlink(outsideDir, path.join(dir, "prompts"));
    await expectPromptError(/link|outside/);
  });

  it("frontmatter that is not YAML", async () => {
    await writePromptPack({ [REL]: "---\nrole: [unclosed\nname: : :\n---\n\n# Helper\n" });
    await expectPromptError(/YAML/);
  });

  it("frontmatter without role", async () => {
    await writePromptPack({ [REL]: "---\nname: cx-helper\nversion: 1\n---\n\n# Helper\n" });
    await expectPromptError(/role/);
  });

  it("no frontmatter at all", async () => {
    await writePromptPack({ [REL]: "# Helper\n\nNo frontmatter here.\n" });
    await expectPromptError(/frontmatter/);
  });

  it("a prompt path escaping the pack with .. (hand-written manifest) is a manifest error naming the manifest, specialist and path", async () => {
    const outside = path.join(env.projectPacks, "outside.md");
    await fs.mkdir(env.projectPacks, { recursive: true });
    await fs.writeFile(outside, promptText("helper"));
    await writePack(
      env.projectPacks,
      PACK,
      `{\n  "id": "${PACK}",\n  "version": "1.0.0",\n  "compatVersion": ">=0.1.0",\n  "prompts": { "${SPECIALIST}": "../outside.md" }\n}\n`,
    );
    const pack = await row(PACK);
    expect(pack.manifest).toBeNull();
    expect(pack.errors).toHaveLength(1);
    expect(pack.errors[0]).toContain(`.cx/packs/${PACK}/pack.manifest.json`);
    expect(pack.errors[0]).toContain(`prompts.${SPECIALIST}`);
    expect(pack.errors[0]).toContain("../outside.md");
    await expectRefused(service.setEnabled(PACK, true), "invalid", PACK);
    expect(await exists(packsJson())).toBe(false);
  });
});

describe("deprecation and downgrade warnings", () => {
  it("a deprecated pack loads with a warning giving since, message and replacement", async () => {
    const deprecation = {
      since: "1.2.0",
      message: "Superseded by the research suite.",
      replacement: "@acme/research-suite",
    };
    await writePack(env.projectPacks, "old-research", manifest("old-research", { version: "1.3.0", deprecation }));
    const pack = await row("old-research");
    expect(pack.errors).toEqual([]);
    expect(pack.deprecation).toEqual(deprecation);
    expect(pack.warnings).toHaveLength(1);
    for (const part of ["old-research", "1.2.0", "Superseded by the research suite.", "@acme/research-suite"])
      expect(pack.warnings[0]).toContain(part);
    await service.setEnabled("old-research", true);
    expect((await service.active()).packs.map((p) => p.id)).toEqual(["old-research"]);
  });

  it("a deprecation without a replacement still warns", async () => {
    await writePack(
      env.projectPacks,
      "sunset",
      manifest("sunset", { deprecation: { since: "0.9.0", message: "Unmaintained." } }),
    );
    const pack = await row("sunset");
    expect(pack.warnings).toHaveLength(1);
    expect(pack.warnings[0]).toContain("0.9.0");
    expect(pack.warnings[0]).toContain("Unmaintained.");
  });

  it("after recordSeen(id, 2.0.0) a pack at 1.0.0 warns of a downgrade; packs-seen.json holds 2.0.0", async () => {
    await service.recordSeen("dg-pack", "2.0.0");
    expect(JSON.parse(await fs.readFile(seenFile(), "utf8"))).toEqual({ "dg-pack": "2.0.0" });

    await writePack(env.projectPacks, "dg-pack", manifest("dg-pack", { version: "1.0.0" }));
    const pack = await row("dg-pack");
    expect(pack.errors).toEqual([]);
    expect(pack.warnings).toHaveLength(1);
    expect(pack.warnings[0]).toContain("downgrade");
    expect(pack.warnings[0]).toContain("dg-pack");
    expect(pack.warnings[0]).toContain("1.0.0");
    expect(pack.warnings[0]).toContain("2.0.0");
    await service.setEnabled("dg-pack", true);
    expect((await row("dg-pack")).enabled).toBe(true);
  });

  it("recordSeen keeps the highest version; an equal or newer pack has no warning", async () => {
    await service.recordSeen("dg-pack", "2.0.0");
    await service.recordSeen("dg-pack", "1.5.0");
    await service.recordSeen("other-pack", "0.3.0");
    expect(JSON.parse(await fs.readFile(seenFile(), "utf8"))).toEqual({ "dg-pack": "2.0.0", "other-pack": "0.3.0" });

    await writePack(env.projectPacks, "dg-pack", manifest("dg-pack", { version: "2.0.0" }));
    await writePack(env.userPacks, "other-pack", manifest("other-pack", { version: "0.4.0" }));
    expect((await row("dg-pack")).warnings).toEqual([]);
    expect((await row("other-pack")).warnings).toEqual([]);
  });
});

describe("setEnabled and packs.json", () => {
  it("writes <root>/.cx/packs.json, and disabling removes the entry", async () => {
    await writePack(env.projectPacks, "alpha", manifest("alpha"));
    await writePack(env.userPacks, "@acme/beta", manifest("@acme/beta"));
    expect(packsJson()).toBe(path.join(env.root, ".cx", "packs.json"));

    const enabled = await service.setEnabled("alpha", true);
    expect(enabled).toEqual({
      ok: true,
      enabled: true,
      wasEnabled: false,
      etag: etagOf(await fs.readFile(packsJson(), "utf8")),
    });
    await service.setEnabled("@acme/beta", true);
    const written = JSON.parse(await fs.readFile(packsJson(), "utf8")) as {
      version: number;
      enabled: Record<string, { enabledAt: string }>;
    };
    expect(written.version).toBe(1);
    expect(Object.keys(written.enabled)).toEqual(["alpha", "@acme/beta"]);
    for (const entry of Object.values(written.enabled)) expect(Number.isNaN(Date.parse(entry.enabledAt))).toBe(false);
    expect((await row("alpha")).enabled).toBe(true);
    expect((await row("@acme/beta")).enabled).toBe(true);

    expect(await service.setEnabled("alpha", false)).toEqual({
      ok: true,
      enabled: false,
      wasEnabled: true,
      etag: etagOf(await fs.readFile(packsJson(), "utf8")),
    });
    expect(Object.keys((JSON.parse(await fs.readFile(packsJson(), "utf8")) as { enabled: object }).enabled)).toEqual([
      "@acme/beta",
    ]);
    expect((await row("alpha")).enabled).toBe(false);
  });

  it("refuses an unknown id and writes nothing", async () => {
    await expectRefused(service.setEnabled("nope-pack", true), "not_found", "nope-pack");
    expect(await exists(packsJson())).toBe(false);
  });

  it("refuses a pack with errors and leaves an existing packs.json byte for byte", async () => {
    await writePack(env.projectPacks, "good", manifest("good"));
    await writePack(env.projectPacks, "bad", manifest("bad", { compatVersion: "^9.0.0" }));
    await service.setEnabled("good", true);
    const before = await fs.readFile(packsJson(), "utf8");
    await expectRefused(service.setEnabled("bad", true), "invalid", "bad", "^9.0.0");
    expect(await fs.readFile(packsJson(), "utf8")).toBe(before);
  });

  it("a pack enabled in packs.json but absent on disk is missing, with an error naming it", async () => {
    await writePack(env.projectPacks, "present", manifest("present"));
    await writePacksFile(env.paths, ["present", "ghost-pack"]);
    const listed = await service.list();
    expect(listed.missing).toEqual(["ghost-pack"]);
    expect(listed.errors).toHaveLength(1);
    expect(listed.errors[0]).toContain("'ghost-pack'");
    const active = await service.active();
    expect(active.packs.map((p) => p.id)).toEqual(["present"]);
    expect(active.errors.join("\n")).toContain("'ghost-pack'");
  });
});

describe("the org merge (OrgApi with packs)", () => {
  const HELPER_PACK = "helper-pack";

  async function writeHelperPack(extraFiles: Record<string, string> = {}): Promise<string> {
    return writePack(env.projectPacks, HELPER_PACK, manifest(HELPER_PACK), {
      "org/specialists/pack-helper.json": `${JSON.stringify(specialistRecord("pack-helper"), null, 2)}\n`,
      ...extraFiles,
    });
  }

  it("an enabled pack's specialist joins listEntities with scope pack and the pack id as source", async () => {
    await writeHelperPack();
    await service.setEnabled(HELPER_PACK, true);
    const api = orgApi();
    const listed = await api.listEntities("specialist");
    const item = listed.items.find((i) => i.id === "pack-helper");
    expect(item).toBeDefined();
    expect(item).toMatchObject({
      scope: "pack",
      path: `.cx/packs/${HELPER_PACK}/org/specialists/pack-helper.json`,
      overrides: [],
    });
    expect(item?.record).toMatchObject({ id: "pack-helper", role: "pack-helper", team: "engineering-team" });
    expect(item).toMatchObject({ source: HELPER_PACK });
  });

  it("getEntity names the pack as the source", async () => {
    await writeHelperPack();
    await service.setEnabled(HELPER_PACK, true);
    const entity = await orgApi().getEntity("specialist", "pack-helper");
    expect(entity).toMatchObject({ scope: "pack", source: HELPER_PACK });
  });

  it("a disabled pack's specialist does not join the org", async () => {
    await writeHelperPack();
    const api = orgApi();
    expect((await api.listEntities("specialist")).items.map((i) => i.id)).not.toContain("pack-helper");
    await service.setEnabled(HELPER_PACK, true);
    expect((await api.listEntities("specialist")).items.map((i) => i.id)).toContain("pack-helper");
    await service.setEnabled(HELPER_PACK, false);
    expect((await api.listEntities("specialist")).items.map((i) => i.id)).not.toContain("pack-helper");
  });

  it("a user-tier pack contributes the same way", async () => {
    await writePack(env.userPacks, "user-helpers", manifest("user-helpers"), {
      "org/specialists/user-helper.json": `${JSON.stringify(specialistRecord("user-helper"), null, 2)}\n`,
    });
    await service.setEnabled("user-helpers", true);
    const entity = await orgApi().getEntity("specialist", "user-helper");
    expect(entity).toMatchObject({ scope: "pack", source: "user-helpers" });
  });

  it("a pack file overriding a built-in field shows in the merged record; the project tier still wins over the pack", async () => {
    const builtin = await readBuiltin("specialists", "cx-qa");
    await writeHelperPack({
      "org/specialists/cx-qa.json": `${JSON.stringify(
        {
          id: "cx-qa",
          description: "The pack's description of the QA specialist, for the merge test.",
          modelTier: "reasoning",
        },
        null,
        2,
      )}\n`,
    });
    await service.setEnabled(HELPER_PACK, true);
    const api = orgApi();

    const fromPack = await api.getEntity("specialist", "cx-qa");
    expect(fromPack).toMatchObject({
      scope: "pack",
      source: HELPER_PACK,
      path: `.cx/packs/${HELPER_PACK}/org/specialists/cx-qa.json`,
    });
    expect(fromPack?.record).toEqual({
      ...builtin,
      description: "The pack's description of the QA specialist, for the merge test.",
      modelTier: "reasoning",
    });
    expect(fromPack?.overrides).toEqual([{ scope: "builtin", path: "specialists/org/specialists/cx-qa.json" }]);

    const written = await api.updateEntity(
      "specialist",
      "cx-qa",
      { description: "The project's description of the QA specialist, for the merge test." },
      { scope: "project" },
    );
    expect(written.ok, JSON.stringify(written)).toBe(true);
    const fromProject = await api.getEntity("specialist", "cx-qa");
    expect(fromProject?.scope).toBe("project");
    expect(fromProject?.record).toEqual({
      ...builtin,
      description: "The project's description of the QA specialist, for the merge test.",
      modelTier: "reasoning",
    });
    expect(fromProject?.overrides).toEqual([
      { scope: "builtin", path: "specialists/org/specialists/cx-qa.json" },
      { scope: "pack", path: `.cx/packs/${HELPER_PACK}/org/specialists/cx-qa.json`, source: HELPER_PACK },
    ]);
    const listed = (await api.listEntities("specialist")).items.find((i) => i.id === "cx-qa");
    expect(listed?.scope).toBe("project");
    expect(listed?.record.description).toBe("The project's description of the QA specialist, for the merge test.");
  });

  it("writes with scope pack are refused with pack-scope-readonly, and the pack folder is untouched", async () => {
    const dir = await writeHelperPack();
    await service.setEnabled(HELPER_PACK, true);
    const api = orgApi();
    const before = await treeOf(dir);

    const attempts = [
      () => api.createEntity("specialist", specialistRecord("new-helper"), { scope: "pack" }),
      () =>
        api.updateEntity(
          "specialist",
          "pack-helper",
          { description: "An edit that must not land in the pack folder at all." },
          { scope: "pack" },
        ),
      () => api.removeEntity("specialist", "pack-helper", { scope: "pack" }),
      () => api.removeEntity("specialist", "pack-helper", { scope: "project" }),
    ];
    for (const attempt of attempts) {
      // The façade throws its refusals as AppError.
      const error = await expectRefused(attempt(), "forbidden");
      expect((error.errors ?? []).map((e) => e.id)).toContain("pack-scope-readonly");
    }
    expect(await treeOf(dir)).toEqual(before);
    expect(await filesUnder(env.paths.projectOrgDir), "no entity file lands in the project tier").toEqual([]);
  });

  it("validateAll: a valid enabled pack adds no pack error", async () => {
    await writeHelperPack();
    await service.setEnabled(HELPER_PACK, true);
    const result = await orgApi().validateAll();
    expect(result.problems.filter((p) => p.id === "pack-error")).toEqual([]);
  });

  it("validateAll reports an enabled-but-broken pack as an error, and its entities stay out of the org", async () => {
    await writeHelperPack();
    await service.setEnabled(HELPER_PACK, true);
    await fs.writeFile(
      path.join(env.projectPacks, HELPER_PACK, "pack.manifest.json"),
      JSON.stringify(manifest(HELPER_PACK, { compatVersion: "^5.0.0" })),
    );
    const api = orgApi();
    const result = await api.validateAll();
    expect(result.ok).toBe(false);
    const packErrors = result.problems.filter((p) => p.id === "pack-error");
    expect(packErrors).toHaveLength(1);
    expect(packErrors[0]).toMatchObject({ severity: "error", location: `#/packs/${HELPER_PACK}` });
    expect(packErrors[0].message).toContain("^5.0.0");
    expect(result.errors).toContainEqual(expect.objectContaining({ id: "pack-error" }));
    expect((await api.listEntities("specialist")).items.map((i) => i.id)).not.toContain("pack-helper");
  });

  it("validateAll reports a pack enabled in packs.json but absent", async () => {
    await writePacksFile(env.paths, ["@acme/gone"]);
    const result = await orgApi().validateAll();
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ id: "pack-error", severity: "error", location: "#/packs/@acme~1gone" }),
    );
  });
});
