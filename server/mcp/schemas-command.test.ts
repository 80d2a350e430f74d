import { existsSync, readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_KIND_SPECS, FILE_KINDS, type FileKind, fileJsonSchema } from "@/schemas/file-kinds";
import { ENTITY_KINDS, SECTION_OF } from "@/schemas/kinds";
import { runCli } from "@/test/support/processes";
import { APP_DIR, BUILTIN_ORG_DIR, makeTmpDirs } from "@/test/support/temp-project";

/**
 * `construct-studio schemas`: the JSON Schemas an editor gets are generated from schemas/, accept
 * every file the studio ships, and reject a broken one.
 */

let base: string;
let cleanup: () => Promise<void>;
let outDir: string;
let printed: { "json.schemas": { fileMatch: string[]; url: string }[] };
const validators = new Map<FileKind, ReturnType<Ajv2020["compile"]>>();

beforeAll(async () => {
  ({ base, cleanup } = await makeTmpDirs("cs-schemas-"));
  const run = await runCli(["schemas", "--out", "editor/schemas"], { cwd: base });
  expect(run.code, run.stderr).toBe(0);
  printed = JSON.parse(run.stdout);
  outDir = path.join(base, "editor", "schemas");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const kind of FILE_KINDS) {
    const schema = JSON.parse(await fs.readFile(path.join(outDir, `${kind}.schema.json`), "utf8"));
    validators.set(kind, ajv.compile(schema));
  }
}, 30_000);

afterAll(async () => {
  await cleanup?.();
});

const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join(dir, f));
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as unknown;

function check(kind: FileKind, value: unknown): string[] {
  const validate = validators.get(kind)!;
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

describe("construct-studio schemas", () => {
  it("writes one schema per file kind, generated from schemas/, and prints the VS Code mapping", async () => {
    expect((await fs.readdir(outDir)).sort()).toEqual(FILE_KINDS.map((k) => `${k}.schema.json`).sort());
    for (const kind of FILE_KINDS)
      expect(JSON.parse(await fs.readFile(path.join(outDir, `${kind}.schema.json`), "utf8"))).toEqual(
        fileJsonSchema(kind),
      );
    expect(printed["json.schemas"]).toEqual(
      FILE_KINDS.map((kind) => ({
        fileMatch: FILE_KIND_SPECS[kind].fileMatch,
        url: `./editor/schemas/${kind}.schema.json`,
      })),
    );
    expect(printed["json.schemas"][2]).toEqual({
      fileMatch: ["**/org/specialists/*.json"],
      url: "./editor/schemas/specialist.schema.json",
    });
  });

  // A kind the built-in org holds no folder of has no built-in files to check.
  it.each(ENTITY_KINDS.filter((kind) => existsSync(path.join(BUILTIN_ORG_DIR, SECTION_OF[kind]))))(
    "accepts every built-in %s file",
    (kind) => {
      const files = jsonFiles(path.join(BUILTIN_ORG_DIR, SECTION_OF[kind]));
      expect(files.length).toBeGreaterThan(0);
      const problems = files.flatMap((file) => check(kind, read(file)).map((p) => `${path.basename(file)}: ${p}`));
      expect(problems).toEqual([]);
    },
  );

  it("accepts every built-in embed manifest, and the files the studio writes", () => {
    const manifests = jsonFiles(path.join(APP_DIR, "specialists", "workflows"));
    expect(manifests.length).toBe(4);
    expect(manifests.flatMap((file) => check("embed-manifest", read(file)))).toEqual([]);
    expect(check("embed-overlay", { id: "operations-triage", embed: { enabled: true } })).toEqual([]);
    expect(check("packs-file", { version: 1, enabled: { "research-pack": { enabledAt: "2026-07-03" } } })).toEqual([]);
    expect(check("pack-manifest", { id: "@acme/research-pack", version: "1.0.0", compatVersion: "^0.1.0" })).toEqual(
      [],
    );
    expect(check("layout", { version: 1, positions: { "specialist:cx-architect": { x: 10, y: -4.5 } } })).toEqual([]);
    expect(check("config", { deployment: { mode: "team" } })).toEqual([]);
    expect(
      check("accepted", { version: 1, accepted: [{ rule: "fence-glob-matches-nothing", reason: "later" }] }),
    ).toEqual([]);
    expect(check("accepted", { version: 1, accepted: [{ rule: "Bad Rule", reason: "x" }] })).toEqual([
      expect.stringMatching(/^\/accepted\/0\/rule must match/),
    ]);
  });

  it("rejects broken files, naming the field", () => {
    const architect = read(path.join(BUILTIN_ORG_DIR, "specialists", "cx-architect.json")) as Record<string, unknown>;
    expect(check("specialist", { ...architect, modelTier: "huge" })).toEqual([
      expect.stringMatching(/^\/modelTier must be equal to one of the allowed values/),
    ]);
    expect(check("specialist", { ...architect, id: "Bad_Id" })).toEqual([expect.stringMatching(/^\/id must match/)]);
    expect(check("specialist", { ...architect, fence: { allowedPath: ["src/**"] } })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/fence must have required property 'allowedPaths'/)]),
    );
    // A specialist without a team is Construct's graph error (specialist-missing-team), not a shape error; a team of the wrong type is.
    expect(check("specialist", { ...architect, team: 42 })).toEqual([expect.stringMatching(/^\/team must be string/)]);
    expect(check("pack-manifest", { id: "research-pack", version: "1.0.0" })).toEqual([
      expect.stringMatching(/must have required property 'compatVersion'/),
    ]);
    const triage = read(path.join(APP_DIR, "specialists", "workflows", "operations-triage.manifest.json")) as object;
    expect(check("embed-manifest", { ...triage, type: "cron" })).not.toEqual([]);
    expect(check("config", { deployment: { mode: "galactic" } })).not.toEqual([]);
  });
});
