import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Api, apiAt, expectHttpError, extraPort, specialist, studioOfItsOwn } from "./support";

/**
 * Outside edits (issue part 5): a file changed by another program between the studio's read and
 * its write is caught by its content hash, even when the other program kept the size and put the
 * mtime back, and the write is answered with 409 and the current version. api.spec.ts covers a
 * PATCH of a project-only specialist; this covers every other resource that takes If-Match:
 * overrides of built-in specialists, teams, groups, contracts and policies, a fence, the user
 * tier, DELETE, the embed overlay (changed and created outside) and a project prompt.
 */

test.describe.configure({ mode: "serial" });

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const sha = (bytes: Buffer | string) => `"sha256:${createHash("sha256").update(bytes).digest("hex")}"`;
/** A whole second, so putting the mtime back is exact to the nanosecond. */
const FIXED_TIME = new Date("2024-05-01T12:00:00Z");

let root = "";
let projectDir = "";
const PORT = extraPort(5);
const api: Api = apiAt(PORT);

type Edit = { file: string; before: Buffer; after: Buffer };

/**
 * Another program changes one string field of a JSON file to a different string of the same
 * length, keeping the file's size and mtime; `how` is an in-place write (most tools) or a new file
 * renamed over it (editors that save atomically, git).
 */
function editOutside(
  file: string,
  field: (record: Record<string, string>) => { get: () => string; set: (v: string) => void },
  how: "in place" | "by rename",
): Edit {
  const before = readFileSync(file);
  const record = JSON.parse(before.toString("utf8"));
  const f = field(record);
  const old = f.get();
  const replacement = old.endsWith("(outside)") ? `${old.slice(0, -9)}(OUTSIDE)` : `${old.slice(0, -9)}(outside)`;
  f.set(replacement);
  const after = Buffer.from(`${JSON.stringify(record, null, 2)}\n`);
  expect(after.length, "the outside edit keeps the size").toBe(before.length);
  expect(after.equals(before)).toBe(false);
  const { atimeNs, mtimeNs } = statSync(file, { bigint: true });
  if (how === "in place") {
    writeFileSync(file, after);
  } else {
    writeFileSync(`${file}.outside-tmp`, after);
    renameSync(`${file}.outside-tmp`, file);
  }
  utimesSync(file, Number(atimeNs / 1_000_000n) / 1000, Number(mtimeNs / 1_000_000n) / 1000);
  expect(statSync(file, { bigint: true }).mtimeNs, "the outside edit keeps the mtime").toBe(mtimeNs);
  return { file, before, after };
}

/** Gives a file a whole-second mtime before the studio reads it, so it can be put back exactly. */
function settleMtime(file: string) {
  utimesSync(file, FIXED_TIME, FIXED_TIME);
}

studioOfItsOwn({
  prefix: "studio-outside-",
  port: PORT,
  setup: (dir) => {
    root = dir;
    projectDir = path.join(root, ".cx");
  },
  files: {
    ".cx/org/specialists/cx-architect.json": json({
      description: "Project override: the architect, whose file another program edits here.",
    }),
    ".cx/org/specialists/cx-outside-solo.json": json(
      specialist("cx-outside-solo", {
        description: "A project specialist that another program edits before it is removed.",
      }),
    ),
    ".cx/org/teams/quality-team.json": json({
      charter: "Project override of the quality team's charter, edited by another program here.",
    }),
    ".cx/org/groups/engineering-group.json": json({
      charter: "Project override of the engineering group's charter, edited by another program.",
    }),
    ".cx/org/contracts/engineer-to-qa.json": json({
      description: "Project override: engineering hands a change to QA, edited by another program.",
    }),
    ".cx/org/policies/accessibility-standard.json": json({
      description: "Project override: WCAG 2.2 AA for user-facing changes, edited by another program.",
    }),
    ".cx/embed/operations-triage.manifest.json": json({
      id: "operations-triage",
      embed: { cadence: { every: "PT4H" } },
    }),
    "home/org/specialists/cx-outside-user.json": json(
      specialist("cx-outside-user", {
        description: "A specialist of the user tier that another program edits behind the studio.",
      }),
    ),
  },
});

type OrgCase = {
  name: string;
  kind: string;
  id: string;
  /** The file the other program edits, relative to the project root. */
  file: string;
  field: string;
  patch: Record<string, unknown>;
  scope?: "user";
  how: "in place" | "by rename";
};

const ORG_CASES: OrgCase[] = [
  {
    name: "an override of a built-in specialist",
    kind: "specialist",
    id: "cx-architect",
    file: ".cx/org/specialists/cx-architect.json",
    field: "description",
    patch: { description: "The studio's description, based on the version before the outside edit." },
    how: "in place",
  },
  {
    name: "an override of a built-in team",
    kind: "team",
    id: "quality-team",
    file: ".cx/org/teams/quality-team.json",
    field: "charter",
    patch: { charter: "The studio's charter, based on the version before the outside edit." },
    how: "by rename",
  },
  {
    name: "an override of a built-in group",
    kind: "group",
    id: "engineering-group",
    file: ".cx/org/groups/engineering-group.json",
    field: "charter",
    patch: { charter: "The studio's charter, based on the version before the outside edit." },
    how: "in place",
  },
  {
    name: "an override of a built-in contract",
    kind: "contract",
    id: "engineer-to-qa",
    file: ".cx/org/contracts/engineer-to-qa.json",
    field: "description",
    patch: { description: "The studio's description, based on the version before the outside edit." },
    how: "by rename",
  },
  {
    name: "an override of a built-in policy",
    kind: "policy",
    id: "accessibility-standard",
    file: ".cx/org/policies/accessibility-standard.json",
    field: "description",
    patch: { description: "The studio's description, based on the version before the outside edit." },
    how: "in place",
  },
  {
    name: "a specialist's fence (its specialist file edited)",
    kind: "fence",
    id: "cx-architect",
    file: ".cx/org/specialists/cx-architect.json",
    field: "description",
    patch: { allowedPaths: ["docs/**", "src/**"] },
    how: "by rename",
  },
  {
    name: "a specialist of the user tier",
    kind: "specialist",
    id: "cx-outside-user",
    file: "home/org/specialists/cx-outside-user.json",
    field: "description",
    patch: { description: "The studio's description, based on the version before the outside edit." },
    scope: "user",
    how: "in place",
  },
];

for (const c of ORG_CASES) {
  test(`PATCH of ${c.name} with an ETag read before an outside edit (${c.how}, same size and mtime) → 409 with the current record`, async () => {
    const file = path.join(root, c.file);
    settleMtime(file);
    const query = c.scope ? `?scope=${c.scope}` : "";
    const got = await api("GET", `/api/org/${c.kind}/${c.id}`);
    expect(got.status).toBe(200);
    const etag = got.headers.etag!;

    const edit = editOutside(file, (r) => ({ get: () => r[c.field], set: (v) => (r[c.field] = v) }), c.how);
    const edited = JSON.parse(edit.after.toString("utf8"))[c.field];

    const stale = await api("PATCH", `/api/org/${c.kind}/${c.id}${query}`, c.patch, { "if-match": etag });
    expectHttpError(stale, 409, { code: "conflict" });
    // The 409 carries the version now on disk, and its ETag, whatever the server had cached.
    expect(stale.json.current.record[c.field]).toBe(edited);
    expect(stale.json.current.etag).not.toBe(etag);
    expect(stale.headers.etag).toBe(stale.json.current.etag);
    expect(readFileSync(file).equals(edit.after), "the outside edit is kept byte for byte").toBe(true);

    // The current version the 409 gave is the one to write over: that save goes through.
    const retried = await api("PATCH", `/api/org/${c.kind}/${c.id}${query}`, c.patch, {
      "if-match": stale.json.current.etag,
    });
    expect(retried.status, retried.text.slice(0, 300)).toBe(200);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    if (c.kind === "fence") {
      expect(saved.fence.allowedPaths).toEqual(c.patch.allowedPaths);
      expect(saved.description).toBe(edited);
    } else {
      expect(saved[c.field]).toBe(c.patch[c.field]);
    }
  });
}

test("the ETag of a single-file record is the sha256 of its bytes, so the 409 names exactly what is on disk", async () => {
  const file = path.join(root, ".cx/org/specialists/cx-outside-solo.json");
  settleMtime(file);
  const got = await api("GET", "/api/org/specialist/cx-outside-solo");
  expect(got.headers.etag).toBe(sha(readFileSync(file)));
  const edit = editOutside(file, (r) => ({ get: () => r.description, set: (v) => (r.description = v) }), "in place");
  const stale = await api(
    "PATCH",
    "/api/org/specialist/cx-outside-solo",
    { description: "The studio's description, based on the version before the edit." },
    { "if-match": got.headers.etag! },
  );
  expect(stale.status).toBe(409);
  expect(stale.json.current.etag).toBe(sha(edit.after));
  expect(readFileSync(file).equals(edit.after)).toBe(true);
});

test("DELETE with an ETag read before an outside edit → 409, and the file stays with the outside edit", async () => {
  const file = path.join(root, ".cx/org/specialists/cx-outside-solo.json");
  settleMtime(file);
  const etag = (await api("GET", "/api/org/specialist/cx-outside-solo")).headers.etag!;
  const edit = editOutside(file, (r) => ({ get: () => r.description, set: (v) => (r.description = v) }), "by rename");
  const stale = await api("DELETE", "/api/org/specialist/cx-outside-solo?force=1", undefined, { "if-match": etag });
  expect(stale.status, stale.text.slice(0, 300)).toBe(409);
  expect(stale.json.current.record.description).toBe(JSON.parse(edit.after.toString("utf8")).description);
  expect(readFileSync(file).equals(edit.after)).toBe(true);
  // A team override removed with a stale ETag is refused the same way.
  const teamFile = path.join(root, ".cx/org/teams/quality-team.json");
  settleMtime(teamFile);
  const teamEtag = (await api("GET", "/api/org/team/quality-team")).headers.etag!;
  const teamEdit = editOutside(teamFile, (r) => ({ get: () => r.charter, set: (v) => (r.charter = v) }), "in place");
  const staleTeam = await api("DELETE", "/api/org/team/quality-team", undefined, { "if-match": teamEtag });
  expect(staleTeam.status, staleTeam.text.slice(0, 300)).toBe(409);
  expect(readFileSync(teamFile).equals(teamEdit.after)).toBe(true);
});

test("PATCH /api/embed/{id} with the overlay's ETag read before an outside edit (same size and mtime) → 409 with the current overlay", async () => {
  const file = path.join(projectDir, "embed", "operations-triage.manifest.json");
  settleMtime(file);
  const got = await api("GET", "/api/embed/operations-triage");
  expect(got.status).toBe(200);
  const etag = got.headers.etag!;
  expect(etag).toBe(sha(readFileSync(file)));
  expect(got.json.manifest.embed.cadence).toEqual({ every: "PT4H" });

  const before = readFileSync(file);
  const after = Buffer.from(before.toString("utf8").replace('"PT4H"', '"PT5H"'));
  const { atimeNs, mtimeNs } = statSync(file, { bigint: true });
  writeFileSync(file, after);
  utimesSync(file, Number(atimeNs / 1_000_000n) / 1000, Number(mtimeNs / 1_000_000n) / 1000);
  expect(statSync(file, { bigint: true }).mtimeNs).toBe(mtimeNs);
  expect(after.length).toBe(before.length);

  const stale = await api("PATCH", "/api/embed/operations-triage", { set: { runtime: "none" } }, { "if-match": etag });
  expectHttpError(stale, 409, { code: "conflict" });
  expect(stale.json.current.etag).toBe(sha(after));
  expect(stale.json.current.overlay.embed.cadence).toEqual({ every: "PT5H" });
  expect(stale.headers.etag).toBe(sha(after));
  expect(readFileSync(file).equals(after)).toBe(true);

  const retried = await api(
    "PATCH",
    "/api/embed/operations-triage",
    { set: { runtime: "none" } },
    { "if-match": stale.json.current.etag },
  );
  expect(retried.status, retried.text.slice(0, 300)).toBe(200);
  expect(JSON.parse(readFileSync(file, "utf8")).embed).toEqual({ cadence: { every: "PT5H" }, runtime: "none" });
});

test("PATCH /api/embed/{id} read while it had no overlay, after another program created one → 409", async () => {
  const got = await api("GET", "/api/embed/product-feedback-digest");
  expect(got.status).toBe(200);
  expect(got.json.overlay).toBeNull();
  const etag = got.headers.etag!;
  const file = path.join(projectDir, "embed", "product-feedback-digest.manifest.json");
  const created = json({ id: "product-feedback-digest", embed: { cadence: { every: "P2D" } } });
  writeFileSync(file, created);
  const stale = await api(
    "PATCH",
    "/api/embed/product-feedback-digest",
    { set: { cadence: { every: "P3D" } } },
    { "if-match": etag },
  );
  expect(stale.status, stale.text.slice(0, 300)).toBe(409);
  expect(stale.json.current.etag).toBe(sha(created));
  expect(readFileSync(file, "utf8")).toBe(created);
});

test("PUT /api/prompts/{id} with the ETag read before an outside edit of the project prompt (same size and mtime) → 409, the outside edit kept", async () => {
  const file = path.join(projectDir, "prompts", "cx-architect.md");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "---\nrole: architect\n---\n# Architect\n\nKeep module boundaries honest (project).\n");
  settleMtime(file);
  const got = await api("GET", "/api/prompts/cx-architect");
  expect(got.status).toBe(200);
  expect(got.headers.etag).toBe(sha(readFileSync(file)));
  const { atimeNs, mtimeNs } = statSync(file, { bigint: true });
  const outside = readFileSync(file, "utf8").replace("(project)", "(outside)");
  writeFileSync(file, outside);
  utimesSync(file, Number(atimeNs / 1_000_000n) / 1000, Number(mtimeNs / 1_000_000n) / 1000);
  const stale = await api(
    "PUT",
    "/api/prompts/cx-architect",
    { content: "---\nrole: architect\n---\n# Architect\n\nThe studio's version.\n" },
    { "if-match": got.headers.etag! },
  );
  expect(stale.status, stale.text.slice(0, 300)).toBe(409);
  expect(stale.json.current.etag).toBe(sha(outside));
  expect(readFileSync(file, "utf8")).toBe(outside);
  expect(
    (await api("PUT", "/api/prompts/cx-architect", { content: "---\nrole: architect\n---\n# Architect\n" })).status,
  ).toBe(428);
});

test("edits made outside show up in what the studio serves, also in files the studio itself replaced before", async () => {
  // Every file here was rewritten by the studio (a rename over it) in the tests above; the cache
  // must still follow later edits to it, made in place or by rename.
  for (const [i, c] of ORG_CASES.filter((c) => c.kind !== "fence").entries()) {
    settleMtime(path.join(root, c.file));
    const edit = editOutside(
      path.join(root, c.file),
      (r) => ({ get: () => r[c.field], set: (v) => (r[c.field] = v) }),
      i % 2 ? "in place" : "by rename",
    );
    const expected = JSON.parse(edit.after.toString("utf8"))[c.field];
    await expect
      .poll(async () => (await api("GET", `/api/org/${c.kind}/${c.id}`)).json.record[c.field], { message: c.file })
      .toBe(expected);
  }
  const overlay = path.join(projectDir, "embed", "operations-triage.manifest.json");
  const edited = readFileSync(overlay, "utf8").replace('"PT5H"', '"PT6H"');
  writeFileSync(`${overlay}.outside-tmp`, edited);
  renameSync(`${overlay}.outside-tmp`, overlay);
  await expect
    .poll(async () => (await api("GET", "/api/embed/operations-triage")).json.manifest.embed.cadence.every)
    .toBe("PT6H");
});
