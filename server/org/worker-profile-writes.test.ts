import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyOrg } from "@/schemas/kinds";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { runCli } from "@/test/support/processes";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";
import { composeServices } from "../compose";
import { resolvePaths } from "../config";
import { isAppError } from "../errors";
import { call, startMcp } from "../mcp/test-support/mcp-client";
import { OrgApi } from "./org-api";

/**
 * Worker profiles written by the studio in a project Construct 2.1.1 prepared, judged by Construct's
 * own CLI; every refusal leaves the disk as it was.
 */

let project: TempProject;
let api: OrgApi;
const userHome = () => path.join(project.home, ".construct");
const run = (args: string[]) => construct(args, { cwd: project.root, home: project.home });
const profileFile = (id: string) => path.join(project.root, ".construct", "org", "worker-profiles", `${id}.json`);
const disk = async () => new Map([...(await treeOf(project.root)), ...(await treeOf(project.home))]);

const helper = {
  id: "helper-bot",
  description: "Answers questions about the widget code base",
  skills: ["development/typescript"],
  fence: { allowedPaths: ["src/**"] },
};

async function refused(write: () => Promise<unknown>): Promise<{ code: string; message: string; rules: string[] }> {
  const before = await disk();
  try {
    await write();
  } catch (error) {
    if (!isAppError(error)) throw error;
    expect(await disk()).toEqual(before);
    return { code: error.code, message: error.message, rules: (error.errors ?? []).map((e) => e.id) };
  }
  throw new Error("the write was not refused");
}

beforeAll(() => {
  project = tempProject({ prefix: "cs-wp-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  const created = run([
    "worker-profile",
    "create",
    "widget-worker",
    "--description=Owns widget implementation end to end",
    "--skills=development/typescript",
    "--allowed-paths=src/**",
  ]);
  expect(created.status, created.stderr).toBe(0);
  api = new OrgApi(resolvePaths({ root: project.root, home: userHome() }));
}, 180_000);

afterAll(() => {
  api?.close();
  project?.remove();
});

describe("writing worker profiles, judged by Construct 2.1.1", () => {
  it("creates what `construct worker-profile create` scaffolds, prompt stub included, and Construct accepts it", async () => {
    const result = await api.createEntity("worker-profile", helper);
    expect(result.path).toBe(".construct/org/worker-profiles/helper-bot.json");
    const file = JSON.parse(readFileSync(profileFile("helper-bot"), "utf8"));
    expect(file.id).toBeUndefined();
    expect(file).toMatchObject({
      name: "helper-bot",
      promptFile: ".construct/org/prompts/helper-bot.md",
      custom: true,
    });
    expect(readFileSync(path.join(project.root, ".construct/org/prompts/helper-bot.md"), "utf8")).toContain(
      "# helper-bot",
    );
    const valid = run(["worker-profile", "validate", "--file=.construct/org/worker-profiles/helper-bot.json"]);
    expect(valid.status, valid.stderr + valid.stdout).toBe(0);
    expect(run(["worker-profile", "show", "helper-bot"]).stdout).toContain("Source: project (");
    expect(run(["worker-profile", "list"]).stdout).toContain("helper-bot");
  });

  it("creates in the user tier, with its prompt under ~/.construct/org/prompts/, listed by Construct as [user]", async () => {
    const result = await api.createEntity("worker-profile", { ...helper, id: "roaming-bot" }, { scope: "user" });
    // The user tier's files are shown relative to CONSTRUCT_HOME, as for every kind.
    expect(result.path).toBe("org/worker-profiles/roaming-bot.json");
    expect(existsSync(path.join(userHome(), "org", "prompts", "roaming-bot.md"))).toBe(true);
    const listed = run(["worker-profile", "list"]).stdout;
    expect(listed).toMatch(/roaming-bot.*\[user\]|\[user\].*roaming-bot/);
    const valid = run(["worker-profile", "validate", `--file=${path.join(userHome(), result.path)}`]);
    expect(valid.status, valid.stderr + valid.stdout).toBe(0);
  });

  it("edits a profile Construct made: the file's diff is the changed field and the displayName Construct derived from it, no id added", async () => {
    const before = readFileSync(profileFile("widget-worker"), "utf8");
    const row = await api.getEntity("worker-profile", "widget-worker");
    const description = "Owns widget implementation and its tests end to end";
    await api.updateEntity("worker-profile", "widget-worker", { description }, { ifMatch: row?.etag });
    const after = readFileSync(profileFile("widget-worker"), "utf8");
    const changed = after.split("\n").filter((line, i) => line !== before.split("\n")[i]);
    // `worker-profile create` set displayName from the description: it follows, so `show` stays truthful.
    expect(changed).toEqual([`  "displayName": "${description}",`, `  "description": "${description}",`]);
    expect(after.split("\n").length).toBe(before.split("\n").length);
    expect(JSON.parse(after).id).toBeUndefined();
    expect(run(["worker-profile", "validate", "--file=.construct/org/worker-profiles/widget-worker.json"]).status).toBe(
      0,
    );
  });

  it("edits the fence through the fence sub-resource, served with the worker profile's id", async () => {
    const row = await api.getEntity("fence", "widget-worker");
    expect(row?.record).toMatchObject({ workerProfileId: "widget-worker", allowedPaths: ["src/**"] });
    await api.updateEntity("fence", "widget-worker", { allowedPaths: ["src/**", "test/**"] }, { ifMatch: row?.etag });
    expect(JSON.parse(readFileSync(profileFile("widget-worker"), "utf8")).fence.allowedPaths).toEqual([
      "src/**",
      "test/**",
    ]);
    const preview = await api.previewAction({ specialistId: "widget-worker", action: "edit", target: "test/a.ts" });
    expect(preview.allowed).toBe(true);
    const registry = await api.previewAction({ specialistId: "architect", action: "edit", target: "lib/x.mjs" });
    expect(registry).toMatchObject({ allowed: false, decision: "needs-approval" });
    const inside = await api.previewAction({ specialistId: "architect", action: "edit", target: "docs/adr/1.md" });
    expect(inside.allowed).toBe(true);
    const builtin = await api.getEntity("fence", "engineer");
    expect(builtin?.record).toMatchObject({ workerProfileId: "engineer" });
    expect(builtin?.record.allowedPaths).toContain("lib/**");
  });

  it("edits a registry profile as a whole custom copy in the project tier, which Construct validates and serves as the project's", async () => {
    const registry = await api.getEntity("worker-profile", "engineer");
    const patch = { description: "Builds the product, test first, and keeps the build green for everyone." };
    const result = await api.updateEntity("worker-profile", "engineer", patch, { ifMatch: registry?.etag });
    expect(result.path).toBe(".construct/org/worker-profiles/engineer.json");
    const file = JSON.parse(readFileSync(profileFile("engineer"), "utf8"));
    // The registry's shape becomes the custom one a tier's file must hold, with the one change.
    expect(file).toMatchObject({ name: "engineer", role: "engineer", custom: true, ...patch });
    expect(file.skills.length).toBeGreaterThan(0);
    expect(file.fence.allowedPaths.length).toBeGreaterThan(0);
    expect(file.policyFence).toBeUndefined();
    const validated = run(["worker-profile", "validate", "--file=.construct/org/worker-profiles/engineer.json"]);
    expect(validated.status, validated.stderr).toBe(0);
    expect(run(["worker-profile", "show", "engineer"]).stdout).toContain("Source: project (");
  });

  it("undoes as the editor does: an edit by its inverse patch, a delete by creating the record it returned", async () => {
    await api.createEntity("worker-profile", { ...helper, id: "undo-bot" });
    const created = readFileSync(profileFile("undo-bot"), "utf8");
    const row = await api.getEntity("worker-profile", "undo-bot");
    const edited = await api.updateEntity("worker-profile", "undo-bot", { modelTier: "fast" }, { ifMatch: row?.etag });
    await api.updateEntity("worker-profile", "undo-bot", { modelTier: "standard" }, { ifMatch: edited.etag });
    expect(readFileSync(profileFile("undo-bot"), "utf8")).toBe(created);
    const removed = await api.removeEntity("worker-profile", "undo-bot", { force: true });
    await api.createEntity("worker-profile", removed.record);
    expect(readFileSync(profileFile("undo-bot"), "utf8")).toBe(created);
  });

  it("refuses a create whose id a registry, user or project profile holds, naming the tier, and writes nothing", async () => {
    await api.createEntity("worker-profile", { ...helper, id: "held-bot" }, { scope: "user" });
    const registry = await refused(() => api.createEntity("worker-profile", { ...helper, id: "engineer" }));
    expect(registry).toMatchObject({ code: "conflict", rules: ["worker-profile-already-exists"] });
    expect(registry.message).toContain('worker-profile "engineer" already exists in the builtin');
    const user = await refused(() => api.createEntity("worker-profile", { ...helper, id: "held-bot" }));
    expect(user.message).toContain("already exists in the user tier");
    const project = await refused(() => api.createEntity("worker-profile", { ...helper, id: "widget-worker" }));
    expect(project.message).toContain("already exists in the project tier");
  });

  it("refuses a stale ETag with the current record, and writes nothing", async () => {
    const outcome = await refused(() =>
      api.updateEntity("worker-profile", "widget-worker", { role: "other" }, { ifMatch: '"stale"' }),
    );
    expect(outcome.code).toBe("conflict");
  });

  it("refuses a read-only 2.x kind and an earlier-generation kind, saying why; a cx- id, which Construct accepts, only warns", async () => {
    const prefixed = await api.createEntity("worker-profile", { ...helper, id: "cx-helper" }, { dryRun: true });
    expect(prefixed.warnings.map((w) => w.id)).toEqual(["prefixed-worker-profile-id"]);
    const digit = await refused(() => api.createEntity("worker-profile", { ...helper, id: "9lives" }));
    expect(digit.message).toContain("kebab-case");
    const procedure = await refused(() => api.createEntity("procedure", { id: "my-procedure" }));
    expect(procedure.message).toBe(
      "Construct 2.x keeps procedures only in its package's registry; a project cannot add or change one",
    );
    const capability = await refused(() => api.removeEntity("capability", "workflow.prd-draft"));
    expect(capability.code).toBe("forbidden");
    const renamed = await refused(() => api.updateEntity("worker-profile", "widget-worker", { name: "gadget-worker" }));
    expect(renamed.rules).toEqual(["id-immutable"]);
    const specialist = await refused(() => api.createEntity("specialist", { id: "old-style" }));
    expect(specialist).toMatchObject({ code: "not_in_generation" });
    expect(specialist.message).toContain("specialists do not exist in Construct 2.x");
    const payload = { ...emptyOrg(), specialists: { "old-style": { id: "old-style" } } };
    const imported = await refused(() => api.importOrg(payload));
    expect(imported.rules).toEqual(["import-kind-refused"]);
  });

  it("imports worker profiles, the one kind a 2.x project tier holds", async () => {
    const payload = {
      ...emptyOrg(),
      "worker-profiles": {
        "imported-bot": { ...helper, id: "imported-bot", name: "imported-bot", role: "helper", modelTier: "fast" },
      },
    };
    const result = await api.importOrg(payload, { dryRun: true });
    expect(result.files).toEqual([{ path: ".construct/org/worker-profiles/imported-bot.json", action: "create" }]);
  });

  it("resolves and saves prompts where Construct 2.x reads them", async () => {
    const services = composeServices({ root: project.root });
    const custom = await services.resolveSpecialistPrompt("helper-bot");
    expect(custom).toMatchObject({ ok: true, source: "project", path: ".construct/org/prompts/helper-bot.md" });
    const registry = await services.resolveSpecialistPrompt("architect");
    expect(registry).toMatchObject({ ok: true, source: "builtin" });
    if (!registry.ok) throw new Error("unreachable");
    const stale = await refused(() => services.savePrompt("architect", "# architect, our way\n", '"stale"'));
    expect(stale.code).toBe("conflict");
    const saved = await services.savePrompt("architect", "# architect, our way\n", registry.etag);
    expect(saved).toMatchObject({ ok: true, source: "override", path: ".construct/worker-profiles/architect.md" });
    services.close();
  });

  it("deletes a profile and keeps its prompt unless asked", async () => {
    const kept = await api.removeEntity("worker-profile", "roaming-bot", { scope: "user" });
    expect(kept.prompt).toEqual({ path: "org/prompts/roaming-bot.md", action: "kept" });
    expect(existsSync(path.join(userHome(), "org", "worker-profiles", "roaming-bot.json"))).toBe(false);
    expect(existsSync(path.join(userHome(), "org", "prompts", "roaming-bot.md"))).toBe(true);
    const removed = await api.removeEntity("worker-profile", "helper-bot", { deletePrompt: true });
    expect(removed.prompt).toEqual({ path: ".construct/org/prompts/helper-bot.md", action: "removed" });
    expect(existsSync(path.join(project.root, ".construct/org/prompts/helper-bot.md"))).toBe(false);
  });
});

describe("where the studio must not write worker profiles", () => {
  it("an earlier-generation project refuses a worker profile, naming the generation", async () => {
    const adr = tempProject({ prefix: "cs-wp-adr-" });
    const adrApi = new OrgApi(resolvePaths({ root: adr.root, home: adr.home }));
    try {
      const before = await treeOf(adr.base);
      const error = await adrApi.createEntity("worker-profile", helper).catch((e) => e);
      expect(error).toMatchObject({
        code: "not_in_generation",
        message: expect.stringContaining("worker profiles do not exist in the earlier Construct org"),
      });
      expect(await treeOf(adr.base)).toEqual(before);
    } finally {
      adrApi.close();
      adr.remove();
    }
  });

  it("a Construct release the studio does not know refuses every write, naming the known ones", async () => {
    const previous = process.env.CONSTRUCT_VERSION;
    process.env.CONSTRUCT_VERSION = "2.9.0";
    const unknown = new OrgApi(resolvePaths({ root: project.root, home: userHome() }));
    process.env.CONSTRUCT_VERSION = previous;
    if (previous === undefined) delete process.env.CONSTRUCT_VERSION;
    try {
      const outcome = await refused(() => unknown.createEntity("worker-profile", { ...helper, id: "later-bot" }));
      expect(outcome.message).toContain("it writes for 2.1.1");
      expect((await refused(() => unknown.importOrg(emptyOrg()))).code).toBe("forbidden");
    } finally {
      unknown.close();
    }
  });
});

describe("the CLI moves worker profiles", () => {
  it("exports the project tier's worker profiles and imports them into the user tier, a dry run first", async () => {
    const env = { CONSTRUCT_HOME: userHome() };
    const exported = await runCli(["export", "--root", project.root], { cwd: project.root, env });
    expect(exported.code, exported.stderr).toBe(0);
    const payload = JSON.parse(exported.stdout);
    expect(Object.keys(payload["worker-profiles"])).toContain("widget-worker");
    expect(payload.specialists).toEqual({});
    const file = path.join(project.base, "export.json");
    writeFileSync(file, exported.stdout);
    const before = await disk();
    const dry = await runCli(["import", file, "--root", project.root, "--scope", "user", "--dry-run"], {
      cwd: project.root,
      env,
    });
    expect(dry.code, dry.stderr + dry.stdout).toBe(0);
    expect(dry.stdout).toContain("would create  org/worker-profiles/widget-worker.json");
    expect(await disk()).toEqual(before);
  });
});

describe("the MCP server takes the kind worker-profile", () => {
  it("creates a worker profile through the SDK client, a dry run first", async () => {
    const mcp = await startMcp({ root: project.root, home: userHome(), xdg: project.xdg });
    try {
      const record = { ...helper, id: "mcp-bot" };
      const dry = await call(mcp.client, "org_create", { kind: "worker-profile", record });
      expect(dry.isError, dry.text).toBe(false);
      expect(existsSync(profileFile("mcp-bot"))).toBe(false);
      expect(existsSync(path.join(project.root, ".construct/org/prompts/mcp-bot.md"))).toBe(false);
      const applied = await call(mcp.client, "org_create", { kind: "worker-profile", record, apply: true });
      expect(applied.isError, applied.text).toBe(false);
      expect(run(["worker-profile", "show", "mcp-bot"]).stdout).toContain("Source: project (");
    } finally {
      await mcp.close();
    }
  }, 60_000);
});
