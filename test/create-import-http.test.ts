import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as collection from "@/app/api/org/[kind]/route";
import * as importRoute from "@/app/api/org/import/route";
import { stringifyRecord } from "@/lib/json/safe-json";
import { specialistRecord, type TempProject, tempProject } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";

/** Creating a taken id and importing over hand-written records, through the route handlers, in an earlier-org project. */

let project: TempProject;
const saved: Record<string, string | undefined> = {};
const holder = globalThis as { __constructStudio?: { close: () => void } };
const base = "http://127.0.0.1/api";
const JSON_TYPE = { "Content-Type": "application/json" };
const kindOf = (kind: string) => ({ params: Promise.resolve({ kind }) });
const file = (id: string) => path.join(project.root, ".cx", "org", "specialists", `${id}.json`);
const onDisk = (id: string) => JSON.parse(readFileSync(file(id), "utf8"));
const disk = async () => new Map([...(await treeOf(project.root)), ...(await treeOf(project.home))]);

// A record written by hand: more fields than any export of an override carries.
const handWritten = (id: string) =>
  specialistRecord(id, {
    displayName: `Hand ${id}`,
    when_to_use: "When the fixtures need a careful second reader before they land.",
    handoffCandidates: ["qa"],
  });
// The same record as another project exported it: a new description, no displayName, when_to_use or handoffs.
const exported = (id: string) =>
  specialistRecord(id, { description: `The ${id} specialist, as the other project describes its fixtures.` });

const importing = (payload: unknown, query: string) =>
  importRoute.POST(
    new Request(`${base}/org/import?${query}`, { method: "POST", headers: JSON_TYPE, body: JSON.stringify(payload) }),
    undefined,
  );

beforeAll(() => {
  project = tempProject({ prefix: "cs-create-import-" });
  for (const key of ["CONSTRUCT_ROOT", "CONSTRUCT_HOME", "CONSTRUCT_VERSION"]) saved[key] = process.env[key];
  process.env.CONSTRUCT_ROOT = project.root;
  process.env.CONSTRUCT_HOME = path.join(project.home, ".construct");
  process.env.CONSTRUCT_VERSION = "adr";
  holder.__constructStudio?.close();
  delete holder.__constructStudio;
});

afterAll(() => {
  holder.__constructStudio?.close();
  delete holder.__constructStudio;
  for (const [key, value] of Object.entries(saved))
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  project?.remove();
});

beforeEach(() => {
  project.write({
    ".cx/org/specialists/hand-one.json": stringifyRecord(handWritten("hand-one")),
    ".cx/org/specialists/hand-two.json": stringifyRecord(handWritten("hand-two")),
  });
});

describe("POST /api/org/{kind} with an id a tier holds", () => {
  it("is a 409 in the API's error shape naming the tier, and nothing on disk changes", async () => {
    const before = await disk();
    for (const [id, tier] of [
      ["cx-engineer", "builtin"],
      ["hand-one", "project"],
    ]) {
      const response = await collection.POST(
        new Request(`${base}/org/specialist`, {
          method: "POST",
          headers: JSON_TYPE,
          body: JSON.stringify(specialistRecord(id)),
        }),
        kindOf("specialist"),
      );
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body.error).toEqual({
        code: "conflict",
        message: expect.stringContaining(`specialist "${id}" already exists in the ${tier} tier`),
      });
      expect(body.errors).toEqual([
        expect.objectContaining({ id: "specialist-already-exists", location: `#/specialists/${id}/id`, field: "id" }),
      ]);
    }
    expect(await disk()).toEqual(before);
  });
});

describe("POST /api/org/import over hand-written records", () => {
  const payload = { specialists: { "hand-one": exported("hand-one"), "hand-two": exported("hand-two") } };

  it("the dry run lists each update's field diff, flags the fields it lacks, defaults to merge, and writes nothing", async () => {
    const before = await disk();
    const response = await importing(payload, "dryRun=1");
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.files).toHaveLength(2);
    const [one] = result.files;
    expect(one).toMatchObject({ action: "update", key: "specialists/hand-one", mode: "merge" });
    expect(one.diff).toEqual([
      {
        field: "description",
        change: "changed",
        before: handWritten("hand-one").description,
        after: exported("hand-one").description,
      },
      { field: "displayName", change: "removed", before: "Hand hand-one" },
      { field: "when_to_use", change: "removed", before: handWritten("hand-one").when_to_use },
      { field: "handoffCandidates", change: "removed", before: ["qa"] },
    ]);
    expect(await disk()).toEqual(before);
  });

  it("merges by default: the fields the import lacks stay", async () => {
    const response = await importing(payload, "");
    expect(response.status).toBe(200);
    for (const id of ["hand-one", "hand-two"])
      expect(onDisk(id)).toEqual({ ...handWritten(id), description: exported(id).description });
  });

  it("replaces the records named, merges the rest", async () => {
    const dry = await (await importing(payload, "dryRun=1&replace=specialists/hand-one")).json();
    expect(dry.files.map((f: { mode: string }) => f.mode)).toEqual(["replace", "merge"]);
    const response = await importing(payload, "replace=specialists/hand-one");
    expect(response.status).toBe(200);
    expect(onDisk("hand-one")).toEqual(exported("hand-one"));
    expect(onDisk("hand-two")).toEqual({ ...handWritten("hand-two"), description: exported("hand-two").description });
  });

  it("mode=replace replaces every record, and an unknown mode is a 400 that writes nothing", async () => {
    const before = await disk();
    const refused = await importing(payload, "mode=overwrite");
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain('unknown import mode "overwrite"');
    expect(await disk()).toEqual(before);
    expect((await importing(payload, "mode=replace")).status).toBe(200);
    for (const id of ["hand-one", "hand-two"]) expect(onDisk(id)).toEqual(exported(id));
  });
});
