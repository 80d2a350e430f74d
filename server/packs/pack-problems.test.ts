import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { specialistRecord } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { PackService } from "./pack-service";
import {
  clearPackEnv,
  makePackEnv,
  manifest,
  type PackEnv,
  restoreEnv,
  saveEnv,
  writePack,
} from "./test-support/pack-fixtures";

/** What a pack's card lists: each problem with its rule and the file inside the pack, and whether it stops loading. */

let env: PackEnv;
let saved: Record<string, string | undefined>;
let packs: PackService;

beforeEach(async () => {
  saved = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-pack-problems-");
  packs = new PackService(env.paths);
});

afterEach(async () => {
  restoreEnv(saved);
  await env.cleanup();
});

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const row = async (id: string) => (await packs.list()).packs.find((p) => p.id === id);

describe("a broken pack's problems", () => {
  it("a file that is not JSON: the rule, the file inside the pack, and the pack does not load", async () => {
    await writePack(env.projectPacks, "bad-json", manifest("bad-json"), { "org/specialists/x.json": "{ nope" });
    const before = snapshotContent(env.root);
    const pack = await row("bad-json");
    expect(pack?.problems).toEqual([
      expect.objectContaining({ file: "org/specialists/x.json", blocks: true, rule: expect.stringMatching(/^file-/) }),
    ]);
    expect(pack?.problems[0].message).toContain("org/specialists/x.json: invalid JSON");
    expect(pack?.errors).toEqual([pack?.problems[0].message]);
    expect(snapshotContent(env.root)).toEqual(before);
  });

  it("a manifest with schema errors, one that is not JSON, and one that is missing", async () => {
    await writePack(env.projectPacks, "bad-schema", { id: "bad-schema", compatVersion: ">=0.1.0" });
    await writePack(env.projectPacks, "bad-manifest", '{ "id": ');
    await writePack(env.projectPacks, "no-manifest", manifest("no-manifest"));
    rmSync(path.join(env.projectPacks, "no-manifest", "pack.manifest.json"));
    expect((await row("bad-schema"))?.problems).toEqual([
      expect.objectContaining({ rule: "pack-manifest", file: "pack.manifest.json", blocks: true }),
    ]);
    expect((await row("bad-schema"))?.problems[0].message).toContain("version");
    expect((await row("bad-manifest"))?.problems).toEqual([
      expect.objectContaining({ rule: "pack-manifest-json", file: "pack.manifest.json", blocks: true }),
    ]);
    expect((await row("no-manifest"))?.problems).toEqual([
      expect.objectContaining({ rule: "pack-manifest-missing", file: null, blocks: true }),
    ]);
  });

  it("a pack for another core: pack-compat on its manifest", async () => {
    await writePack(env.projectPacks, "future", manifest("future", { compatVersion: ">=99.0.0" }));
    const pack = await row("future");
    expect(pack?.problems).toEqual([
      expect.objectContaining({ rule: "pack-compat", file: "pack.manifest.json", blocks: true }),
    ]);
    expect(pack?.problems[0].message).toContain("requires core >=99.0.0");
  });

  it("a new record Construct would refuse is listed with its rule and file; the pack still loads", async () => {
    await writePack(env.projectPacks, "weak-records", manifest("weak-records"), {
      "org/specialists/stray.json": json(specialistRecord("stray", { description: "too short" })),
      // A record of the built-in tier, overridden field by field: whole only once merged, so not judged alone.
      "org/specialists/cx-qa.json": json({ id: "cx-qa", fence: { allowedCommands: ["make build"] } }),
    });
    const pack = await row("weak-records");
    expect(pack?.errors).toEqual([]);
    expect(pack?.problems).toEqual([
      {
        rule: "custom-specialist-description",
        file: "org/specialists/stray.json",
        message: expect.stringMatching(/^org\/specialists\/stray\.json: /),
        blocks: false,
      },
    ]);
  });

  it("a record the project comes to hold is an override from the next listing on, and one removed is judged alone again", async () => {
    await writePack(env.projectPacks, "partial", manifest("partial"), {
      "org/specialists/cx-later.json": json({ id: "cx-later", fence: { allowedCommands: ["make build"] } }),
    });
    const judged = async () => ((await row("partial"))?.problems ?? []).map((p) => p.file);
    expect(await judged()).toEqual(expect.arrayContaining(["org/specialists/cx-later.json"]));
    const own = path.join(env.paths.projectOrgDir, "specialists", "cx-later.json");
    mkdirSync(path.dirname(own), { recursive: true });
    writeFileSync(own, json(specialistRecord("cx-later")));
    expect(await judged()).toEqual([]);
    rmSync(own);
    expect(await judged()).toEqual(expect.arrayContaining(["org/specialists/cx-later.json"]));
  });

  it("a clean pack has no problems", async () => {
    await writePack(env.projectPacks, "clean", manifest("clean"), {
      "org/specialists/helper.json": json(specialistRecord("helper")),
    });
    expect((await row("clean"))?.problems).toEqual([]);
  });
});
