import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { overlaps, structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { stringifyRecord } from "@/lib/json/safe-json";
import { groupReferrers, referrersOf } from "@/lib/org/referrers";
import type { OrgPayload } from "@/schemas/api";
import type { FieldError } from "@/schemas/field-error";
import { type EntityRecord, emptyOrg, SECTIONS } from "@/schemas/kinds";
import {
  APP_DIR,
  BUILTIN_ORG_DIR,
  makeTmpDirs,
  readBuiltin,
  specialistRecord,
  writeRecord,
} from "@/test/support/temp-project";
import { filesUnder, treeOf } from "@/test/support/tree";
import { resolvePaths, type StudioPaths } from "../config";
import { type AppError, isAppError } from "../errors";
import { browserGraph } from "../test-support/browser-graph";
import { OrgApi } from "./org-api";
import { validateTree } from "./validate-tree";

let base: string;
let root: string;
let home: string;
let paths: StudioPaths;
let api: OrgApi;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-org-");
  ({ base, root, home, cleanup } = tmp);
  paths = resolvePaths({ root, home, appDir: APP_DIR });
  api = new OrgApi(paths);
});

afterEach(async () => {
  api.close();
  await cleanup();
});

const projectFile = (section: string, id: string) => path.join(paths.projectOrgDir, section, `${id}.json`);
const userFile = (section: string, id: string) => path.join(paths.userOrgDir, section, `${id}.json`);
const readJson = async (file: string) => JSON.parse(await fs.readFile(file, "utf8")) as EntityRecord;
const PROJECT_PREFIX = ".cx/org";

type Failed = {
  code: string;
  message: string;
  errors: FieldError[];
  current?: { record: EntityRecord; etag: string } | null;
};
/** A refusal: the façade throws it as an AppError (code, message, FieldErrors, the current version). */
async function failed(attempt: Promise<unknown> | (() => Promise<unknown>)): Promise<Failed> {
  const error = await (typeof attempt === "function" ? attempt() : attempt).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), "refused with an AppError").toBe(true);
  const { code, message, errors, current } = error as AppError;
  return {
    code,
    message,
    errors: errors ?? [],
    ...(current !== undefined ? { current: current as Failed["current"] } : {}),
  };
}

async function builtinSnapshot(): Promise<Map<string, string>> {
  return treeOf(BUILTIN_ORG_DIR);
}

describe("tier merge and precedence", () => {
  it("the built-in tier alone: 101 entities, each row scoped builtin with its path and no overrides", async () => {
    let total = 0;
    for (const kind of ["group", "team", "specialist", "contract", "policy"] as const)
      total += (await api.listEntities(kind)).count;
    expect(total).toBe(101);
    const row = (await api.listEntities("specialist")).items.find((i) => i.id === "cx-architect")!;
    expect(row).toMatchObject({
      scope: "builtin",
      path: "specialists/org/specialists/cx-architect.json",
      overrides: [],
    });
    expect(row.record).toEqual(await readBuiltin("specialists", "cx-architect"));
    expect(row.etag).toMatch(/^"sha256:[0-9a-f]{64}"$/);
  });

  it("merges builtin → user → project field by field; the row names the winning tier and what it shadows", async () => {
    await writeRecord(paths.userOrgDir, "specialists", {
      id: "cx-architect",
      displayName: "User Architect",
      description: "The user tier's description of the architect role.",
    });
    await writeRecord(paths.projectOrgDir, "specialists", {
      id: "cx-architect",
      description: "The project tier's description of the architect role.",
    });
    const builtin = await readBuiltin("specialists", "cx-architect");
    const got = (await api.getEntity("specialist", "cx-architect"))!;
    expect(got.record).toEqual({
      ...builtin,
      displayName: "User Architect",
      description: "The project tier's description of the architect role.",
    });
    expect(got.scope).toBe("project");
    expect(got.path).toBe(`${PROJECT_PREFIX}/specialists/cx-architect.json`);
    expect(got.overrides).toEqual([
      { scope: "builtin", path: "specialists/org/specialists/cx-architect.json" },
      { scope: "user", path: "org/specialists/cx-architect.json" },
    ]);
    const row = (await api.listEntities("specialist")).items.find((i) => i.id === "cx-architect")!;
    expect(row).toMatchObject({
      scope: "project",
      path: got.path,
      overrides: got.overrides,
      record: got.record,
      etag: got.etag,
    });
    expect((await api.validateAll()).errors).toEqual([]);
  });

  it("a project file holding only `description` overrides just that field", async () => {
    await writeRecord(paths.projectOrgDir, "specialists", {
      id: "cx-engineer",
      description: "Only this field differs from the built-in engineer.",
    });
    const builtin = await readBuiltin("specialists", "cx-engineer");
    expect((await api.getEntity("specialist", "cx-engineer"))!.record).toEqual({
      ...builtin,
      description: "Only this field differs from the built-in engineer.",
    });
  });

  it("a user file wins over builtin when the project has none", async () => {
    await writeRecord(paths.userOrgDir, "teams", { id: "quality-team", name: "Quality (mine)" });
    const got = (await api.getEntity("team", "quality-team"))!;
    expect(got).toMatchObject({
      scope: "user",
      path: "org/teams/quality-team.json",
      overrides: [{ scope: "builtin", path: "specialists/org/teams/quality-team.json" }],
    });
    expect(got.record.name).toBe("Quality (mine)");
    expect(got.record.owner).toBe("reviewer");
  });

  it("replaces nested objects such as `fence` whole", async () => {
    await writeRecord(paths.projectOrgDir, "specialists", { id: "cx-qa", fence: { allowedPaths: ["tests/**"] } });
    expect((await api.getEntity("specialist", "cx-qa"))!.record.fence).toEqual({ allowedPaths: ["tests/**"] });
  });

  it("takes a missing id from the file name; a different valid id keys the record, with a warning", async () => {
    // Construct: registry key = the record's id when present, else the file name.
    const rec = specialistRecord("solo-one");
    delete rec.id;
    await writeRecord(paths.projectOrgDir, "specialists", rec, "solo-one.json");
    await writeRecord(
      paths.projectOrgDir,
      "specialists",
      specialistRecord("solo-two", { id: "something-else", name: "something-else" }),
      "solo-two.json",
    );
    expect((await api.getEntity("specialist", "solo-one"))!.record.id).toBe("solo-one");
    expect(await api.getEntity("specialist", "solo-two")).toBeNull();
    expect((await api.getEntity("specialist", "something-else"))!.path).toBe(
      `${PROJECT_PREFIX}/specialists/solo-two.json`,
    );
    const { warnings, errors } = await api.validateAll();
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({
        id: "file-id-mismatch",
        location: "#/specialists/something-else",
        path: `${PROJECT_PREFIX}/specialists/solo-two.json`,
      }),
    ]);

    // An update is written to the record's own file, not to a second one named after its id.
    const updated = await api.updateEntity("specialist", "something-else", { displayName: "Else" });
    expect(updated).toMatchObject({ ok: true, path: `${PROJECT_PREFIX}/specialists/solo-two.json` });
    expect(await filesUnder(root)).toEqual([
      `${PROJECT_PREFIX}/specialists/solo-one.json`,
      `${PROJECT_PREFIX}/specialists/solo-two.json`,
    ]);
    expect(await readJson(projectFile("specialists", "solo-two"))).toMatchObject({
      id: "something-else",
      displayName: "Else",
    });
  });

  it("a second file holding the same id in one tier is an error naming both files, and is ignored", async () => {
    await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("twin"), "twin.json");
    await writeRecord(
      paths.projectOrgDir,
      "specialists",
      specialistRecord("zz-other", { id: "twin" }),
      "zz-other.json",
    );
    const { errors } = await api.validateAll();
    expect(errors).toEqual([
      expect.objectContaining({
        id: "file-id-duplicate",
        location: "#/specialists/twin",
        path: `${PROJECT_PREFIX}/specialists/zz-other.json`,
        message: expect.stringContaining(`${PROJECT_PREFIX}/specialists/twin.json`),
      }),
    ]);
    expect((await api.getEntity("specialist", "twin"))!.path).toBe(`${PROJECT_PREFIX}/specialists/twin.json`);
  });

  it("a record's problems are matched by whole pointer segments: `ops` does not take those of `ops-2`", async () => {
    await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("ops"));
    await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("ops-2", { modelTier: "bogus" }));
    const other = (await api.getEntity("specialist", "ops-2"))!;
    expect(other.errors.length).toBeGreaterThan(0);
    expect(other.errors.every((e) => e.location.startsWith("#/specialists/ops-2"))).toBe(true);
    expect((await api.getEntity("specialist", "ops"))!.errors).toEqual([]);
    const listed = await api.listEntities("specialist");
    expect(listed.errors).toEqual(expect.arrayContaining(other.errors));
    expect((await api.listEntities("team")).errors.filter((e) => e.location.includes("ops-2"))).toEqual([]);
  });

  it("uses <root>/.construct as the project directory when it exists", async () => {
    await fs.mkdir(path.join(root, ".construct"));
    const constructApi = new OrgApi(resolvePaths({ root, home, appDir: APP_DIR }));
    const result = await constructApi.updateEntity("specialist", "cx-qa", { displayName: "QA" }, { scope: "project" });
    expect(result).toMatchObject({ ok: true, path: ".construct/org/specialists/cx-qa.json" });
    expect(await filesUnder(root)).toEqual([".construct/org/specialists/cx-qa.json"]);
  });
});

describe("create, update and remove", () => {
  it.each(["project", "user"] as const)(
    "in the %s tier: create writes a canonical file, update patches it, remove deletes it",
    async (scope) => {
      const file = scope === "project" ? projectFile("specialists", "new-one") : userFile("specialists", "new-one");
      const shown = scope === "project" ? `${PROJECT_PREFIX}/specialists/new-one.json` : "org/specialists/new-one.json";
      // Keys given out of order are written in the canonical order, two-space indented, final newline.
      const { team, fence, ...rest } = specialistRecord("new-one");
      const created = await api.createEntity("specialist", { team, fence, ...rest }, { scope });
      expect(created).toMatchObject({ ok: true, path: shown, record: specialistRecord("new-one") });
      expect(await fs.readFile(file, "utf8")).toBe(stringifyRecord(specialistRecord("new-one")));
      const got = (await api.getEntity("specialist", "new-one"))!;
      expect(got).toMatchObject({ scope, path: shown, overrides: [] });
      expect(got.etag).toBe(created.ok && created.etag);

      const updated = await api.updateEntity(
        "specialist",
        "new-one",
        { displayName: "New One" },
        { scope, ifMatch: got.etag },
      );
      expect(updated.ok).toBe(true);
      expect(await readJson(file)).toEqual({ ...specialistRecord("new-one"), displayName: "New One" });
      expect(updated.ok && updated.etag).not.toBe(got.etag);

      const removed = await api.removeEntity("specialist", "new-one", { scope });
      expect(removed).toEqual({
        ok: true,
        path: shown,
        revealed: null,
        record: expect.objectContaining({ id: expect.any(String) }),
        etag: null,
      });
      expect(await api.getEntity("specialist", "new-one")).toBeNull();
      expect(await filesUnder(base)).toEqual([]);
    },
  );

  it("a create whose id is already in that tier is a conflict", async () => {
    expect((await api.createEntity("specialist", specialistRecord("dup-one"))).ok).toBe(true);
    const again = await failed(api.createEntity("specialist", specialistRecord("dup-one", { displayName: "Second" })));
    expect(again.code).toBe("conflict");
    expect(again.errors.map((e) => e.id)).toEqual(["specialist-already-exists"]);
    expect((await readJson(projectFile("specialists", "dup-one"))).displayName).toBeUndefined();
  });

  it("a create whose id a lower tier holds is refused naming that tier, and nothing on disk changes", async () => {
    await writeRecord(path.join(home, "org"), "specialists", specialistRecord("user-one"));
    const before = new Map([...(await treeOf(root)), ...(await treeOf(home))]);
    const builtin = await failed(api.createEntity("specialist", specialistRecord("cx-engineer")));
    expect(builtin.code).toBe("conflict");
    expect(builtin.message).toContain('specialist "cx-engineer" already exists in the builtin tier');
    expect(builtin.errors).toEqual([
      expect.objectContaining({ id: "specialist-already-exists", location: "#/specialists/cx-engineer/id" }),
    ]);
    const user = await failed(api.createEntity("specialist", specialistRecord("user-one")));
    expect(user.message).toContain("already exists in the user tier");
    const contract = await failed(
      api.createEntity("contract", { ...(await readBuiltin("contracts", "any-to-debugger")) }),
    );
    expect(contract.errors.map((e) => e.id)).toEqual(["contract-already-exists"]);
    const group = await failed(api.createEntity("team", { id: "engineering-team" }, { ownerSpecialist: "cx-qa" }));
    expect(group.message).toContain('team "engineering-team" already exists in the builtin tier');
    expect(new Map([...(await treeOf(root)), ...(await treeOf(home))])).toEqual(before);
  });

  it("restoreLayer puts a removed project layer back over the built-in record (an undone delete)", async () => {
    await api.updateEntity("specialist", "cx-qa", { displayName: "QA lead" }, { scope: "project" });
    const removed = await api.removeEntity("specialist", "cx-qa", { scope: "project" });
    const restored = await api.createEntity("specialist", removed.record, { restoreLayer: true });
    expect(restored.ok).toBe(true);
    expect(await readJson(projectFile("specialists", "cx-qa"))).toEqual({ id: "cx-qa", displayName: "QA lead" });
    const again = await failed(api.createEntity("specialist", removed.record, { restoreLayer: true }));
    expect(again.message).toContain("already exists in the project tier");
  });

  it("updating a builtin-only entity in the project tier writes a partial override holding only the patch", async () => {
    const builtin = await readBuiltin("specialists", "cx-architect");
    const result = await api.updateEntity(
      "specialist",
      "cx-architect",
      { description: "Architect, as this project sees the role." },
      { scope: "project" },
    );
    expect(result).toMatchObject({ ok: true, path: `${PROJECT_PREFIX}/specialists/cx-architect.json` });
    expect(await fs.readFile(projectFile("specialists", "cx-architect"), "utf8")).toBe(
      stringifyRecord({ id: "cx-architect", description: "Architect, as this project sees the role." }),
    );
    expect((await api.getEntity("specialist", "cx-architect"))!.record).toEqual({
      ...builtin,
      description: "Architect, as this project sees the role.",
    });

    // null removes a field from the override, which lets the built-in value show through again.
    await api.updateEntity("specialist", "cx-architect", { displayName: "Chief Architect" }, { scope: "project" });
    await api.updateEntity("specialist", "cx-architect", { description: null }, { scope: "project" });
    expect(await readJson(projectFile("specialists", "cx-architect"))).toEqual({
      id: "cx-architect",
      displayName: "Chief Architect",
    });

    const removed = await api.removeEntity("specialist", "cx-architect", { scope: "project" });
    expect(removed).toMatchObject({ ok: true, revealed: "builtin" });
    expect((await api.getEntity("specialist", "cx-architect"))!.record).toEqual(builtin);
    // The version the removal left, for an undo to send as If-Match.
    expect(removed.ok && removed.etag).toBe((await api.getEntity("specialist", "cx-architect"))!.etag);
  });

  it("an update that would make the record invalid writes nothing and names the field", async () => {
    const result = await failed(
      api.updateEntity("specialist", "cx-architect", { modelTier: "huge" }, { scope: "project" }),
    );
    expect(result.code).toBe("invalid");
    expect(result.errors).toContainEqual(
      expect.objectContaining({ field: "modelTier", location: "#/specialists/cx-architect/modelTier" }),
    );
    expect(await filesUnder(base)).toEqual([]);
  });

  it("an update cannot change the id, and an unknown id is not_found", async () => {
    const renamed = await failed(
      api.updateEntity("specialist", "cx-architect", { id: "cx-other" }, { scope: "project" }),
    );
    expect(renamed.code).toBe("invalid");
    expect(renamed.errors.map((e) => e.id)).toEqual(["id-immutable"]);
    expect(
      (await failed(api.updateEntity("specialist", "nobody-here", { displayName: "x" }, { scope: "project" }))).code,
    ).toBe("not_found");
    expect((await failed(api.removeEntity("specialist", "nobody-here", { scope: "project" }))).code).toBe("not_found");
    expect(await filesUnder(base)).toEqual([]);
  });

  it("the first call of a fresh façade may be a write (crash recovery must not deadlock with the tier lock)", async () => {
    const timeout = (ms: number) =>
      new Promise<"timed out">((resolve) => setTimeout(() => resolve("timed out"), ms).unref());
    const fresh = new OrgApi(paths);
    const created = await Promise.race([
      fresh.createEntity("specialist", specialistRecord("first-one")),
      timeout(5_000),
    ]);
    expect(created).toMatchObject({ ok: true });
    const freshUser = new OrgApi(paths);
    const updated = await Promise.race([
      freshUser.updateEntity("specialist", "cx-qa", { displayName: "QA" }, { scope: "user" }),
      timeout(5_000),
    ]);
    expect(updated).toMatchObject({ ok: true });
  });
});

describe("the builtin tier is read-only", () => {
  it("every write to scope builtin fails with `forbidden` / builtin-scope-readonly and writes nothing", async () => {
    const before = await builtinSnapshot();
    const attempts: [string, () => Promise<unknown>][] = [
      ["create", () => api.createEntity("specialist", specialistRecord("built-one"), { scope: "builtin" })],
      [
        "create over a builtin id",
        async () => api.createEntity("specialist", await readBuiltin("specialists", "cx-qa"), { scope: "builtin" }),
      ],
      ["update", () => api.updateEntity("specialist", "cx-qa", { displayName: "QA" }, { scope: "builtin" })],
      ["update a team", () => api.updateEntity("team", "quality-team", { name: "Q" }, { scope: "builtin" })],
      ["update a fence", () => api.updateEntity("fence", "cx-qa", { allowedPaths: ["**"] }, { scope: "builtin" })],
      ["remove", () => api.removeEntity("policy", "testing", { scope: "builtin", force: true })],
      [
        "remove a builtin-only entity from the project tier",
        () => api.removeEntity("specialist", "cx-qa", { scope: "project", force: true }),
      ],
      [
        "import",
        () =>
          api.importOrg(
            { ...emptyOrg(), specialists: { "built-two": specialistRecord("built-two") } },
            { scope: "builtin" },
          ),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const result = await failed(attempt);
      expect(result.code, what).toBe("forbidden");
      expect(
        result.errors.map((e) => e.id),
        what,
      ).toEqual(["builtin-scope-readonly"]);
    }
    expect(await builtinSnapshot()).toEqual(before);
    expect(await filesUnder(base)).toEqual([]);
  });
});

describe("ids that are not file names", () => {
  const BAD_IDS = ["../x", "a/b", "%2e%2e", "CON", "con", "", "x".repeat(300), "..", "a\\b", "a\0b", "-lead"];

  it.each(BAD_IDS.map((id) => [JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}…(${id.length})` : id), id]))(
    "%s: create, update and remove answer `invalid` on field id and create no file",
    async (_label, id) => {
      const results = [
        () => api.createEntity("specialist", specialistRecord(id), { scope: "project" }),
        () =>
          api.createEntity(
            "team",
            { id, name: "T", owner: "qa", roles: ["qa"], charter: "A team with a name that is not an id." },
            { scope: "user" },
          ),
        () => api.updateEntity("specialist", id, { displayName: "x" }, { scope: "project" }),
        () => api.updateEntity("fence", id, { allowedPaths: ["**"] }, { scope: "user" }),
        () => api.removeEntity("specialist", id, { scope: "project", force: true }),
        () => api.importOrg({ ...emptyOrg(), specialists: { [id]: specialistRecord(id) } }, { scope: "project" }),
      ];
      for (const result of results) {
        const f = await failed(result);
        expect(f.code).toBe("invalid");
        expect(f.errors).toContainEqual(expect.objectContaining({ field: "id", severity: "error" }));
      }
      expect(await api.getEntity("specialist", id)).toBeNull();
      expect(await filesUnder(base)).toEqual([]);
    },
  );
});

/** A small project-tier team whose members, handoffs and contract all point at each other. */
async function writeAlphaTeam(): Promise<void> {
  const dir = paths.projectOrgDir;
  await writeRecord(dir, "teams", {
    id: "alpha-team",
    kind: "squad",
    name: "Alpha",
    owner: "alpha-lead",
    roles: ["alpha-lead", "alpha-helper"],
    specialists: ["alpha-lead-one", "alpha-helper-one"],
    charter: "Builds the alpha features end to end, for the reference tests.",
  });
  await writeRecord(dir, "specialists", specialistRecord("alpha-lead-one", { role: "alpha-lead", team: "alpha-team" }));
  await writeRecord(
    dir,
    "specialists",
    specialistRecord("alpha-helper-one", {
      role: "alpha-helper",
      team: "alpha-team",
      handoffCandidates: ["alpha-lead"],
    }),
  );
  await writeRecord(dir, "contracts", {
    id: "alpha-handoff",
    producer: "alpha-lead-one",
    consumer: "alpha-helper-one",
    input: { mustContain: ["brief"] },
    teamBoundary: { crosses: false, producerTeam: "alpha-team", consumerTeam: "alpha-team" },
  });
}

describe("remove while referenced", () => {
  beforeEach(async () => {
    await writeAlphaTeam();
    expect((await api.validateAll()).errors).toEqual([]);
  });

  it("a specialist: `conflict` with one specialist-still-referenced error per reference; force removes it", async () => {
    const before = await treeOf(paths.projectOrgDir);
    const result = await failed(api.removeEntity("specialist", "alpha-lead-one", { scope: "project" }));
    expect(result.code).toBe("conflict");
    expect(result.errors.every((e) => e.id === "specialist-still-referenced" && e.severity === "error")).toBe(true);
    expect(result.errors.map((e) => e.location).sort()).toEqual([
      "#/contracts/alpha-handoff/producer",
      "#/specialists/alpha-helper-one/handoffCandidates/0",
      "#/teams/alpha-team/owner",
      "#/teams/alpha-team/specialists/0",
    ]);
    expect(await treeOf(paths.projectOrgDir)).toEqual(before);
    // The editor's delete dialog names the same records, from the same rule.
    const named = referrersOf((await api.snapshot()).index, "specialist", "alpha-lead-one");
    expect(groupReferrers(result.errors).map((r) => `${r.kind}:${r.id}`)).toEqual(
      named.map((r) => `${r.kind}:${r.id}`),
    );
    expect(named.map((r) => `${r.kind}:${r.id}`).sort()).toEqual([
      "contract:alpha-handoff",
      "specialist:alpha-helper-one",
      "team:alpha-team",
    ]);

    expect(await api.removeEntity("specialist", "alpha-lead-one", { scope: "project", force: true })).toMatchObject({
      ok: true,
      revealed: null,
    });
    expect(await api.getEntity("specialist", "alpha-lead-one")).toBeNull();
  });

  it("a team: one team-still-referenced error per member and per contract boundary; force removes it", async () => {
    const result = await failed(api.removeEntity("team", "alpha-team", { scope: "project" }));
    expect(result.code).toBe("conflict");
    expect(result.errors.every((e) => e.id === "team-still-referenced")).toBe(true);
    const locations = result.errors.map((e) => e.location);
    expect(locations.filter((l) => l.startsWith("#/specialists/")).sort()).toEqual([
      "#/specialists/alpha-helper-one/team",
      "#/specialists/alpha-lead-one/team",
    ]);
    // The contract names the team on both sides of its boundary: one or two pointers into it.
    const boundary = locations.filter((l) => l.startsWith("#/contracts/"));
    expect(boundary.length).toBeGreaterThan(0);
    for (const l of boundary)
      expect(l).toMatch(/^#\/contracts\/alpha-handoff\/teamBoundary(\/(producerTeam|consumerTeam))?$/);
    expect(locations.filter((l) => !l.startsWith("#/specialists/") && !l.startsWith("#/contracts/"))).toEqual([]);
    expect(await fs.readFile(projectFile("teams", "alpha-team"), "utf8")).toContain("alpha-lead");
    expect((await api.removeEntity("team", "alpha-team", { scope: "project", force: true })).ok).toBe(true);
    expect(await filesUnder(path.join(paths.projectOrgDir, "teams"))).toEqual([]);
  });

  it("an unreferenced entity is removed without force", async () => {
    expect((await api.removeEntity("contract", "alpha-handoff", { scope: "project" })).ok).toBe(true);
  });
});

describe("optimistic concurrency", () => {
  it("a stale ifMatch is a conflict carrying the other writer's record, and the other writer's change is kept", async () => {
    const tabA = new OrgApi(paths);
    const tabB = new OrgApi(paths);
    const read = (await tabA.getEntity("specialist", "cx-architect"))!;
    const b = await tabB.updateEntity(
      "specialist",
      "cx-architect",
      { displayName: "Written by B" },
      { scope: "project", ifMatch: read.etag },
    );
    expect(b.ok).toBe(true);
    const a = await failed(
      tabA.updateEntity(
        "specialist",
        "cx-architect",
        { displayName: "Written by A" },
        { scope: "project", ifMatch: read.etag },
      ),
    );
    expect(a.code).toBe("conflict");
    expect(a.current?.record.displayName).toBe("Written by B");
    expect(a.current?.etag).toBe(b.ok && b.etag);
    expect(await readJson(projectFile("specialists", "cx-architect"))).toEqual({
      id: "cx-architect",
      displayName: "Written by B",
    });

    const stale = await failed(
      tabA.removeEntity("specialist", "cx-architect", { scope: "project", ifMatch: read.etag }),
    );
    expect(stale.code).toBe("conflict");
    expect(await readJson(projectFile("specialists", "cx-architect"))).toEqual({
      id: "cx-architect",
      displayName: "Written by B",
    });
  });

  it("concurrent updates carrying the same ifMatch: exactly one wins, and the file holds the winner's write", async () => {
    expect((await api.createEntity("specialist", specialistRecord("race-one"))).ok).toBe(true);
    const etag = (await api.getEntity("specialist", "race-one"))!.etag;
    const writers = Array.from({ length: 6 }, () => new OrgApi(paths));
    const results = await Promise.allSettled(
      writers.map((w, i) =>
        w.updateEntity("specialist", "race-one", { displayName: `Writer ${i}` }, { scope: "project", ifMatch: etag }),
      ),
    );
    const winners = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === "rejected" ? [(r.reason as AppError).code] : []))).toEqual(
      Array(results.length - 1).fill("conflict"),
    );
    expect((await readJson(projectFile("specialists", "race-one"))).displayName).toBe(`Writer ${winners[0]}`);
  });

  it("an edit made outside the app, even with the mtime restored, makes an old ifMatch fail", async () => {
    expect((await api.createEntity("specialist", specialistRecord("edit-one", { displayName: "Alpha" }))).ok).toBe(
      true,
    );
    const file = projectFile("specialists", "edit-one");
    // Whole seconds, so the restored mtime is bit-for-bit the same.
    const when = 1_700_000_000;
    await fs.utimes(file, when, when);
    const etag = (await api.getEntity("specialist", "edit-one"))!.etag;
    const stat = await fs.stat(file);
    const edited = (await fs.readFile(file, "utf8")).replace('"Alpha"', '"Bravo"');
    await fs.writeFile(file, edited);
    await fs.utimes(file, when, when);
    expect((await fs.stat(file)).mtimeMs).toBe(stat.mtimeMs);
    expect((await fs.stat(file)).size).toBe(stat.size);

    const result = await failed(
      api.updateEntity("specialist", "edit-one", { displayName: "Charlie" }, { scope: "project", ifMatch: etag }),
    );
    expect(result.code).toBe("conflict");
    expect(result.current?.record.displayName).toBe("Bravo");
    expect(await fs.readFile(file, "utf8")).toBe(edited);
  });
});

describe("malformed files on disk", () => {
  const sdir = () => path.join(paths.projectOrgDir, "specialists");
  const BAD: Record<string, { content: string; rule: string }> = {
    "bad-json": { content: '{ "id": "bad-json", "name": }\n', rule: "file-syntax" },
    "conflicted-one": {
      content:
        '{\n<<<<<<< HEAD\n  "displayName": "Ours",\n=======\n  "displayName": "Theirs",\n>>>>>>> feature\n  "id": "conflicted-one"\n}\n',
      rule: "file-conflict-markers",
    },
    "array-one": { content: '[{ "id": "array-one" }]\n', rule: "file-not-an-object" },
    "dup-keys": { content: '{ "id": "dup-keys", "name": "a", "name": "b" }\n', rule: "file-duplicate-key" },
  };
  let outsideTarget: string;

  beforeEach(async () => {
    await fs.mkdir(sdir(), { recursive: true });
    for (const [id, { content }] of Object.entries(BAD)) await fs.writeFile(path.join(sdir(), `${id}.json`), content);
    await fs.writeFile(path.join(sdir(), "bom-one.json"), `\uFEFF${stringifyRecord(specialistRecord("bom-one"))}`);
    outsideTarget = path.join(base, "outside.json");
    await fs.writeFile(outsideTarget, stringifyRecord(specialistRecord("link-one")));
    await fs.symlink(outsideTarget, path.join(sdir(), "link-one.json"));
    // A broken team file too, so more than one section is affected.
    await fs.mkdir(path.join(paths.projectOrgDir, "teams"));
    await fs.writeFile(path.join(paths.projectOrgDir, "teams", "quality-team.json"), '{"name": "Q",');
  });

  it("the rest of the org loads and each bad file is reported with its path", async () => {
    const before = await treeOf(root);
    const list = await api.listEntities("specialist");
    const ids = list.items.map((i) => i.id);
    expect(ids).toContain("bom-one");
    expect(ids).toContain("cx-architect");
    for (const id of [...Object.keys(BAD), "link-one"]) expect(ids).not.toContain(id);
    expect(list.count).toBe(13);
    expect((await api.getEntity("specialist", "bom-one"))!.record).toEqual(specialistRecord("bom-one"));
    // The team falls back to its built-in record.
    expect((await api.getEntity("team", "quality-team"))!.scope).toBe("builtin");

    const { errors } = await api.validateAll();
    const expected = [
      ...Object.entries(BAD).map(([id, { rule }]) => ({
        id: rule,
        path: `${PROJECT_PREFIX}/specialists/${id}.json`,
        location: `#/specialists/${id}`,
      })),
      { id: "file-symlink", path: `${PROJECT_PREFIX}/specialists/link-one.json`, location: "#/specialists/link-one" },
      { id: "file-syntax", path: `${PROJECT_PREFIX}/teams/quality-team.json`, location: "#/teams/quality-team" },
    ];
    for (const e of expected) expect(errors).toContainEqual(expect.objectContaining(e));
    expect(errors).toHaveLength(expected.length);
    expect(list.errors.map((e) => e.path).sort()).toEqual(
      expected
        .filter((e) => e.location.startsWith("#/specialists/"))
        .map((e) => e.path)
        .sort(),
    );
    expect(await treeOf(root)).toEqual(before);
  });

  it("a record with a wrong field type loads, and its error names the field and the file", async () => {
    await writeRecord(
      paths.projectOrgDir,
      "specialists",
      specialistRecord("wrong-type", { modelTier: 5, skills: "development/testing-strategy" }),
    );
    const list = await api.listEntities("specialist");
    expect(list.items.map((i) => i.id)).toContain("wrong-type");
    const mine = list.errors.filter((e) => e.location.startsWith("#/specialists/wrong-type"));
    expect(mine.map((e) => e.field).sort()).toEqual(["modelTier", "skills"]);
    for (const e of mine)
      expect(e.path, `${e.id} names the file`).toBe(`${PROJECT_PREFIX}/specialists/wrong-type.json`);
  });

  it.each([...Object.keys(BAD), "link-one"])("%s: no write through the façade replaces the broken file", async (id) => {
    const file = path.join(sdir(), `${id}.json`);
    const before = await treeOf(root);
    const outsideBefore = await fs.readFile(outsideTarget, "utf8");
    const attempts: [string, () => Promise<unknown>][] = [
      ["createEntity", () => api.createEntity("specialist", specialistRecord(id), { scope: "project" })],
      ["updateEntity", () => api.updateEntity("specialist", id, { displayName: "Overwritten" }, { scope: "project" })],
      ["removeEntity", () => api.removeEntity("specialist", id, { scope: "project" })],
    ];
    for (const [what, attempt] of attempts)
      await expect(attempt(), `${what} must refuse`).rejects.toSatisfy(isAppError);
    expect(await treeOf(root)).toEqual(before);
    expect((await fs.lstat(file)).isSymbolicLink()).toBe(id === "link-one");
    expect(await fs.readFile(outsideTarget, "utf8")).toBe(outsideBefore);
  });

  it("an import naming a broken file's id neither reports it as a `create` nor overwrites it", async () => {
    const before = await treeOf(root);
    const payload: OrgPayload = {
      ...emptyOrg(),
      specialists: { "conflicted-one": specialistRecord("conflicted-one") },
    };
    const dry = await api.importOrg(payload, { scope: "project", dryRun: true }).catch(() => null);
    const actions = dry ? dry.files.map((f) => f.action) : [];
    expect(actions).not.toContain("create");
    await failed(api.importOrg(payload, { scope: "project" }));
    expect(await treeOf(root)).toEqual(before);
  });
});

describe("fence, a sub-resource of a specialist", () => {
  it("get and list return the fence with its specialistId", async () => {
    const builtin = await readBuiltin("specialists", "cx-architect");
    const got = (await api.getEntity("fence", "cx-architect"))!;
    expect(got.record).toEqual({ specialistId: "cx-architect", ...(builtin.fence as object) });
    expect(got.scope).toBe("builtin");
    const list = await api.listEntities("fence");
    expect(list.count).toBe(12);
    expect(list.items.every((i) => i.record.specialistId === i.id && Array.isArray(i.record.allowedPaths))).toBe(true);
  });

  it("update patches only the fence: the override file holds the id and the fence, nothing else", async () => {
    const builtin = await readBuiltin("specialists", "cx-architect");
    const fence = builtin.fence as Record<string, unknown>;
    const result = await api.updateEntity(
      "fence",
      "cx-architect",
      { allowedPaths: ["docs/architecture/**"] },
      { scope: "project" },
    );
    expect(result.ok).toBe(true);
    expect(await readJson(projectFile("specialists", "cx-architect"))).toEqual({
      id: "cx-architect",
      fence: { ...fence, allowedPaths: ["docs/architecture/**"] },
    });
    expect((await api.getEntity("specialist", "cx-architect"))!.record).toEqual({
      ...builtin,
      fence: { ...fence, allowedPaths: ["docs/architecture/**"] },
    });
    // null drops one list from the fence.
    await api.updateEntity("fence", "cx-architect", { approvalRequired: null }, { scope: "project" });
    expect(
      ((await readJson(projectFile("specialists", "cx-architect"))).fence as Record<string, unknown>).approvalRequired,
    ).toBeUndefined();
    // An invalid fence is refused.
    const bad = await failed(api.updateEntity("fence", "cx-architect", { allowedPaths: [] }, { scope: "project" }));
    expect(bad.code).toBe("invalid");
    expect(bad.errors).toContainEqual(
      expect.objectContaining({ location: "#/specialists/cx-architect/fence/allowedPaths", field: "allowedPaths" }),
    );
  });

  it("validateDraft('fence') checks a fence in place on its specialist", async () => {
    expect(
      await api.validateDraft("fence", {
        specialistId: "cx-qa",
        allowedPaths: ["tests/**"],
        approvalRequired: ["commit"],
      }),
    ).toMatchObject({ ok: true, errors: [] });
    const empty = await api.validateDraft("fence", { specialistId: "cx-qa", allowedPaths: [] });
    expect(empty.ok).toBe(false);
    expect(empty.errors).toContainEqual(
      expect.objectContaining({ location: "#/specialists/cx-qa/fence/allowedPaths" }),
    );
    const typo = await api.validateDraft("fence", {
      specialistId: "cx-qa",
      allowedPaths: ["tests/**"],
      allowedPath: ["x"],
    });
    expect(typo.errors).toContainEqual(expect.objectContaining({ location: "#/specialists/cx-qa/fence/allowedPath" }));
    const orphan = await api.validateDraft("fence", { specialistId: "nobody", allowedPaths: ["**"] });
    expect(orphan.errors.map((e) => e.id)).toEqual(["fence-missing-specialist-id"]);
  });

  it("a fence cannot be removed", async () => {
    const result = await failed(api.removeEntity("fence", "cx-qa", { scope: "project" }));
    expect(result.errors.map((e) => e.id)).toEqual(["fence-not-removable"]);
    expect(await filesUnder(base)).toEqual([]);
  });
});

describe("skills", () => {
  it("are listed read-only from specialists/skills and cannot be written", async () => {
    const onDisk: string[] = [];
    for (const bundle of await fs.readdir(paths.skillsDir)) {
      for (const file of await fs.readdir(path.join(paths.skillsDir, bundle)))
        if (file.endsWith(".md")) onDisk.push(`${bundle}/${file.slice(0, -3)}`);
    }
    const list = await api.listEntities("skill");
    expect(list.items.map((i) => i.id).sort()).toEqual(onDisk.sort());
    expect(list.items.every((i) => i.scope === "builtin")).toBe(true);
    expect((await api.getEntity("skill", "security/threat-modeling"))!.record).toMatchObject({
      bundle: "security",
      name: "threat-modeling",
      path: "specialists/skills/security/threat-modeling.md",
      description:
        "Identify how a design could be attacked or misused and decide which mitigations are worth their cost.",
    });
    expect(list.items.every((i) => typeof i.record.description === "string" && i.record.description.length > 0)).toBe(
      true,
    );
    for (const attempt of [
      () => api.createEntity("skill", { id: "security/new-skill" }),
      () => api.updateEntity("skill", "security/threat-modeling", { description: "x" }),
      () => api.removeEntity("skill", "security/threat-modeling"),
    ])
      expect((await failed(attempt)).code).toBe("forbidden");
    expect(await filesUnder(base)).toEqual([]);
  });
});

const emptyPayload = (): OrgPayload => emptyOrg();

describe("export and import", () => {
  async function populate(target: OrgApi): Promise<void> {
    for (const result of [
      await target.createEntity("specialist", specialistRecord("port-one", { displayName: "Port One" })),
      await target.createEntity("specialist", specialistRecord("port-two", { handoffCandidates: ["qa"] }), {
        scope: "project",
      }),
      await target.updateEntity(
        "specialist",
        "cx-architect",
        { description: "The architect as exported from project A, for the round trip." },
        { scope: "project" },
      ),
      await target.updateEntity("fence", "cx-qa", { allowedPaths: ["tests/**", "e2e/**"] }, { scope: "project" }),
      await target.createEntity("contract", {
        id: "port-contract",
        producer: "port-one",
        consumer: "cx-qa",
        input: { mustContain: ["diff"] },
      }),
    ])
      expect(result.ok).toBe(true);
  }

  it("round-trips one tier: export project A, import into root B, identical files", async () => {
    await populate(api);
    const exported = await api.exportOrg({ scope: "project" });
    expect(exported.scope).toBe("project");
    expect(exported.errors).toEqual([]);
    expect(Object.keys(exported.specialists).sort()).toEqual(["cx-architect", "cx-qa", "port-one", "port-two"]);
    expect(exported.contracts["port-contract"]).toMatchObject({ producer: "port-one" });

    const other = await makeTmpDirs("cs-org-b-");
    try {
      const pathsB = resolvePaths({ root: other.root, home: other.home, appDir: APP_DIR });
      const apiB = new OrgApi(pathsB);
      const payload = JSON.parse(JSON.stringify(exported)) as OrgPayload;
      const imported = await apiB.importOrg(payload, { scope: "project" });
      expect(imported).toMatchObject({ ok: true, dryRun: false });
      expect(imported.ok && imported.written.sort()).toEqual([
        `${PROJECT_PREFIX}/contracts/port-contract.json`,
        `${PROJECT_PREFIX}/specialists/cx-architect.json`,
        `${PROJECT_PREFIX}/specialists/cx-qa.json`,
        `${PROJECT_PREFIX}/specialists/port-one.json`,
        `${PROJECT_PREFIX}/specialists/port-two.json`,
      ]);
      expect(await treeOf(pathsB.projectOrgDir)).toEqual(await treeOf(paths.projectOrgDir));
      expect((await apiB.validateAll()).errors).toEqual([]);

      const again = await apiB.importOrg(payload, { scope: "project" });
      expect(again.ok && again.files.every((f) => f.action === "unchanged")).toBe(true);
      expect(again.ok && again.written).toEqual([]);
    } finally {
      await other.cleanup();
    }
  });

  it("exports the built-in tier whole", async () => {
    const exported = await api.exportOrg({ scope: "builtin" });
    expect(SECTIONS.reduce((n, s) => n + Object.keys(exported[s]).length, 0)).toBe(101);
    expect(exported.specialists["cx-qa"]).toEqual(await readBuiltin("specialists", "cx-qa"));
  });

  it("dryRun lists each file with create / update / unchanged and writes nothing", async () => {
    expect((await api.createEntity("specialist", specialistRecord("same-one"))).ok).toBe(true);
    expect((await api.createEntity("specialist", specialistRecord("changed-one"))).ok).toBe(true);
    const before = await treeOf(base);
    const payload = emptyPayload();
    payload.specialists = {
      "same-one": specialistRecord("same-one"),
      "changed-one": specialistRecord("changed-one", { displayName: "Changed" }),
      "new-one": specialistRecord("new-one"),
    };
    const result = await api.importOrg(payload, { scope: "project", dryRun: true });
    expect(result).toMatchObject({ ok: true, dryRun: true, written: [] });
    expect(result.ok && Object.fromEntries(result.files.map((f) => [f.path, f.action]))).toEqual({
      [`${PROJECT_PREFIX}/specialists/same-one.json`]: "unchanged",
      [`${PROJECT_PREFIX}/specialists/changed-one.json`]: "update",
      [`${PROJECT_PREFIX}/specialists/new-one.json`]: "create",
    });
    expect(await treeOf(base)).toEqual(before);
  });

  it("an import with one invalid entity writes nothing", async () => {
    const payload = emptyPayload();
    for (let i = 1; i <= 4; i++) payload.specialists[`ok-${i}`] = specialistRecord(`ok-${i}`);
    payload.specialists["broken-one"] = { ...specialistRecord("broken-one"), description: "short" };
    for (const dryRun of [true, false]) {
      const result = await failed(api.importOrg(payload, { scope: "project", dryRun }));
      expect(result.code).toBe("invalid");
      expect(result.errors).toContainEqual(
        expect.objectContaining({ location: "#/specialists/broken-one/description", field: "description" }),
      );
    }
    expect(await filesUnder(base)).toEqual([]);
  });

  it("an import that breaks another entity's invariant writes nothing", async () => {
    // cx-security is the only holder of governance-team's owner role.
    const payload = emptyPayload();
    payload.specialists["cx-security"] = { ...(await readBuiltin("specialists", "cx-security")), role: "auditor" };
    const result = await failed(api.importOrg(payload, { scope: "project" }));
    expect(result.code).toBe("invalid");
    expect(result.errors).toContainEqual(
      expect.objectContaining({ id: "team-no-owner-specialist", location: "#/teams/governance-team/owner" }),
    );
    expect(await filesUnder(base)).toEqual([]);
  });

  it("an import of a team whose owner role nobody holds writes nothing", async () => {
    const payload = emptyPayload();
    payload.teams["ghost-team"] = {
      id: "ghost-team",
      name: "Ghost",
      owner: "ghost-lead",
      roles: ["ghost-lead", "ghost-member"],
      charter: "A team whose owner role no specialist holds.",
    };
    payload.specialists["ghost-member-one"] = specialistRecord("ghost-member-one", {
      role: "ghost-member",
      team: "ghost-team",
    });
    const result = await failed(api.importOrg(payload, { scope: "project" }));
    expect(result.errors).toContainEqual(
      expect.objectContaining({ id: "team-no-owner-specialist", location: "#/teams/ghost-team/owner" }),
    );
    expect(await filesUnder(base)).toEqual([]);
  });

  it("a record whose id differs from its key is refused", async () => {
    const payload = emptyPayload();
    payload.specialists["key-one"] = specialistRecord("other-one");
    const result = await failed(api.importOrg(payload, { scope: "project" }));
    expect(result.errors.map((e) => e.id)).toEqual(["import-id-mismatch"]);
    expect(await filesUnder(base)).toEqual([]);
  });
});

describe("validation of whole orgs", () => {
  it("the built-in org validates with zero errors and zero warnings", async () => {
    const result = await api.validateAll();
    expect(result).toMatchObject({ ok: true, errors: [], warnings: [] });
  });

  it("validateDraft reports what a draft breaks elsewhere (a team losing its owner)", async () => {
    const draft = { ...(await readBuiltin("specialists", "cx-security")), role: "auditor" };
    const result = await api.validateDraft("specialist", draft);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual(
      expect.objectContaining({ id: "team-no-owner-specialist", location: "#/teams/governance-team/owner" }),
    );
  });
});

describe("previews", () => {
  it("previewRoute ranks a sensible specialist first for a security review of a pull request", async () => {
    const { candidates } = await api.previewRoute({ description: "review this pull request for security issues" });
    expect(["cx-reviewer", "cx-security"]).toContain(candidates[0].id);
    expect(
      candidates
        .map((c) => c.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(["cx-reviewer", "cx-security"]);
    expect(candidates[0].matchReason).toMatch(/review/);
    for (let i = 1; i < candidates.length; i++)
      expect(candidates[i - 1].score).toBeGreaterThanOrEqual(candidates[i].score);
  });

  it("previewRoute includes a draft specialist as a candidate", async () => {
    const draft = specialistRecord("pr-guard", {
      description:
        "Guards pull requests: reviews every diff for security issues, leaked secrets and unsafe dependencies.",
      when_to_use: "Route here to review a pull request for security issues before it merges.",
      skills: ["security/secret-handling", "quality/code-review"],
    });
    const { candidates } = await api.previewRoute({
      description: "review this pull request for security issues",
      draftSpecialist: draft,
    });
    const mine = candidates.find((c) => c.id === "pr-guard");
    expect(mine).toMatchObject({ draft: true });
    expect(mine!.matchReason).toContain("security");
    expect(await filesUnder(base)).toEqual([]);
  });

  it("previewEffectiveFence drops approvals for decisions the team forbids and denies them", async () => {
    const saved = (await api.getEntity("specialist", "cx-product-manager"))!.record;
    const own = saved.fence as { approvalRequired: string[] };
    const pm = { ...saved, fence: { ...own, approvalRequired: [...own.approvalRequired, "deployment-timing"] } };
    const fence = await api.previewEffectiveFence({ draftSpecialist: pm });
    expect(fence.teamId).toBe("product-management-team");
    expect(fence.forbiddenDecisions).toContain("deployment-timing");
    expect(fence.approvalRequired).not.toContain("deployment-timing");
    expect(fence.deniedActions).toContain("deployment-timing:**");
  });

  it("previewAction returns the decision and the rule that made it", async () => {
    const ask = (action: string, target = "") =>
      api.previewAction({ specialistId: "cx-product-manager", action, target });
    const rule = (text: string) => expect.stringContaining(text);
    expect(await ask("deployment-timing")).toMatchObject({
      decision: "denied",
      allowed: false,
      rule: rule('deniedActions "deployment-timing:**"'),
      teamId: "product-management-team",
    });
    expect(await ask("edit", "docs/prd/checkout.md")).toMatchObject({
      decision: "allowed",
      allowed: true,
      rule: rule('allowedPaths[0] "docs/prd/**"'),
    });
    expect(await ask("edit", "src/app.ts")).toMatchObject({
      decision: "needs-approval",
      rule: rule('approvalRequired[2] "edit:src/**"'),
    });
    expect(await ask("edit", "infra/main.tf")).toMatchObject({ decision: "outside-fence" });
    expect(await ask("bash", "git push origin main")).toMatchObject({
      decision: "needs-approval",
      rule: rule('approvalRequired[1] "push"'),
    });
    expect((await failed(api.previewAction({ specialistId: "nobody", action: "edit", target: "x" }))).code).toBe(
      "not_found",
    );
    const draft = specialistRecord("draft-one", {
      fence: { allowedPaths: ["src/**"], approvalRequired: ["deployment-timing"] },
      team: "product-management-team",
    });
    expect(await api.previewAction({ draftSpecialist: draft, action: "deployment-timing", target: "" })).toMatchObject({
      decision: "denied",
    });
  });

  it("a specialist with no team or an unknown team has an empty effective fence, and both previews say why", async () => {
    // As Construct's previewEffectiveFence: unknown team → all five lists empty.
    const draft = specialistRecord("drifter", { fence: { allowedPaths: ["**"] }, team: "ghost-team" });
    expect(await api.previewEffectiveFence({ draftSpecialist: draft })).toEqual({
      allowedPaths: [],
      allowedCommands: [],
      allowedBdLabels: [],
      approvalRequired: [],
      deniedActions: [],
      teamId: null,
      forbiddenDecisions: [],
      message: 'team "ghost-team" does not exist, so the effective fence is empty (deny by default)',
    });
    const decision = await api.previewAction({ draftSpecialist: draft, action: "edit", target: "src/a.ts" });
    expect(decision).toMatchObject({ ok: true, allowed: false, decision: "outside-fence" });
    expect((decision as { rule: string }).rule).toMatch(/ghost-team" does not exist/);
    const { team: _team, ...teamless } = draft;
    expect(await api.previewEffectiveFence({ draftSpecialist: teamless })).toMatchObject({
      allowedPaths: [],
      message: expect.stringMatching(/has no team/),
    });
  });
});

describe("the automatic layout the editor page ships", () => {
  it("lays out the built-in org as the browser's graph would be laid out, so the browser runs no layout", async () => {
    const graph = await browserGraph(api);
    const auto = await api.autoLayout();
    expect(graph.nodes.length).toBeGreaterThan(20);
    expect(auto.structureKey).toBe(structureKeyOf(graph));
    expect(auto.positions).toEqual(layoutGraph(graph.nodes, graph.edges));
    expect(Object.keys(auto.positions).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(overlaps(graph.nodes, auto.positions)).toEqual([]);
  });

  it("is computed once per version of the org, and again when a new specialist changes the structure", async () => {
    const cached = new OrgApi(paths, { cache: true });
    try {
      const first = await cached.autoLayout();
      expect(await cached.autoLayout()).toBe(first);
      const created = await cached.createEntity("specialist", specialistRecord("cx-layout-newcomer"), {
        scope: "project",
      });
      expect(created.ok).toBe(true);
      const second = await cached.autoLayout();
      expect(second.structureKey).not.toBe(first.structureKey);
      // An edit that leaves who exists and who belongs where alone reuses the layout as it is.
      const row = await cached.getEntity("specialist", "cx-layout-newcomer");
      const edited = await cached.updateEntity(
        "specialist",
        "cx-layout-newcomer",
        { description: "The newcomer now describes itself at more length than before." },
        { scope: "project", ifMatch: row!.etag },
      );
      expect(edited.ok).toBe(true);
      // A new version of the org, so the cache per version cannot be what answers.
      expect((await cached.getEntity("specialist", "cx-layout-newcomer"))!.record.description).toMatch(/more length/);
      expect(await cached.autoLayout()).toBe(second);
      expect(second.structureKey).toBe(structureKeyOf(await browserGraph(cached)));
      expect(second.positions["specialist:cx-layout-newcomer"]).toEqual(
        expect.objectContaining({ x: expect.any(Number), y: expect.any(Number) }),
      );
    } finally {
      cached.close();
    }
  });
});

describe("New team: created with its owner specialist in one write", () => {
  const team = (id: string, owner = "engineer"): EntityRecord => ({
    id,
    name: "Platform",
    owner,
    roles: [owner],
    charter: "Runs the shared platform every other team builds on.",
  });

  it("writes the team and moves a built-in owner specialist into it as a project override", async () => {
    const result = await api.createEntity("team", team("platform-team"), { ownerSpecialist: "cx-engineer" });
    expect(result).toMatchObject({ ok: true, path: `${PROJECT_PREFIX}/teams/platform-team.json` });
    expect(await filesUnder(root)).toEqual([
      `${PROJECT_PREFIX}/specialists/cx-engineer.json`,
      `${PROJECT_PREFIX}/teams/platform-team.json`,
    ]);
    expect(await readJson(projectFile("specialists", "cx-engineer"))).toEqual({
      id: "cx-engineer",
      team: "platform-team",
    });
    expect((await api.getEntity("specialist", "cx-engineer"))!.record.team).toBe("platform-team");
    expect((await api.validateAll()).errors).toEqual([]);
  });

  it("refuses a team with no owner specialist (Construct: team-no-specialists, team-no-owner-specialist) and writes nothing", async () => {
    const result = await failed(api.createEntity("team", team("lonely-team")));
    expect(result.errors.map((e) => e.id).sort()).toEqual(["team-no-owner-specialist", "team-no-specialists"]);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("refuses an owner specialist that does not exist, and writes nothing", async () => {
    const result = await failed(api.createEntity("team", team("platform-team"), { ownerSpecialist: "cx-ghost" }));
    expect(result.errors).toEqual([expect.objectContaining({ id: "team-owner-specialist-unknown" })]);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("refuses a move that leaves the specialist's former team without its owner, and writes nothing", async () => {
    // cx-security is the only holder of governance-team's owner role.
    const result = await failed(
      api.createEntity("team", team("audit-team", "security"), { ownerSpecialist: "cx-security" }),
    );
    expect(result.errors).toContainEqual(
      expect.objectContaining({ id: "team-no-owner-specialist", location: "#/teams/governance-team/owner" }),
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it("refuses a team id the tier already holds, leaving both files as they were", async () => {
    expect((await api.createEntity("team", team("platform-team"), { ownerSpecialist: "cx-engineer" })).ok).toBe(true);
    const before = await treeOf(root);
    const result = await failed(
      api.createEntity("team", { ...team("platform-team"), name: "Other" }, { ownerSpecialist: "cx-engineer" }),
    );
    expect(result.code).toBe("conflict");
    expect(result.errors[0].id).toBe("team-already-exists");
    expect(await treeOf(root)).toEqual(before);
  });
});

describe("a contract's output.schema must name a file that exists", () => {
  const contract = (schema: string): EntityRecord => ({
    id: "engineer-to-user",
    producer: "cx-engineer",
    consumer: "user",
    input: { mustContain: ["goal"] },
    output: { schema, mustContain: ["summary"] },
  });

  it("a project contract is checked against the project root: missing is an error and nothing is written", async () => {
    // Construct: custom-contract-output-schema, `output.schema '<p>' does not exist on disk`.
    const result = await failed(api.createEntity("contract", contract("schemas/report.json")));
    expect(result.errors).toEqual([
      expect.objectContaining({
        id: "custom-contract-output-schema",
        severity: "error",
        location: "#/contracts/engineer-to-user/output/schema",
      }),
    ]);
    expect(await filesUnder(root)).toEqual([]);
    await fs.mkdir(path.join(root, "schemas"));
    await fs.writeFile(path.join(root, "schemas", "report.json"), "{}\n");
    expect((await api.createEntity("contract", contract("schemas/report.json"))).ok).toBe(true);
  });

  it("validate --tree resolves it against --schemas-root, and without one warns that it could not check", async () => {
    const tree = path.join(base, "tree");
    await writeRecord(tree, "contracts", { ...contract("lib/contract-schemas/report.json"), producer: "*" });
    const unchecked = await validateTree(tree);
    expect(unchecked.problems).toEqual([
      expect.objectContaining({ id: "custom-contract-output-schema", severity: "warning" }),
    ]);
    const schemasRoot = path.join(base, "schemas-root");
    const missing = await validateTree(tree, { schemasRoot });
    expect(missing.errors).toEqual([expect.objectContaining({ id: "custom-contract-output-schema" })]);
    await fs.mkdir(path.join(schemasRoot, "lib", "contract-schemas"), { recursive: true });
    await fs.writeFile(path.join(schemasRoot, "lib", "contract-schemas", "report.json"), "{}\n");
    expect((await validateTree(tree, { schemasRoot })).problems).toEqual([]);
  });
});

describe("a file that holds another record's id", () => {
  it("is never replaced by a write of the id its name says: update and create are refused, the file stays", async () => {
    // The built-in org has the contract architect-to-engineer; a project file of that name holds another contract.
    const file = path.join(paths.projectOrgDir, "contracts", "architect-to-engineer.json");
    const text = `${JSON.stringify({ id: "architect-notes", producer: "cx-architect", consumer: "cx-engineer" }, null, 2)}\n`;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
    const update = await failed(
      api.updateEntity("contract", "architect-to-engineer", { description: "An override of the built-in." }),
    );
    expect(update.code).toBe("conflict");
    expect(update.message).toContain('holds the contract "architect-notes"');
    expect(update.errors.map((e) => e.id)).toEqual(["file-id-mismatch"]);
    expect(await fs.readFile(file, "utf8")).toBe(text);
    // Keyed by its own id, the record is still there to edit.
    expect((await api.getEntity("contract", "architect-notes"))?.path).toBe(
      ".cx/org/contracts/architect-to-engineer.json",
    );
  });
});
