import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { specialistRecord } from "@/test/support/temp-project";
import { isAppError } from "../errors";
import { OrgApi } from "../org/org-api";
import { OrgTestService } from "../org-tests/org-test-service";
import { PlanService } from "../plan/plan-service";
import { contentHash, expandHome } from "./pack-install";
import { isEmptyPreview, PackPreviewService } from "./pack-preview";
import { PackService } from "./pack-service";
import { PromptResolver } from "./prompt-resolver";
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

/** The preview of enabling, installing and upgrading packs, on real temporary projects. */

let env: PackEnv;
let saved: Record<string, string | undefined>;
let packs: PackService;
let org: OrgApi;
let previews: PackPreviewService;

beforeEach(async () => {
  saved = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-pack-preview-");
  packs = new PackService(env.paths);
  org = new OrgApi(env.paths, { packs });
  const tests = new OrgTestService(env.paths, org, packs);
  previews = new PackPreviewService({
    paths: env.paths,
    packs,
    org,
    prompts: new PromptResolver(env.paths, packs),
    tests,
    plan: new PlanService(org, () => tests.routingCases()),
    readersWith: (p) => {
      const o = new OrgApi(env.paths, { packs: p });
      return { org: o, prompts: new PromptResolver(env.paths, p), tests: new OrgTestService(env.paths, o, p) };
    },
  });
});

afterEach(async () => {
  restoreEnv(saved);
  await env.cleanup();
});

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** A pack whose specialist names a team that does not exist: a valid manifest, records that break the org. */
async function writeBreakingPack(dir = env.projectPacks): Promise<string> {
  return writePack(dir, "broken-pack", manifest("broken-pack"), {
    "org/specialists/stray-helper.json": json(specialistRecord("stray-helper", { team: "no-such-team" })),
  });
}

async function writeCleanPack(dir: string, version = "1.0.0", description?: string): Promise<string> {
  return writePack(dir, "clean-pack", manifest("clean-pack", { version }), {
    "org/specialists/clean-helper.json": json(specialistRecord("clean-helper", description ? { description } : {})),
  });
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected an AppError, got ${String(error)}`).toBe(true);
  return error as import("../errors").AppError;
}

describe("enabling through the preview", () => {
  it("a pack whose records break the org is refused with its errors, and packs.json is unchanged byte for byte", async () => {
    await writeBreakingPack();
    await writeCleanPack(env.projectPacks);
    await writePacksFile(env.paths, ["clean-pack"]);
    const before = await fs.readFile(env.paths.packsFile);

    const preview = await previews.previewEnable("broken-pack");
    expect(preview.plan.changes).toContainEqual(
      expect.objectContaining({ kind: "entity", action: "add", entity: "specialist", id: "stray-helper" }),
    );
    expect(preview.errors.length).toBeGreaterThan(0);
    expect(preview.errors.map((e) => e.message).join("\n")).toContain("no-such-team");
    expect(preview.plan.summary.errorsIntroduced).toBe(preview.errors.length);
    expect(isEmptyPreview(preview)).toBe(false);

    const error = await rejection(previews.enable("broken-pack"));
    expect(error.code).toBe("invalid");
    expect(error.message).toContain("broken-pack");
    expect(error.message).toContain("nothing was changed");
    expect(error.errors?.map((e) => e.message).join("\n")).toContain("no-such-team");
    expect(await fs.readFile(env.paths.packsFile)).toEqual(before);
    expect((await packs.list()).packs.find((p) => p.id === "broken-pack")?.enabled).toBe(false);
  });

  it("enable anyway (force) enables the breaking pack, whose errors then show in the org", async () => {
    await writeBreakingPack();
    await previews.enable("broken-pack", { force: true });
    const file = JSON.parse(await fs.readFile(env.paths.packsFile, "utf8"));
    expect(Object.keys(file.enabled)).toEqual(["broken-pack"]);
    const { problems } = await org.validateAll();
    expect(
      problems
        .filter((p) => p.severity === "error")
        .map((p) => p.message)
        .join("\n"),
    ).toContain("no-such-team");
  });

  it("a clean pack previews its additions and widened access, then enables", async () => {
    await writeCleanPack(env.projectPacks);
    const preview = await previews.previewEnable("clean-pack");
    expect(preview.errors).toEqual([]);
    expect(preview.action).toBe("enable");
    expect(preview.plan.changes).toContainEqual(
      expect.objectContaining({
        kind: "entity",
        action: "add",
        id: "clean-helper",
        path: ".cx/packs/clean-pack/org/specialists/clean-helper.json",
      }),
    );
    expect(preview.plan.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "widen", id: "clean-helper", entry: "src/**" }),
    );
    expect(await exists(env.paths.packsFile)).toBe(false);
    const done = await previews.enable("clean-pack");
    expect(done.enabled).toBe(true);
    const file = JSON.parse(await fs.readFile(env.paths.packsFile, "utf8"));
    expect(Object.keys(file.enabled)).toEqual(["clean-pack"]);
    expect((await org.getEntity("specialist", "clean-helper"))?.scope).toBe("pack");
  });

  it("an unknown pack is not found, and nothing is written", async () => {
    const error = await rejection(previews.enable("no-such-pack"));
    expect(error.code).toBe("not_found");
    expect(await exists(env.paths.packsFile)).toBe(false);
  });

  it("names the prompts whose provenance moves and the org tests that would fail", async () => {
    await writePack(env.projectPacks, "qa-pack", manifest("qa-pack", { prompts: { "cx-qa": "prompts/cx-qa.md" } }), {
      "prompts/cx-qa.md": promptText("qa"),
      "org/specialists/cx-qa.json": json({ id: "cx-qa", fence: { allowedCommands: ["make build"] } }),
    });
    await fs.mkdir(path.join(env.paths.projectDir, "tests"), { recursive: true });
    await fs.writeFile(
      path.join(env.paths.projectDir, "tests", "guard.test.json"),
      json({
        cases: [
          {
            name: "qa may not run make",
            specialist: "cx-qa",
            action: "bash",
            target: "make build",
            expect: "outside-fence",
          },
        ],
      }),
    );
    const now = await new OrgTestService(env.paths, org, packs).run();
    expect(now.summary.failed, JSON.stringify(now.results)).toBe(0);
    const preview = await previews.previewEnable("qa-pack");
    expect(preview.prompts).toEqual([
      {
        specialist: "cx-qa",
        before: "builtin (specialists/prompts/cx-qa.md)",
        after: "qa-pack (.cx/packs/qa-pack/prompts/cx-qa.md)",
      },
    ]);
    expect(preview.tests).toEqual([
      expect.objectContaining({ name: "qa may not run make", file: ".cx/tests/guard.test.json" }),
    ]);
    expect(preview.plan.changes).toContainEqual(
      expect.objectContaining({ kind: "access", action: "widen", id: "cx-qa", entry: "make build" }),
    );
  });
});

describe("installing and upgrading through the preview", () => {
  it("a new pack: version 'new', the plan of enabling it, a hash; install lands it disabled", async () => {
    const src = await writeCleanPack(path.join(env.base, "src"));
    const preview = await previews.previewInstall({ folder: src }, "project", "src/clean-pack");
    expect(preview).toMatchObject({
      action: "install",
      id: "clean-pack",
      version: "1.0.0",
      versionChange: "new",
      installed: null,
      appliesNow: false,
      source: "src/clean-pack",
    });
    expect(preview.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(preview.plan.changes).toContainEqual(
      expect.objectContaining({
        kind: "entity",
        action: "add",
        id: "clean-helper",
        path: ".cx/packs/clean-pack/org/specialists/clean-helper.json",
      }),
    );
    expect(await exists(path.join(env.projectPacks, "clean-pack"))).toBe(false);
    const result = await previews.install({ folder: src }, "project", "src/clean-pack", { hash: preview.hash });
    expect(result).toMatchObject({ id: "clean-pack", replaced: false, versionChange: "new" });
    expect(await exists(path.join(env.projectPacks, "clean-pack", "pack.manifest.json"))).toBe(true);
    expect(await exists(env.paths.packsFile)).toBe(false);
  });

  it("an upgrade of an enabled pack shows the version change and the field diff before replacing anything", async () => {
    await writeCleanPack(env.projectPacks, "1.0.0");
    await writePacksFile(env.paths, ["clean-pack"]);
    const src = await writeCleanPack(
      path.join(env.base, "src"),
      "2.0.0",
      "The upgraded helper reviews fixtures twice.",
    );
    const installedManifest = await fs.readFile(
      path.join(env.projectPacks, "clean-pack", "pack.manifest.json"),
      "utf8",
    );
    const preview = await previews.previewInstall({ folder: src }, "project", src);
    expect(preview).toMatchObject({
      versionChange: "upgrade",
      installed: { version: "1.0.0", enabled: true },
      version: "2.0.0",
      appliesNow: true,
    });
    expect(preview.plan.changes).toEqual([
      expect.objectContaining({
        kind: "entity",
        action: "change",
        id: "clean-helper",
        fields: [
          expect.objectContaining({ field: "description", after: "The upgraded helper reviews fixtures twice." }),
        ],
      }),
    ]);
    expect(await fs.readFile(path.join(env.projectPacks, "clean-pack", "pack.manifest.json"), "utf8")).toBe(
      installedManifest,
    );
    const result = await previews.install({ folder: src }, "project", src, { hash: preview.hash });
    expect(result).toMatchObject({ replaced: true, versionChange: "upgrade", version: "2.0.0" });
  });

  it("the same version is 'same'; an older one is a downgrade with a warning", async () => {
    await writeCleanPack(env.projectPacks, "2.0.0");
    const same = await writeCleanPack(path.join(env.base, "same"), "2.0.0");
    expect((await previews.previewInstall({ folder: same }, "project", same)).versionChange).toBe("same");
    const older = await writeCleanPack(path.join(env.base, "older"), "1.5.0");
    const down = await previews.previewInstall({ folder: older }, "project", older);
    expect(down.versionChange).toBe("downgrade");
    expect(down.warnings).toContain("pack 'clean-pack' 1.5.0 is older than 2.0.0, installed here before (downgrade)");
  });

  it("an upgrade of an enabled pack that breaks the org is refused (422) and the old copy stays", async () => {
    await writeCleanPack(env.projectPacks, "1.0.0");
    await writePacksFile(env.paths, ["clean-pack"]);
    const src = await writePack(
      path.join(env.base, "src"),
      "clean-pack",
      manifest("clean-pack", { version: "2.0.0" }),
      {
        "org/specialists/clean-helper.json": json(specialistRecord("clean-helper", { team: "no-such-team" })),
      },
    );
    const preview = await previews.previewInstall({ folder: src }, "project", src);
    expect(preview.errors.map((e) => e.message).join("\n")).toContain("no-such-team");
    const error = await rejection(previews.install({ folder: src }, "project", src, { hash: preview.hash }));
    expect(error.code).toBe("invalid");
    const installed = JSON.parse(
      await fs.readFile(path.join(env.projectPacks, "clean-pack", "pack.manifest.json"), "utf8"),
    );
    expect(installed.version).toBe("1.0.0");
  });

  it("a folder changed after the preview is refused (409) and nothing is installed", async () => {
    const src = await writeCleanPack(path.join(env.base, "src"));
    const preview = await previews.previewInstall({ folder: src }, "project", src);
    await fs.writeFile(
      path.join(src, "org", "specialists", "clean-helper.json"),
      json(specialistRecord("clean-helper", { description: "Changed behind the preview's back, after it was shown." })),
    );
    const error = await rejection(previews.install({ folder: src }, "project", src, { hash: preview.hash }));
    expect(error.code).toBe("conflict");
    expect(error.message).toContain("changed since it was previewed");
    expect(await exists(path.join(env.projectPacks, "clean-pack"))).toBe(false);
    expect((await fs.readdir(env.projectPacks).catch(() => [])).filter((n) => !n.startsWith(".lock"))).toEqual([]);
  });

  it("the content hash covers every file's path and bytes", async () => {
    const a = await writeCleanPack(path.join(env.base, "a"));
    const b = await writeCleanPack(path.join(env.base, "b"));
    expect(await contentHash(a)).toBe(await contentHash(b));
    await fs.writeFile(path.join(b, "README.md"), "extra\n");
    expect(await contentHash(b)).not.toBe(await contentHash(a));
    await fs.rm(path.join(b, "README.md"));
    await fs.rename(
      path.join(b, "org", "specialists", "clean-helper.json"),
      path.join(b, "org", "specialists", "other.json"),
    );
    expect(await contentHash(b)).not.toBe(await contentHash(a));
  });

  it("a typed ~ is the home folder", async () => {
    const saveHome = process.env.HOME;
    process.env.HOME = env.base;
    try {
      expect(expandHome("~/packs/x")).toBe(path.join(env.base, "packs", "x"));
      expect(expandHome("~")).toBe(env.base);
      expect(expandHome("./~/x")).toBe("./~/x");
      const src = await writeCleanPack(path.join(env.base, "packs"));
      const preview = await previews.previewInstall({ folder: "~/packs/clean-pack" }, "project", "~/packs/clean-pack");
      expect(preview.source).toBe("~/packs/clean-pack");
      expect(preview.hash).toBe(await contentHash(src));
    } finally {
      process.env.HOME = saveHome;
    }
  });
});
