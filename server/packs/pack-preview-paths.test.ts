import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { specialistRecord } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { isAppError } from "../errors";
import { OrgApi } from "../org/org-api";
import { OrgTestService } from "../org-tests/org-test-service";
import { PlanService } from "../plan/plan-service";
import { PackPreviewService } from "./pack-preview";
import { PackService } from "./pack-service";
import { PromptResolver } from "./prompt-resolver";
import { unstaged, unstagedError } from "./staged-names";
import {
  clearPackEnv,
  makePackEnv,
  manifest,
  type PackEnv,
  promptText,
  restoreEnv,
  saveEnv,
  writePack,
} from "./test-support/pack-fixtures";

/** A pack is previewed from a temporary staging folder, whose name none of the preview's text may carry. */

let env: PackEnv;
let saved: Record<string, string | undefined>;
let previews: PackPreviewService;

beforeEach(async () => {
  saved = saveEnv();
  clearPackEnv();
  env = await makePackEnv("cs-pack-paths-");
  const packs = new PackService(env.paths);
  const org = new OrgApi(env.paths, { packs });
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
const STAGING = /cs-pack-preview-|\.staging-/;
const tmp = os.tmpdir();

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected an AppError, got ${String(error)}`).toBe(true);
  return error as import("../errors").AppError;
}

describe("the install preview names files inside the pack", () => {
  it("a prompt, records that break the org and a record filed under another id: no staging folder anywhere", async () => {
    const src = await writePack(
      path.join(env.base, "src"),
      "leaky-pack",
      manifest("leaky-pack", { prompts: { "cx-qa": "prompts/cx-qa.md" } }),
      {
        "prompts/cx-qa.md": promptText("qa"),
        "org/specialists/cx-qa.json": json({ id: "cx-qa", fence: { allowedCommands: ["make build"] } }),
        "org/specialists/stray.json": json(specialistRecord("stray", { team: "no-such-team", description: "short" })),
        "org/specialists/odd.json": json({ ...specialistRecord("odd"), id: "other-id" }),
      },
    );
    const preview = await previews.previewInstall({ folder: src }, "project", "src/leaky-pack");
    const text = JSON.stringify(preview);
    expect(text).not.toMatch(STAGING);
    expect(text).not.toContain(tmp);
    expect(preview.prompts).toContainEqual({
      specialist: "cx-qa",
      before: "builtin (specialists/prompts/cx-qa.md)",
      after: "leaky-pack (.cx/packs/leaky-pack/prompts/cx-qa.md)",
    });
    expect(preview.errors.length).toBeGreaterThan(0);
    for (const e of preview.errors) if (e.path) expect(e.path).toMatch(/^\.cx\/packs\/leaky-pack\/org\//);
  });

  it("a pack whose files cannot be read is refused naming them inside the pack, and nothing is written", async () => {
    const src = await writePack(path.join(env.base, "src"), "bad-pack", manifest("bad-pack"), {
      "org/specialists/x.json": "{ nope",
      "org/teams/t.json": "[1]",
    });
    const before = snapshotContent(env.root);
    const error = await refusal(previews.previewInstall({ folder: src }, "project", "src/bad-pack"));
    expect(error.code).toBe("invalid");
    expect(error.message).toContain("org/specialists/x.json: invalid JSON");
    expect(error.message).toContain("org/teams/t.json: the file must hold one JSON object");
    expect(error.message).not.toMatch(STAGING);
    expect(error.message).not.toContain(tmp);
    expect(snapshotContent(env.root)).toEqual(before);
  });

  it("a manifest that is not JSON is refused naming pack.manifest.json, and nothing is written", async () => {
    const src = await writePack(path.join(env.base, "src"), "broken-manifest", '{ "id": "broken-manifest", ');
    const before = snapshotContent(env.root);
    const error = await refusal(previews.previewInstall({ folder: src }, "project", "src/broken-manifest"));
    expect(error.message).toMatch(/^the pack cannot be installed: pack\.manifest\.json: failed to parse JSON/);
    expect(error.message).not.toContain(tmp);
    expect(snapshotContent(env.root)).toEqual(before);
  });
});

describe("unstaged", () => {
  const dir = path.join(tmp, "cs-pack-preview-AbC123", "pack");

  it("names a path inside the staged pack as the path inside the pack, or where the pack will live", () => {
    const text = `open '${dir}/org/specialists/a.json' failed; see ${dir}`;
    expect(unstaged(dir)(text)).toBe("open 'org/specialists/a.json' failed; see .");
    expect(unstaged(dir, ".cx/packs/a")(text)).toBe(
      "open '.cx/packs/a/org/specialists/a.json' failed; see .cx/packs/a",
    );
  });

  it("turns a raw I/O failure in the staging folder into an error naming the file inside the pack", () => {
    const raw = Object.assign(new Error(`EIO: i/o error, open '${dir}/org/a.json'`), { code: "EIO" });
    const error = unstagedError(raw, "previewing the pack", unstaged(dir));
    expect(error.code).toBe("io");
    expect(error.message).toBe("previewing the pack: EIO: i/o error, open 'org/a.json'");
  });

  it("leaves text that names no staging folder alone", () => {
    expect(unstaged(dir)("/srv/packs/x.json and org/a.json")).toBe("/srv/packs/x.json and org/a.json");
  });
});
