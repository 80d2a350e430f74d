import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyOrg } from "@/schemas/kinds";
import { APP_DIR, makeTmpDirs, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";
import { resolvePaths, type StudioPaths } from "../config";
import { OrgApi } from "./org-api";

/** Dry runs (what the MCP change tools do by default) and the import's version check, on the façade itself. */

let base: string;
let root: string;
let home: string;
let paths: StudioPaths;
let api: OrgApi;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-dry-"));
  paths = resolvePaths({ root, home, appDir: APP_DIR, configHome: path.join(base, "xdg") });
  api = new OrgApi(paths);
});

afterEach(async () => {
  api.close();
  await cleanup();
});

const everything = async () => new Map([...(await treeOf(root)), ...(await treeOf(home))]);

describe("dry runs write nothing, not even a folder or a lock", () => {
  it("update of a built-in record: the override file it would write, the merged record, the current etag", async () => {
    const before = await everything();
    const row = await api.getEntity("specialist", "cx-architect");
    const description = "A project's own description of the architect, long enough to pass.";
    const result = await api.updateEntity("specialist", "cx-architect", { description }, { dryRun: true });
    expect(result).toMatchObject({
      ok: true,
      dryRun: true,
      path: ".cx/org/specialists/cx-architect.json",
      file: { id: "cx-architect", description },
      etag: row?.etag,
    });
    expect(result.ok && result.record.name).toBe("architect");
    expect(await everything()).toEqual(before);
  });

  it("update with a stale etag is a conflict even as a dry run", async () => {
    const result = api.updateEntity(
      "specialist",
      "cx-architect",
      { description: "Whatever the agent wanted to write here, at some length." },
      { dryRun: true, ifMatch: '"sha256:stale"' },
    );
    await expect(result).rejects.toMatchObject({ code: "conflict" });
  });

  it("create of an invalid record: its FieldErrors, and nothing created", async () => {
    const before = await everything();
    const result = api.createEntity("specialist", specialistRecord("cx-dry-new", { modelTier: "huge" }), {
      dryRun: true,
    });
    await expect(result).rejects.toMatchObject({
      code: "invalid",
      errors: expect.arrayContaining([expect.objectContaining({ location: "#/specialists/cx-dry-new/modelTier" })]),
    });
    expect(await everything()).toEqual(before);
  });

  it("remove: the file it would remove and the etag to apply with; the file stays", async () => {
    const file = await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("cx-dry-gone"));
    const row = await api.getEntity("specialist", "cx-dry-gone");
    const result = await api.removeEntity("specialist", "cx-dry-gone", { dryRun: true });
    expect(result).toMatchObject({
      ok: true,
      dryRun: true,
      path: ".cx/org/specialists/cx-dry-gone.json",
      revealed: null,
      etag: row?.etag,
    });
    await fs.access(file);
  });
});

describe("import's etag", () => {
  const payload = () => ({ ...emptyOrg(), specialists: { "cx-imported": specialistRecord("cx-imported") } });

  it("the dry run's etag applies the import; once a replaced file changes, it is a conflict", async () => {
    const dry = await api.importOrg(payload(), { dryRun: true });
    expect(dry.ok).toBe(true);
    const etag = dry.ok ? dry.etag : "";
    await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("cx-imported", { name: "someone-else" }));
    await expect(api.importOrg(payload(), { ifMatch: etag })).rejects.toMatchObject({ code: "conflict" });
    const file = path.join(paths.projectOrgDir, "specialists", "cx-imported.json");
    expect(JSON.parse(await fs.readFile(file, "utf8")).name).toBe("someone-else");

    const again = await api.importOrg(payload(), { dryRun: true });
    expect(again.ok && again.etag).not.toBe(etag);
    const applied = await api.importOrg(payload(), { ifMatch: again.ok ? again.etag : "" });
    expect(applied).toMatchObject({ ok: true, dryRun: false, written: [".cx/org/specialists/cx-imported.json"] });
    expect(JSON.parse(await fs.readFile(file, "utf8")).name).toBe("cx-imported");
  });
});
