import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DeploymentMode } from "@/schemas/pack-manifest";
import { APP_DIR } from "@/test/support/temp-project";
import { AppError } from "../errors";
import { PackService } from "./pack-service";
import { type PromptHardFailure, PromptResolver, promptEtag, type ResolvedPrompt } from "./prompt-resolver";
import {
  clearPackEnv,
  exists,
  makePackEnv,
  manifest,
  type PackEnv,
  promptText,
  restoreEnv,
  saveEnv,
  writeMode,
  writePack,
  writePacksFile,
} from "./test-support/pack-fixtures";

let env: PackEnv;
let packs: PackService;
let resolver: PromptResolver;
let savedEnv: Record<string, string | undefined>;

beforeEach(async () => {
  savedEnv = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-prompts-");
  packs = new PackService(env.paths);
  resolver = new PromptResolver(env.paths, packs);
});

afterEach(async () => {
  restoreEnv(savedEnv);
  await env.cleanup();
});

const BUILTIN_QA = "specialists/prompts/cx-qa.md";
const projectPrompt = (id: string) => path.join(env.root, ".cx", "prompts", `${id}.md`);

async function writeProjectPrompt(id: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(projectPrompt(id)), { recursive: true });
  await fs.writeFile(projectPrompt(id), content);
}

/** A pack declaring a prompt for `specialist` at `prompts/<specialist>.md`, written and enabled. */
async function enabledPromptPack(
  packsDir: string,
  id: string,
  specialist: string,
  content = promptText("qa", `# ${id}'s prompt\n`),
): Promise<string> {
  const dir = await writePack(packsDir, id, manifest(id, { prompts: { [specialist]: `prompts/${specialist}.md` } }), {
    [`prompts/${specialist}.md`]: content,
  });
  await packs.setEnabled(id, true);
  return dir;
}

function resolved(result: ResolvedPrompt | PromptHardFailure): ResolvedPrompt {
  expect(result.ok, result.ok ? "" : (result as PromptHardFailure).message).toBe(true);
  return result as ResolvedPrompt;
}

function hard(result: ResolvedPrompt | PromptHardFailure): PromptHardFailure {
  expect(result.ok, "a hard failure").toBe(false);
  return result as PromptHardFailure;
}

/** How a file outside the project and the app is shown: `~/…` under the home directory, else absolute. */
function shownOutside(file: string): string[] {
  return [file, `~/${path.relative(os.homedir(), file).split(path.sep).join("/")}`];
}

describe("resolution order: enabled packs → project prompt → built-in prompt", () => {
  it("built-in: specialists/prompts/<id>.md", async () => {
    const result = resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }));
    expect(result).toMatchObject({
      specialistId: "cx-qa",
      source: "builtin",
      path: BUILTIN_QA,
      degraded: false,
      warnings: [],
      mode: "solo",
    });
    expect(result.content).toBe(await fs.readFile(path.join(APP_DIR, BUILTIN_QA), "utf8"));
  });

  it("project: <root>/.cx/prompts/<id>.md wins over the built-in prompt", async () => {
    await writeProjectPrompt("cx-qa", promptText("qa", "# Project QA\n"));
    const result = resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }));
    expect(result).toMatchObject({ source: "project", path: ".cx/prompts/cx-qa.md", degraded: false, warnings: [] });
    expect(result.content).toContain("# Project QA");
  });

  it("a project prompt swapped for a symlink (renamed over it) is not read through: next in line, with a warning", async () => {
    await writeProjectPrompt("cx-qa", promptText("qa", "# Project QA\n"));
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true })).source).toBe("project");
    const outside = path.join(env.base, "outside.md");
    await fs.writeFile(outside, promptText("qa", "# Outside QA\n"));
    const swap = path.join(path.dirname(projectPrompt("cx-qa")), ".swap");
    await fs.symlink(outside, swap);
    await fs.rename(swap, projectPrompt("cx-qa"));
    const result = resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }));
    expect(result).toMatchObject({ source: "builtin", path: BUILTIN_QA });
    expect(result.content).not.toContain("Outside QA");
    expect(result.warnings.join("\n")).toMatch(/symbolic link/);
  });

  it("an enabled pack wins over the project prompt; its source is the pack id", async () => {
    await writeProjectPrompt("cx-qa", promptText("qa", "# Project QA\n"));
    await enabledPromptPack(env.projectPacks, "qa-pack", "cx-qa");
    const result = resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }));
    expect(result).toMatchObject({
      source: "qa-pack",
      path: ".cx/packs/qa-pack/prompts/cx-qa.md",
      degraded: false,
      warnings: [],
    });
    expect(result.content).toContain("# qa-pack's prompt");
  });

  it("a scoped pack id is the source", async () => {
    await writePack(env.projectPacks, "@acme/qa", manifest("@acme/qa", { prompts: { "cx-qa": "prompts/qa.md" } }), {
      "prompts/qa.md": promptText("qa"),
    });
    await packs.setEnabled("@acme/qa", true);
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "@acme/qa",
      path: ".cx/packs/@acme/qa/prompts/qa.md",
    });
  });

  it("a disabled pack is not used", async () => {
    await writePack(env.projectPacks, "qa-pack", manifest("qa-pack", { prompts: { "cx-qa": "prompts/cx-qa.md" } }), {
      "prompts/cx-qa.md": promptText("qa"),
    });
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "builtin",
      path: BUILTIN_QA,
    });
  });

  it("an enabled pack that declares no prompt for the id is passed over", async () => {
    await enabledPromptPack(env.projectPacks, "other-pack", "cx-architect");
    await writeProjectPrompt("cx-qa", promptText("qa"));
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "project",
      path: ".cx/prompts/cx-qa.md",
    });
  });

  it.each([
    ["the user pack enabled last", ["project-qa", "user-qa"]],
    ["the user pack enabled first", ["user-qa", "project-qa"]],
  ])("project packs come before user packs (%s)", async (_label, order) => {
    await writePack(env.projectPacks, "project-qa", manifest("project-qa", { prompts: { "cx-qa": "prompts/qa.md" } }), {
      "prompts/qa.md": promptText("qa"),
    });
    await writePack(env.userPacks, "user-qa", manifest("user-qa", { prompts: { "cx-qa": "prompts/qa.md" } }), {
      "prompts/qa.md": promptText("qa"),
    });
    for (const id of order) await packs.setEnabled(id, true);
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "project-qa",
      path: ".cx/packs/project-qa/prompts/qa.md",
    });

    await packs.setEnabled("project-qa", false);
    const fromUser = resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }));
    expect(fromUser.source).toBe("user-qa");
    expect(shownOutside(path.join(env.userPacks, "user-qa", "prompts", "qa.md"))).toContain(fromUser.path);
  });

  it("an enabled pack that fails to load (compatVersion not satisfied) does not serve its prompt", async () => {
    const dir = await enabledPromptPack(env.projectPacks, "stale-pack", "cx-qa");
    await fs.writeFile(
      path.join(dir, "pack.manifest.json"),
      JSON.stringify(manifest("stale-pack", { compatVersion: "^9.0.0", prompts: { "cx-qa": "prompts/cx-qa.md" } })),
    );
    expect((await packs.list()).packs[0].errors.join("\n")).toContain("^9.0.0");
    const result = await resolver.resolve("cx-qa", { builtinSpecialist: true });
    expect(result).not.toMatchObject({ ok: true, source: "stale-pack" });
  });

  it("refuses a specialist id that is not an id", async () => {
    const error = await resolver.resolve("../etc/passwd", { builtinSpecialist: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
  });
});

/**
 * The packs failure matrix, per scenario, as the resolver must apply it. `hard`: `ok: false`
 * naming the specialist and the file (and the pack, when one is involved). `degraded`: `ok: true`,
 * `degraded: true`, a warning, and the named fallback source.
 */
type Scenario = {
  name: string;
  scenario: string;
  specialist: string;
  builtinSpecialist: boolean;
  setup: () => Promise<void>;
  solo: "hard" | { source: string; path: string | null };
  teamEnterprise: "hard";
  pack: string | null;
  file: string;
};

const SCENARIOS: Scenario[] = [
  {
    name: "pack prompt missing",
    scenario: "pack-prompt-missing",
    specialist: "cx-qa",
    builtinSpecialist: true,
    setup: async () => {
      const dir = await enabledPromptPack(env.projectPacks, "broken-pack", "cx-qa");
      await fs.rm(path.join(dir, "prompts", "cx-qa.md"));
    },
    solo: "hard",
    teamEnterprise: "hard",
    pack: "broken-pack",
    file: "prompts/cx-qa.md",
  },
  {
    name: "pack prompt malformed (no role)",
    scenario: "pack-prompt-malformed",
    specialist: "cx-qa",
    builtinSpecialist: true,
    setup: async () => {
      const dir = await enabledPromptPack(env.projectPacks, "broken-pack", "cx-qa");
      await fs.writeFile(path.join(dir, "prompts", "cx-qa.md"), "---\nname: cx-qa\n---\n\n# QA\n");
    },
    solo: "hard",
    teamEnterprise: "hard",
    pack: "broken-pack",
    file: "prompts/cx-qa.md",
  },
  {
    name: "pack prompt malformed (not YAML)",
    scenario: "pack-prompt-malformed",
    specialist: "cx-qa",
    builtinSpecialist: true,
    setup: async () => {
      const dir = await enabledPromptPack(env.userPacks, "broken-user-pack", "cx-qa");
      await fs.writeFile(path.join(dir, "prompts", "cx-qa.md"), "---\nrole: [qa\n---\n\n# QA\n");
    },
    solo: "hard",
    teamEnterprise: "hard",
    pack: "broken-user-pack",
    file: "prompts/cx-qa.md",
  },
  {
    name: "optional prompt missing for a non-builtin specialist",
    scenario: "optional-prompt-missing",
    specialist: "custom-helper",
    builtinSpecialist: false,
    setup: async () => {},
    solo: { source: "fallback", path: null },
    teamEnterprise: "hard",
    pack: null,
    file: "custom-helper",
  },
  {
    name: "builtin prompt absent for a builtin specialist",
    scenario: "builtin-prompt-missing",
    specialist: "cx-ghost",
    builtinSpecialist: true,
    setup: async () => {},
    solo: "hard",
    teamEnterprise: "hard",
    pack: null,
    file: "specialists/prompts/cx-ghost.md",
  },
  {
    name: "project prompt malformed",
    scenario: "project-prompt-malformed",
    specialist: "cx-qa",
    builtinSpecialist: true,
    setup: async () => writeProjectPrompt("cx-qa", "---\nname: cx-qa\n---\n\n# Project QA without a role\n"),
    solo: { source: "builtin", path: BUILTIN_QA },
    teamEnterprise: "hard",
    pack: null,
    file: ".cx/prompts/cx-qa.md",
  },
];

type ModeSetting = { mode: DeploymentMode; via: "default" | "config" | "env" };
const MODES: ModeSetting[] = [
  { mode: "solo", via: "default" },
  { mode: "solo", via: "config" },
  { mode: "team", via: "config" },
  { mode: "team", via: "env" },
];

const matrix = SCENARIOS.flatMap((s) => [
  ...MODES.map((m) => ({ ...s, ...m })),
  ...(s.scenario === "optional-prompt-missing"
    ? [
        { ...s, mode: "enterprise" as const, via: "env" as const },
        { ...s, mode: "enterprise" as const, via: "config" as const },
      ]
    : []),
]).map((c) => ({ ...c, expected: c.mode === "solo" ? c.solo : c.teamEnterprise }));

const hardCases = matrix.filter((c) => c.expected === "hard");
const degradedCases = matrix.flatMap((c) => (c.expected === "hard" ? [] : [{ ...c, fallback: c.expected }]));

async function applyMode(setting: ModeSetting): Promise<void> {
  if (setting.via === "config") await writeMode(env.paths, setting.mode);
  if (setting.via === "env") process.env.CONSTRUCT_DEPLOYMENT_MODE = setting.mode;
}

async function runScenario(c: Scenario & ModeSetting): Promise<ResolvedPrompt | PromptHardFailure> {
  await c.setup();
  await applyMode(c);
  const result = await resolver.resolve(c.specialist, {
    builtinSpecialist: c.builtinSpecialist,
    record: { role: "helper", description: "Helps with the failure-matrix test." },
  });
  expect(result.mode).toBe(c.mode);
  return result;
}

describe("the failure matrix", () => {
  it("covers every scenario of the failure matrix in solo and team, and enterprise for one", () => {
    expect(new Set(matrix.map((c) => c.scenario))).toEqual(
      new Set([
        "pack-prompt-missing",
        "pack-prompt-malformed",
        "optional-prompt-missing",
        "builtin-prompt-missing",
        "project-prompt-malformed",
      ]),
    );
    expect(new Set(matrix.map((c) => c.mode))).toEqual(new Set(["solo", "team", "enterprise"]));
  });

  it.each(hardCases)("hard: $name — $mode mode (via $via)", async (c) => {
    const failure = hard(await runScenario(c));
    expect(failure).toMatchObject({ specialistId: c.specialist, scenario: c.scenario, pack: c.pack });
    for (const fragment of [`'${c.specialist}'`, c.file, ...(c.pack ? [`'${c.pack}'`] : [])])
      expect(failure.message).toContain(fragment);
    expect(failure.file).toContain(c.file);
  });

  it.each(degradedCases)("degraded: $name — $mode mode (via $via)", async (c) => {
    const ok = resolved(await runScenario(c));
    expect(ok).toMatchObject({ degraded: true, source: c.fallback.source, path: c.fallback.path });
    expect(ok.warnings.length).toBeGreaterThan(0);
    expect(ok.warnings.join("\n")).toContain(c.file);
    expect(ok.content.length).toBeGreaterThan(0);
  });

  it("the environment wins over config.json", async () => {
    await writeMode(env.paths, "team");
    process.env.CONSTRUCT_DEPLOYMENT_MODE = "solo";
    expect(resolved(await resolver.resolve("custom-helper", { builtinSpecialist: false }))).toMatchObject({
      mode: "solo",
      degraded: true,
      source: "fallback",
    });
    process.env.CONSTRUCT_DEPLOYMENT_MODE = "enterprise";
    await writeMode(env.paths, "solo");
    expect(hard(await resolver.resolve("custom-helper", { builtinSpecialist: false }))).toMatchObject({
      mode: "enterprise",
      scenario: "optional-prompt-missing",
    });
  });

  it("the solo fallback prompt is built from the record and is labelled as such", async () => {
    const ok = resolved(
      await resolver.resolve("custom-helper", {
        builtinSpecialist: false,
        record: { role: "helper", description: "Helps with the failure-matrix test." },
      }),
    );
    expect(ok.source).toBe("fallback");
    expect(ok.content).toContain("role: helper");
    expect(ok.content).toContain("Helps with the failure-matrix test.");
  });

  it("a non-builtin specialist with a project prompt is not degraded in team mode", async () => {
    await writeMode(env.paths, "team");
    await writeProjectPrompt("custom-helper", promptText("helper"));
    expect(resolved(await resolver.resolve("custom-helper", { builtinSpecialist: false }))).toMatchObject({
      source: "project",
      degraded: false,
      mode: "team",
    });
  });

  it("a healthy enabled pack resolves in team mode without warnings", async () => {
    process.env.CONSTRUCT_DEPLOYMENT_MODE = "team";
    await enabledPromptPack(env.projectPacks, "qa-pack", "cx-qa");
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "qa-pack",
      degraded: false,
      warnings: [],
      mode: "team",
    });
  });
});

/** Saves over whatever resolves, as a user who just read it would. */
function save(id: string, content: string) {
  return resolver.saveOverride(id, content, {
    ifMatch: "*",
    current: () => resolver.resolve(id, { builtinSpecialist: true }),
  });
}

describe("saveOverride", () => {
  it("writes <root>/.cx/prompts/<id>.md, which then resolves as the project prompt", async () => {
    const content = promptText("qa", "# Saved QA\n");
    expect(await save("cx-qa", content)).toBe(".cx/prompts/cx-qa.md");
    expect(await fs.readFile(projectPrompt("cx-qa"), "utf8")).toBe(content);
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "project",
      path: ".cx/prompts/cx-qa.md",
    });
  });

  it.each([
    ["frontmatter without role", "---\nname: cx-qa\n---\n\n# QA\n"],
    ["frontmatter that is not YAML", "---\nrole: [qa\n---\n\n# QA\n"],
    ["no frontmatter", "# QA\n"],
  ])("refuses %s and writes nothing", async (_label, content) => {
    const error = await save("cx-qa", content).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invalid");
    expect(await exists(projectPrompt("cx-qa"))).toBe(false);
  });

  it("refusing leaves an existing override byte for byte", async () => {
    await save("cx-qa", promptText("qa", "# Kept\n"));
    const before = await fs.readFile(projectPrompt("cx-qa"), "utf8");
    await expect(save("cx-qa", "---\nname: cx-qa\n---\n")).rejects.toBeInstanceOf(AppError);
    expect(await fs.readFile(projectPrompt("cx-qa"), "utf8")).toBe(before);
  });

  it("refuses with conflict, writing nothing, when the prompt that resolves differs from the one the user read", async () => {
    const read = await resolver.resolve("cx-qa", { builtinSpecialist: true });
    const readEtag = promptEtag(read.ok ? read.content : undefined);
    await fs.mkdir(path.dirname(projectPrompt("cx-qa")), { recursive: true });
    await fs.writeFile(projectPrompt("cx-qa"), promptText("qa", "# Written by another program\n"));
    const error = await resolver
      .saveOverride("cx-qa", promptText("qa", "# Mine\n"), {
        ifMatch: readEtag,
        current: () => resolver.resolve("cx-qa", { builtinSpecialist: true }),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((error as AppError).code).toBe("conflict");
    expect(await fs.readFile(projectPrompt("cx-qa"), "utf8")).toBe(promptText("qa", "# Written by another program\n"));
  });

  it("refuses an id that is not an id", async () => {
    await expect(save("../escape", promptText("qa"))).rejects.toBeInstanceOf(AppError);
    expect(await exists(path.join(env.root, ".cx", "escape.md"))).toBe(false);
  });
});

describe("packs.json written by hand", () => {
  it("an enabled pack listed by hand serves its prompt", async () => {
    await writePack(env.projectPacks, "hand-pack", manifest("hand-pack", { prompts: { "cx-qa": "prompts/qa.md" } }), {
      "prompts/qa.md": promptText("qa"),
    });
    await writePacksFile(env.paths, ["hand-pack"]);
    expect(resolved(await resolver.resolve("cx-qa", { builtinSpecialist: true }))).toMatchObject({
      source: "hand-pack",
    });
  });
});
