import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { embedOverridesBodySchema } from "@/schemas/embed";
import { tickRecordSchema } from "@/schemas/embed-tick";
import { APP_DIR } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";
import { AppError } from "../errors";
import { OrgApi } from "../org/org-api";
import { PackService } from "../packs/pack-service";
import { PromptResolver, specialistPrompt } from "../packs/prompt-resolver";
import {
  clearPackEnv,
  exists,
  makePackEnv,
  type PackEnv,
  manifest as packManifest,
  restoreEnv,
  saveEnv,
  writePack,
  writePacksFile,
} from "../packs/test-support/pack-fixtures";
import { ABSENT_ETAG, etagOf } from "../store/read";
import { EmbedService } from "./embed-service";

/**
 * The embed service on a real temporary project: the built-in tier is the
 * repository's `specialists/workflows/`, packs and overlays are written to temp folders, and
 * nothing of ours is mocked.
 */

const BUILTINS = ["operations-briefing", "operations-triage", "product-feedback-digest", "repo-activity-review"];
const NOW = new Date("2026-07-10T08:00:00.000Z");

let env: PackEnv;
let savedEnv: Record<string, string | undefined>;
const orgs: OrgApi[] = [];

beforeEach(async () => {
  savedEnv = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-embed-");
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const org of orgs.splice(0)) org.close();
  restoreEnv(savedEnv);
  await env.cleanup();
});

/** `env` is the runtime environment the service resolves from: `{}` unless a test configures one. */
function service(opts: { env?: Record<string, string>; now?: () => Date } = {}): EmbedService {
  const { paths } = env;
  const packs = new PackService(paths);
  const org = new OrgApi(paths, { packs });
  orgs.push(org);
  return new EmbedService({
    paths,
    packs,
    org,
    resolvePrompt: specialistPrompt(org, new PromptResolver(paths, packs)),
    env: (opts.env ?? {}) as NodeJS.ProcessEnv,
    ...(opts.now ? { now: opts.now } : {}),
  });
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const overlayDir = () => path.join(env.paths.projectDir, "embed");
const overlayFile = (id: string) => path.join(overlayDir(), `${id}.manifest.json`);
const overlayShown = (id: string) => `.cx/embed/${id}.manifest.json`;
const builtinShown = (id: string) => `specialists/workflows/${id}.manifest.json`;
const tickFile = (id: string) => path.join(env.paths.runtimeDir, "embed", `${id}.json`);

async function writeOverlay(id: string, value: unknown): Promise<void> {
  await fs.mkdir(overlayDir(), { recursive: true });
  await fs.writeFile(overlayFile(id), typeof value === "string" ? value : json(value));
}

async function builtinManifest(id: string): Promise<Record<string, unknown> & { embed: Record<string, unknown> }> {
  return JSON.parse(await fs.readFile(path.join(APP_DIR, "specialists", "workflows", `${id}.manifest.json`), "utf8"));
}

/** A complete, valid embed manifest bound to the local `directory` provider. */
function capability(id: string, embed: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    id,
    version: "1.0.0",
    type: "embed",
    description: `The ${id} test capability.`,
    ...extra,
    embed: {
      specialist: "cx-operations",
      providerBindings: ["directory"],
      filter: { scope: { paths: ["notes/**/*.md"] }, predicates: { updatedSince: "P3D" } },
      framework: "cx-ops-dependency-sequencing",
      outputContract: "operations-triage",
      proposalAuthority: "propose-only",
      cadence: { every: "PT1H" },
      runtime: "auto",
      ...embed,
    },
  };
}

/** A project pack `<proj>/packs/<id>` holding `workflows/<name>.manifest.json` for each entry. */
async function workflowPack(id: string, workflows: Record<string, unknown>): Promise<string> {
  const files = Object.fromEntries(
    Object.entries(workflows).map(([name, value]) => [
      `workflows/${name}.manifest.json`,
      typeof value === "string" ? value : json(value),
    ]),
  );
  return writePack(env.projectPacks, id, packManifest(id), files);
}

async function capabilityOf(svc: EmbedService, id: string) {
  const listed = await svc.list();
  const found = listed.capabilities.filter((c) => c.id === id);
  expect(found, `exactly one capability '${id}' in ${listed.capabilities.map((c) => c.id).join(", ")}`).toHaveLength(1);
  return found[0];
}

async function refused(promise: Promise<unknown>, code: string, ...fragments: string[]): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected an AppError ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code, (error as AppError).message).toBe(code);
  for (const fragment of fragments) expect((error as AppError).message).toContain(fragment);
  return error as AppError;
}

/** Runs `fn` and checks that the whole temporary tree (project, home, XDG config) is byte-for-byte the same after. */
async function expectNothingWritten(fn: () => Promise<unknown>): Promise<void> {
  const before = await treeOf(env.base);
  await fn();
  expect(await treeOf(env.base)).toEqual(before);
}

const rules = (errors: readonly { id: string }[] | undefined) => (errors ?? []).map((e) => e.id);

// ---------------------------------------------------------------------------------------------

describe("list", () => {
  it("shows the four built-ins, disabled, with runtime none (no-runtime) when nothing is configured", async () => {
    const listed = await service().list();
    expect(listed.problems).toEqual([]);
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
    for (const c of listed.capabilities) {
      expect(c, c.id).toMatchObject({
        enabled: false,
        source: { tier: "builtin", path: builtinShown(c.id) },
        shadows: [],
        overlay: null,
        etag: ABSENT_ETAG,
        errors: [],
        lastTick: null,
        nextTickAt: null,
        running: false,
        runtime: { declared: "auto", resolved: "none", code: "no-runtime" },
      });
      expect(c.runtime.message).toContain("CONSTRUCT_MODEL_BASE_URL");
    }
    const triage = listed.capabilities.find((c) => c.id === "operations-triage")!;
    expect(triage.manifest).toEqual(await builtinManifest("operations-triage"));
    expect(triage).toMatchObject({ specialist: "cx-operations", cadence: { every: "PT2H", description: "2 hours" } });
    expect(triage.providerBindings).toEqual([{ id: "directory", label: "Files in the project", available: true }]);
  });

  it("lists a capability defined by a complete manifest in <proj>/embed/ with source tier project", async () => {
    const defined = capability("notes-watch", { enabled: true });
    await writeOverlay("notes-watch", defined);
    const c = await capabilityOf(service(), "notes-watch");
    expect(c).toMatchObject({
      source: { tier: "project", path: overlayShown("notes-watch") },
      shadows: [],
      enabled: true,
      errors: [],
      overlay: { path: overlayShown("notes-watch"), fields: [] },
      manifest: defined,
      description: "The notes-watch test capability.",
    });
    expect(c.etag).toBe(etagOf(json(defined)));
    expect((await service().list()).capabilities.map((x) => x.id)).toEqual([...BUILTINS, "notes-watch"].sort());
  });
});

// ---------------------------------------------------------------------------------------------

describe("loader precedence: built-in → enabled packs → project", () => {
  it("an enabled pack's manifest of a built-in id replaces the built-in whole", async () => {
    const replacement = capability(
      "operations-triage",
      { cadence: { every: "P1D" }, filter: undefined },
      { description: "The pack's own triage." },
    );
    delete (replacement.embed as Record<string, unknown>).filter;
    await workflowPack("ops-pack", { "operations-triage": replacement });
    await writePacksFile(env.paths, ["ops-pack"]);

    const c = await capabilityOf(service(), "operations-triage");
    expect(c.source).toEqual({
      tier: "pack",
      pack: "ops-pack",
      path: ".cx/packs/ops-pack/workflows/operations-triage.manifest.json",
    });
    expect(c.shadows).toEqual([{ tier: "builtin", path: builtinShown("operations-triage") }]);
    // Whole replacement: the built-in's filter does not leak into the pack's manifest.
    expect(c.manifest).toEqual(replacement);
    expect(c.manifest.embed?.filter).toBeUndefined();
    expect(c.description).toBe("The pack's own triage.");
    expect(c.errors).toEqual([]);
  });

  it("an enabled pack's manifest with a new id is added beside the built-ins", async () => {
    await workflowPack("ops-pack", { "pack-watch": capability("pack-watch") });
    await writePacksFile(env.paths, ["ops-pack"]);
    const listed = await service().list();
    expect(listed.problems).toEqual([]);
    expect(listed.capabilities.map((c) => c.id)).toEqual([...BUILTINS, "pack-watch"].sort());
    const c = listed.capabilities.find((x) => x.id === "pack-watch")!;
    expect(c).toMatchObject({ source: { tier: "pack", pack: "ops-pack" }, shadows: [], enabled: false, errors: [] });
  });

  it.each([
    ["not listed in packs.json", [] as string[]],
    ["while another pack is enabled", ["other-pack"]],
  ])("a disabled pack's workflows are not loaded (%s)", async (_label, enabled) => {
    await workflowPack("ops-pack", {
      "pack-watch": capability("pack-watch"),
      "operations-triage": capability("operations-triage"),
    });
    await workflowPack("other-pack", {});
    await writePacksFile(env.paths, enabled);
    const listed = await service().list();
    expect(listed.problems).toEqual([]);
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
    expect(listed.capabilities.find((c) => c.id === "operations-triage")!.source.tier).toBe("builtin");
  });

  it.each([
    [["alpha-pack", "beta-pack"], "beta-pack", "alpha-pack"],
    [["beta-pack", "alpha-pack"], "alpha-pack", "beta-pack"],
  ])("two enabled packs %j: the later in packs.json wins (%s)", async (order, winner, loser) => {
    await workflowPack("alpha-pack", {
      "operations-triage": capability("operations-triage", {}, { description: "alpha's triage" }),
    });
    await workflowPack("beta-pack", {
      "operations-triage": capability("operations-triage", {}, { description: "beta's triage" }),
    });
    await writePacksFile(env.paths, order);
    const c = await capabilityOf(service(), "operations-triage");
    expect(c.source).toEqual({
      tier: "pack",
      pack: winner,
      path: `.cx/packs/${winner}/workflows/operations-triage.manifest.json`,
    });
    expect(c.description).toBe(`${winner.split("-")[0]}'s triage`);
    expect(c.shadows).toEqual([
      { tier: "builtin", path: builtinShown("operations-triage") },
      { tier: "pack", pack: loser, path: `.cx/packs/${loser}/workflows/operations-triage.manifest.json` },
    ]);
  });

  it("workflows of other types (linear) in workflows/ are ignored silently", async () => {
    await workflowPack("ops-pack", {
      "release-steps": {
        id: "release-steps",
        version: "1.0.0",
        type: "linear",
        steps: [{ specialist: "cx-operations" }],
      },
      "incident-routing": { id: "incident-routing", version: "1.0.0", type: "routing", routes: {} },
    });
    await writePacksFile(env.paths, ["ops-pack"]);
    const listed = await service().list();
    expect(listed.problems).toEqual([]);
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
  });

  it.each([
    ["type bogus", { ...capability("broken-watch"), type: "bogus" }, "embed-invalid-type"],
    ["no embed block", { id: "broken-watch", version: "1.0.0", type: "embed" }, "embed-missing-field"],
    ["a version that is not semver", { ...capability("broken-watch"), version: "one" }, "embed-invalid-version"],
    ["no provider bindings", capability("broken-watch", { providerBindings: [] }), "embed-invalid-provider-bindings"],
    ["an unknown runtime", capability("broken-watch", { runtime: "cloud" }), "embed-invalid-runtime"],
  ])("a pack workflow with %s is reported in problems with its file and not listed", async (_label, value, rule) => {
    await workflowPack("ops-pack", { "broken-watch": value });
    await writePacksFile(env.paths, ["ops-pack"]);
    const listed = await service().list();
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
    const file = ".cx/packs/ops-pack/workflows/broken-watch.manifest.json";
    expect(listed.problems.length).toBeGreaterThan(0);
    for (const p of listed.problems) {
      expect(p).toMatchObject({ severity: "error", path: file });
      expect(p.message).toContain(file);
    }
    expect(rules(listed.problems)).toContain(rule);
  });
});

// ---------------------------------------------------------------------------------------------

describe("overlay merge", () => {
  it("an overlay over a built-in enables it and overrides the cadence; every other field is the built-in's", async () => {
    const overlay = { embed: { enabled: true, cadence: { every: "PT30M" } } };
    await writeOverlay("operations-triage", overlay);
    const base = await builtinManifest("operations-triage");
    const c = await capabilityOf(service({ now: () => NOW }), "operations-triage");
    expect(c.enabled).toBe(true);
    expect(c.source).toEqual({ tier: "builtin", path: builtinShown("operations-triage") });
    expect(c.overlay).toEqual({
      path: overlayShown("operations-triage"),
      etag: etagOf(json(overlay)),
      fields: ["embed.cadence"],
    });
    expect(c.manifest).toEqual({ ...base, embed: { ...base.embed, enabled: true, cadence: { every: "PT30M" } } });
    expect(c.cadence).toEqual({ every: "PT30M", description: "30 minutes" });
    expect(c.errors).toEqual([]);
    // Enabled by hand in the overlay and first seen at NOW: anchored then, one cadence ahead.
    expect(c.nextTickAt).toBe(new Date(NOW.getTime() + 30 * 60_000).toISOString());
  });

  it("a later change of a pack default the overlay does not override flows through", async () => {
    const v1 = capability(
      "pack-watch",
      { filter: { scope: { paths: ["notes/**/*.md"] }, predicates: { updatedSince: "P3D" } } },
      { description: "version one" },
    );
    const packDir = await workflowPack("ops-pack", { "pack-watch": v1 });
    await writePacksFile(env.paths, ["ops-pack"]);
    await writeOverlay("pack-watch", { id: "pack-watch", embed: { enabled: true, cadence: { every: "PT30M" } } });

    const before = await capabilityOf(service(), "pack-watch");
    expect(before.manifest.embed?.filter?.predicates?.updatedSince).toBe("P3D");
    expect(before.manifest.embed?.cadence).toEqual({ every: "PT30M" });

    const v2 = capability(
      "pack-watch",
      {
        cadence: { every: "PT6H" },
        filter: { scope: { paths: ["journal/**/*.md"] }, predicates: { updatedSince: "P5D" } },
        runtime: "in-process",
      },
      { description: "version two" },
    );
    await fs.writeFile(path.join(packDir, "workflows", "pack-watch.manifest.json"), json(v2));

    const after = await capabilityOf(service(), "pack-watch");
    expect(after.enabled).toBe(true);
    expect(after.overlay?.fields).toEqual(["embed.cadence"]);
    expect(after.manifest).toEqual({ ...v2, embed: { ...v2.embed, enabled: true, cadence: { every: "PT30M" } } });
    expect(after.description).toBe("version two");
    expect(after.runtime).toMatchObject({ declared: "in-process", resolved: "none", code: "no-runtime" });
  });
});

// ---------------------------------------------------------------------------------------------

describe("bad input: a clear error and nothing on disk changed", () => {
  it("an overlay for an id no tier defines is an orphan problem naming the file; enabling that id is not_found", async () => {
    await writeOverlay("ghost-watch", { id: "ghost-watch", embed: { enabled: true } });
    const svc = service();
    const listed = await svc.list();
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
    const orphan = listed.problems.find((p) => p.id === "embed-overlay-orphan");
    expect(orphan, JSON.stringify(listed.problems)).toMatchObject({
      severity: "error",
      path: overlayShown("ghost-watch"),
    });
    expect(orphan!.message).toContain(overlayShown("ghost-watch"));

    await expectNothingWritten(async () => {
      const error = await refused(svc.enable("ghost-watch"), "not_found", "ghost-watch");
      expect(rules(error.errors)).toContain("embed-overlay-orphan");
    });
  });

  it.each([
    ["enable of an unknown id", (svc: EmbedService) => svc.enable("no-such-thing")],
    ["disable of an unknown id", (svc: EmbedService) => svc.disable("no-such-thing")],
    [
      "setOverrides of an unknown id",
      (svc: EmbedService) =>
        svc.setOverrides("no-such-thing", { set: { cadence: { every: "PT1H" } }, reset: [] }, ABSENT_ETAG),
    ],
    ["status of an unknown id", (svc: EmbedService) => svc.status("no-such-thing")],
    ["dryRun of an unknown id", (svc: EmbedService) => svc.dryRun("no-such-thing")],
    ["tick of an unknown id", (svc: EmbedService) => svc.tick("no-such-thing")],
    ["enable of a path that is not an id", (svc: EmbedService) => svc.enable("../escape")],
  ])("%s in a fresh project: not_found, nothing created", async (_label, call) => {
    const svc = service();
    await expectNothingWritten(() => refused(call(svc), "not_found"));
  });

  it("not_found for 'ops' carries the problems of 'ops' only, never those of 'ops-2' (whole pointer segments)", async () => {
    await workflowPack("ops-pack", {
      "ops-2": capability("ops-2", { runtime: "cloud" }),
      "ops-20": { ...capability("ops-20"), type: "bogus" },
    });
    await writePacksFile(env.paths, ["ops-pack"]);
    const svc = service();
    expect((await svc.list()).problems.map((p) => p.location)).toContain("#/workflows/ops-2/embed/runtime");

    const alone = await refused(svc.status("ops"), "not_found", "ops");
    expect(alone.errors).toBeUndefined();

    await workflowPack("ops-pack", {
      ops: capability("ops", { providerBindings: [] }),
      "ops-2": capability("ops-2", { runtime: "cloud" }),
    });
    const beside = await refused(svc.status("ops"), "not_found", "ops");
    expect(rules(beside.errors)).toEqual(["embed-invalid-provider-bindings"]);
    for (const p of beside.errors ?? []) expect(p.location).toMatch(/^#\/workflows\/ops(\/|$)/);
  });

  it("enable of an unknown id beside existing overlays: not_found naming the tiers searched", async () => {
    await writeOverlay("operations-briefing", { id: "operations-briefing", embed: { enabled: true } });
    const svc = service();
    await expectNothingWritten(() =>
      refused(svc.enable("no-such-thing"), "not_found", "no-such-thing", "specialists/workflows", ".cx/embed"),
    );
  });

  describe.each([
    ["with no overlay yet", false],
    ["over an existing overlay", true],
  ])("setOverrides that would make the capability invalid (%s)", (_label, withOverlay) => {
    let svc: EmbedService;
    let etag: string;
    beforeEach(async () => {
      svc = service();
      if (withOverlay) await writeOverlay("operations-triage", { id: "operations-triage", embed: { enabled: true } });
      etag = (await capabilityOf(svc, "operations-triage")).etag;
    });

    it.each(["15m", "PT0S", "P-1D", "PT30S", ""])(
      "cadence %j is refused as invalid with embed-invalid-cadence",
      async (every) => {
        await expectNothingWritten(async () => {
          const error = await refused(
            svc.setOverrides("operations-triage", { set: { cadence: { every } }, reset: [] }, etag),
            "invalid",
            "operations-triage",
          );
          expect(rules(error.errors)).toContain("embed-invalid-cadence");
          expect(error.errors?.find((e) => e.id === "embed-invalid-cadence")).toMatchObject({
            field: "every",
            location: "#/workflows/operations-triage/embed/cadence/every",
          });
        });
      },
    );

    it("a filter.scope key no bound provider reads is refused (embed-filter-not-understood)", async () => {
      await expectNothingWritten(async () => {
        const error = await refused(
          svc.setOverrides(
            "operations-triage",
            { set: { filter: { scope: { channels: ["#ops"] } } }, reset: [] },
            etag,
          ),
          "invalid",
          "channels",
        );
        expect(rules(error.errors)).toContain("embed-filter-not-understood");
      });
    });

    it("a filter key the filter block does not allow is refused, by the body schema and by the service", async () => {
      const body = { set: { filter: { scope: { paths: ["x/**"] }, where: "status = open" } } };
      const parsed = embedOverridesBodySchema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(JSON.stringify(parsed.error?.issues)).toContain("where");
      expect(embedOverridesBodySchema.safeParse({ set: { schedule: "PT1H" } }).success).toBe(false);
      expect(embedOverridesBodySchema.safeParse({ reset: ["specialist"] }).success).toBe(false);
      // A caller that skips the schema is still stopped by the service's own validation.
      await expectNothingWritten(async () => {
        const error = await refused(
          svc.setOverrides("operations-triage", { set: body.set, reset: [] } as never, etag),
          "invalid",
        );
        expect(rules(error.errors)).toContain("embed-unknown-filter-key");
      });
    });
  });

  it.each([
    ["a made-up etag while an overlay exists", true, '"sha256:0000"'],
    ["the absent etag while an overlay exists", true, ABSENT_ETAG],
    ["a real-looking etag while there is no overlay", false, etagOf("{}\n")],
  ])("a stale If-Match (%s) is a conflict carrying the current etag", async (_label, withOverlay, ifMatch) => {
    const overlay = { id: "operations-triage", embed: { enabled: true } };
    if (withOverlay) await writeOverlay("operations-triage", overlay);
    else await fs.mkdir(overlayDir(), { recursive: true });
    const svc = service();
    await expectNothingWritten(async () => {
      const error = await refused(
        svc.setOverrides("operations-triage", { set: { cadence: { every: "PT1H" } }, reset: [] }, ifMatch),
        "conflict",
        "operations-triage",
      );
      expect(error.current).toMatchObject({
        etag: withOverlay ? etagOf(json(overlay)) : ABSENT_ETAG,
        overlay: withOverlay ? overlay : null,
      });
    });
  });

  it.each([
    ["a project-tier manifest", "project"],
    ["an enabled pack's manifest", "pack"],
  ])("%s naming an unknown specialist: embed-unknown-specialist, enable and tick refused", async (_label, where) => {
    const ghost = capability("ghost-watch", { specialist: "cx-nobody" });
    if (where === "project") await writeOverlay("ghost-watch", ghost);
    else {
      await workflowPack("ops-pack", { "ghost-watch": ghost });
      await writePacksFile(env.paths, ["ops-pack"]);
    }
    const svc = service();
    const c = await capabilityOf(svc, "ghost-watch");
    expect(rules(c.errors)).toContain("embed-unknown-specialist");
    expect(c.errors.find((e) => e.id === "embed-unknown-specialist")!.message).toContain("cx-nobody");
    expect(c.enabled).toBe(false);
    await expectNothingWritten(async () => {
      await refused(svc.enable("ghost-watch"), "invalid", "ghost-watch");
      const tick = await refused(svc.tick("ghost-watch"), "invalid", "ghost-watch");
      expect(rules(tick.errors)).toContain("embed-unknown-specialist");
    });
    expect((await svc.status("ghost-watch")).lastTick).toBeNull();
  });

  it("an overlay that is not JSON is an error of its capability, and enable is refused until it is fixed", async () => {
    await writeOverlay("operations-triage", '{ "embed": { "enabled": true, }');
    const svc = service();
    const listed = await svc.list();
    const problem = listed.capabilities
      .find((c) => c.id === "operations-triage")!
      .errors.find((p) => p.path === overlayShown("operations-triage"));
    expect(problem, JSON.stringify(listed.problems)).toMatchObject({ id: "embed-unreadable", severity: "error" });
    expect(problem!.message).toContain("JSON");
    expect(listed.capabilities.find((c) => c.id === "operations-triage")!.enabled).toBe(false);

    await expectNothingWritten(async () => {
      await refused(svc.enable("operations-triage"), "invalid", overlayShown("operations-triage"));
    });

    await writeOverlay("operations-triage", { id: "operations-triage", embed: { enabled: false } });
    await svc.enable("operations-triage");
    expect((await capabilityOf(svc, "operations-triage")).enabled).toBe(true);
  });

  it("a project overlay whose declared id differs from its file name is an error of its capability, and enable does not overwrite it", async () => {
    await writeOverlay("operations-triage", {
      id: "operations-briefing",
      embed: { enabled: true, cadence: { every: "PT30M" } },
    });
    const svc = service();
    const listed = await svc.list();
    const problem = listed.capabilities
      .find((c) => c.id === "operations-triage")!
      .errors.find((p) => p.id === "embed-file-id-mismatch");
    expect(problem, JSON.stringify(listed.problems)).toMatchObject({
      severity: "error",
      path: overlayShown("operations-triage"),
      field: "id",
    });
    expect(problem!.message).toContain("operations-briefing");
    for (const c of listed.capabilities) expect(c.enabled, c.id).toBe(false);
    await expectNothingWritten(() =>
      refused(svc.enable("operations-triage"), "invalid", overlayShown("operations-triage")),
    );
  });

  it("a pack manifest whose declared id differs from its file name is a problem and defines nothing", async () => {
    await workflowPack("ops-pack", { "pack-watch": capability("other-watch") });
    await writePacksFile(env.paths, ["ops-pack"]);
    const listed = await service().list();
    expect(listed.capabilities.map((c) => c.id)).toEqual(BUILTINS);
    expect(listed.problems).toEqual([
      expect.objectContaining({
        id: "embed-file-id-mismatch",
        severity: "error",
        path: ".cx/packs/ops-pack/workflows/pack-watch.manifest.json",
      }),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("enable, disable and overrides", () => {
  it("enable writes only { id, embed: { enabled: true } }, as 2-space JSON with a final newline", async () => {
    const svc = service();
    const result = await svc.enable("operations-triage");
    const expected = '{\n  "id": "operations-triage",\n  "embed": {\n    "enabled": true\n  }\n}\n';
    expect(await fs.readFile(overlayFile("operations-triage"), "utf8")).toBe(expected);
    expect(result).toEqual({
      ok: true,
      id: "operations-triage",
      enabled: true,
      wasEnabled: false,
      path: overlayShown("operations-triage"),
      etag: etagOf(expected),
    });
    expect(await fs.readdir(overlayDir())).toEqual(["operations-triage.manifest.json"]);
    const c = await capabilityOf(svc, "operations-triage");
    expect(c).toMatchObject({
      enabled: true,
      etag: result.etag,
      overlay: { path: overlayShown("operations-triage"), fields: [] },
    });
    // Enabling again changes nothing.
    await expectNothingWritten(() => svc.enable("operations-triage"));
  });

  it("disable keeps the overrides and only sets enabled false; enabling again restores them", async () => {
    const svc = service();
    await svc.setOverrides(
      "operations-triage",
      { set: { cadence: { every: "PT30M" }, runtime: "none" }, reset: [] },
      ABSENT_ETAG,
    );
    await svc.enable("operations-triage");
    const result = await svc.disable("operations-triage");
    expect(result).toMatchObject({
      ok: true,
      enabled: false,
      wasEnabled: true,
      path: overlayShown("operations-triage"),
    });
    expect(JSON.parse(await fs.readFile(overlayFile("operations-triage"), "utf8"))).toEqual({
      id: "operations-triage",
      embed: { enabled: false, cadence: { every: "PT30M" }, runtime: "none" },
    });
    const disabled = await capabilityOf(svc, "operations-triage");
    expect(disabled).toMatchObject({
      enabled: false,
      cadence: { every: "PT30M" },
      overlay: { fields: ["embed.cadence", "embed.runtime"] },
    });

    await svc.enable("operations-triage");
    const again = await capabilityOf(svc, "operations-triage");
    expect(again.enabled).toBe(true);
    expect(again.manifest.embed).toMatchObject({ cadence: { every: "PT30M" }, runtime: "none", enabled: true });
  });

  it.each([
    ["a fresh project", false],
    ["a project with other overlays", true],
  ])("disable of a never-enabled capability writes nothing (%s)", async (_label, others) => {
    if (others) await writeOverlay("operations-briefing", { id: "operations-briefing", embed: { enabled: true } });
    const svc = service();
    await expectNothingWritten(async () => {
      const result = await svc.disable("operations-triage");
      expect(result).toEqual({
        ok: true,
        id: "operations-triage",
        enabled: false,
        wasEnabled: false,
        path: null,
        etag: ABSENT_ETAG,
      });
    });
  });

  it("setOverrides writes the overrides, and resetting the last one with enabled absent removes the file", async () => {
    const svc = service();
    const set = await svc.setOverrides(
      "operations-triage",
      { set: { cadence: { every: "PT45M" } }, reset: [] },
      ABSENT_ETAG,
    );
    expect(set.path).toBe(overlayShown("operations-triage"));
    const content = await fs.readFile(overlayFile("operations-triage"), "utf8");
    expect(content).toBe(json({ id: "operations-triage", embed: { cadence: { every: "PT45M" } } }));
    expect(set.etag).toBe(etagOf(content));
    expect(set.capability).toMatchObject({
      enabled: false,
      cadence: { every: "PT45M" },
      overlay: { fields: ["embed.cadence"] },
    });

    const reset = await svc.setOverrides("operations-triage", { set: {}, reset: ["cadence"] }, set.etag);
    expect(reset).toMatchObject({
      ok: true,
      path: null,
      etag: ABSENT_ETAG,
      capability: { overlay: null, etag: ABSENT_ETAG, cadence: { every: "PT2H" } },
    });
    expect(await exists(overlayFile("operations-triage"))).toBe(false);
  });

  it("resetting the last override while enabled is set keeps the file with enabled only", async () => {
    const svc = service();
    await svc.enable("operations-triage");
    const set = await svc.setOverrides("operations-triage", { set: { runtime: "external" }, reset: [] }, "*");
    await svc.setOverrides("operations-triage", { set: {}, reset: ["runtime"] }, set.etag);
    expect(await fs.readFile(overlayFile("operations-triage"), "utf8")).toBe(
      json({ id: "operations-triage", embed: { enabled: true } }),
    );
  });

  it("setOverrides on a project-defined capability is a bad_request and leaves its file alone", async () => {
    await writeOverlay("notes-watch", capability("notes-watch", { enabled: true }));
    const svc = service();
    const { etag } = await capabilityOf(svc, "notes-watch");
    await expectNothingWritten(() =>
      refused(
        svc.setOverrides("notes-watch", { set: { cadence: { every: "PT2H" } }, reset: [] }, etag),
        "bad_request",
        "notes-watch",
        overlayShown("notes-watch"),
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe("dryRun", () => {
  it("operations-briefing: the whole resolution chain, with nothing executed and nothing written", async () => {
    const svc = service({ now: () => NOW });
    await expectNothingWritten(async () => {
      const plan = await svc.dryRun("operations-briefing");
      expect(plan).toMatchObject({
        id: "operations-briefing",
        ok: true,
        enabled: false,
        errors: [],
        executes: false,
        wouldSkip: "no-runtime",
      });
      expect(plan.sources).toEqual({
        manifest: { tier: "builtin", path: builtinShown("operations-briefing") },
        overlay: null,
      });
      expect(plan.chain.specialist).toEqual({
        id: "cx-operations",
        prompt: { source: "builtin", path: "specialists/prompts/cx-operations.md", degraded: false, warnings: [] },
      });
      expect(plan.chain.providerBindings).toEqual([
        {
          id: "atlassian-jira",
          label: "Jira (Atlassian)",
          available: false,
          code: "provider-unavailable:atlassian-jira",
        },
        { id: "slack", label: "Slack", available: false, code: "provider-unavailable:slack" },
      ]);
      expect(plan.chain.filter).toEqual((await builtinManifest("operations-briefing")).embed.filter);
      expect(plan.chain.framework).toEqual({
        id: "cx-ops-dependency-sequencing",
        path: "specialists/frameworks/cx-ops-dependency-sequencing.md",
      });
      expect(plan.chain.outputContract).toMatchObject({
        id: "operations-to-user",
        producer: "cx-operations",
        consumer: "user",
        output: { mustContain: ["shipped", "scheduled", "risks", "owners"] },
      });
      expect(plan.chain.proposalAuthority).toBe("propose-only");
      // Not enabled: nothing is scheduled.
      expect(plan.chain.cadence).toEqual({ every: "PT4H", description: "4 hours", next: [] });
      expect(plan.chain.runtime).toMatchObject({ declared: "auto", resolved: "none", code: "no-runtime" });
    });
  });

  it("an enabled capability's cadence lists the next runs", async () => {
    const svc = service({ now: () => NOW });
    await svc.enable("operations-briefing");
    await expectNothingWritten(async () => {
      const plan = await svc.dryRun("operations-briefing");
      expect(plan.enabled).toBe(true);
      expect(plan.sources.overlay).toMatchObject({ path: overlayShown("operations-briefing"), fields: [] });
      expect(plan.chain.cadence).toEqual({
        every: "PT4H",
        description: "4 hours",
        // Enabled at NOW: the first scheduled tick is one cadence later, never at once.
        next: ["2026-07-10T12:00:00.000Z", "2026-07-10T16:00:00.000Z", "2026-07-10T20:00:00.000Z"],
      });
    });
  });

  it("with a model configured the runtime resolves in-process, and the unavailable provider is what a tick would skip on", async () => {
    const svc = service({ env: { CONSTRUCT_MODEL_BASE_URL: "http://127.0.0.1:9", CONSTRUCT_MODEL: "test-model" } });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const plan = await svc.dryRun("operations-briefing");
    expect(plan.chain.runtime).toMatchObject({ declared: "auto", resolved: "in-process" });
    expect(plan.wouldSkip).toBe("provider-unavailable:atlassian-jira");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------------------------------------

describe("tick", () => {
  it("with no runtime: a skipped (no-runtime) record, durable under <proj>/runtime/embed, and shown by status", async () => {
    const svc = service();
    const events: string[] = [];
    const unsubscribe = svc.onTick((e) => events.push(`${e.id}:${e.status}`));
    const record = await svc.tick("operations-triage");
    unsubscribe();
    expect(record).toMatchObject({
      id: "operations-triage",
      status: "skipped",
      code: "no-runtime",
      runtime: "none",
      trigger: "manual",
    });
    expect(record.message).toContain("CONSTRUCT_MODEL_BASE_URL");
    expect(record.proposals).toBeUndefined();
    expect(events).toEqual(["operations-triage:running", "operations-triage:skipped"]);

    const text = await fs.readFile(tickFile("operations-triage"), "utf8");
    expect(text.endsWith("}\n")).toBe(true);
    const stored = tickRecordSchema.parse(JSON.parse(text));
    expect(stored).toEqual(record);

    const status = await svc.status("operations-triage");
    expect(status.lastTick).toEqual(record);
    expect(status.lastTickUnreadable).toBeUndefined();
    expect(status.running).toBe(false);

    expect(await fs.readFile(path.join(env.paths.runtimeDir, ".gitignore"), "utf8")).toBe("*\n");
    // A tick is state, not config: the overlay folder is untouched.
    expect(await exists(overlayDir())).toBe(false);
  });

  it("an enabled capability's next tick is one cadence after the recorded one", async () => {
    const svc = service({ now: () => NOW });
    await svc.enable("operations-triage");
    await svc.tick("operations-triage", "schedule");
    const status = await svc.status("operations-triage");
    expect(status.lastTick).toMatchObject({ trigger: "schedule", startedAt: NOW.toISOString() });
    expect(status.nextTickAt).toBe("2026-07-10T10:00:00.000Z");
  });

  it("operations-briefing with a model configured skips on its unavailable provider without contacting the model", async () => {
    const svc = service({ env: { CONSTRUCT_MODEL_BASE_URL: "http://127.0.0.1:9", CONSTRUCT_MODEL: "test-model" } });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const record = await svc.tick("operations-briefing");
    expect(record).toMatchObject({
      id: "operations-briefing",
      status: "skipped",
      code: "provider-unavailable:atlassian-jira",
      runtime: "in-process",
    });
    expect(record.message).toContain("Jira");
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(tickRecordSchema.parse(JSON.parse(await fs.readFile(tickFile("operations-briefing"), "utf8")))).toEqual(
      record,
    );
  });

  it("two concurrent ticks of one capability: exactly one runs, the other is a conflict", async () => {
    const svc = service();
    const settled = await Promise.allSettled([svc.tick("operations-triage"), svc.tick("operations-triage")]);
    const fulfilled = settled.filter((s) => s.status === "fulfilled");
    const rejected = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toBeInstanceOf(AppError);
    expect((rejected[0].reason as AppError).code).toBe("conflict");
    expect((rejected[0].reason as AppError).message).toContain("already running");
    const stored = tickRecordSchema.parse(JSON.parse(await fs.readFile(tickFile("operations-triage"), "utf8")));
    expect(stored).toEqual((fulfilled[0] as PromiseFulfilledResult<unknown>).value);
    expect(svc.isRunning("operations-triage")).toBe(false);
  });

  it("a tick record that is not a record is reported by status, not thrown", async () => {
    await fs.mkdir(path.dirname(tickFile("operations-triage")), { recursive: true });
    await fs.writeFile(tickFile("operations-triage"), json({ id: "operations-triage", status: "exploded" }));
    const status = await service().status("operations-triage");
    expect(status.lastTick).toBeNull();
    expect(status.lastTickUnreadable?.message).toContain("operations-triage.json");
  });
});
