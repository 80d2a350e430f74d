import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_KINDS, fileJsonSchema } from "@/schemas/file-kinds";
import { runCli } from "@/test/support/processes";
import { makeTmpDirs, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";
import { manifest, writePack } from "../packs/test-support/pack-fixtures";
import { call, MCP_BIN, type McpSession, startMcp } from "./test-support/mcp-client";

/**
 * The MCP server as an agent meets it: `construct-studio mcp` spawned over stdio, driven by the
 * SDK's own Client, on a temporary project with the real built-in org.
 */

const TOOLS = [
  "org_list",
  "org_get",
  "skills_list",
  "graph_neighbours",
  "org_validate",
  "preview_route",
  "preview_fence",
  "preview_action",
  "org_create",
  "org_update",
  "org_remove",
  "org_import",
  "packs_enable",
  "packs_disable",
  "embed_enable",
  "embed_disable",
  "embed_dry_run",
  "org_plan",
  "org_test",
  "access_reach",
  "access_history",
  "activity_summary",
  "access_unused",
];
const READ_ONLY = [
  "org_list",
  "org_get",
  "skills_list",
  "graph_neighbours",
  "org_validate",
  "preview_route",
  "preview_fence",
  "preview_action",
  "embed_dry_run",
  "org_plan",
  "org_test",
  "access_reach",
  "access_history",
  "activity_summary",
  "access_unused",
];

let base: string;
let root: string;
let home: string;
let xdg: string;
let cleanup: () => Promise<void>;
let mcp: McpSession;
const PROJECT_ID = "cx-mcp-subject";
const subjectFile = () => path.join(root, ".cx", "org", "specialists", `${PROJECT_ID}.json`);

/** Everything on disk the server could write to: the project, the user tier, the packs' config home. */
async function disk(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [label, dir] of [
    ["root", root],
    ["home", home],
    ["xdg", xdg],
  ] as const)
    for (const [rel, content] of await treeOf(dir)) out.set(`${label}/${rel}`, content);
  return out;
}

beforeAll(async () => {
  const tmp = await makeTmpDirs("cs-mcp-");
  ({ base, root, home, cleanup } = tmp);
  xdg = path.join(base, "xdg");
  await fs.mkdir(xdg);
  await writeRecord(path.join(root, ".cx", "org"), "specialists", specialistRecord(PROJECT_ID));
  await writePack(path.join(root, ".cx", "packs"), "mcp-pack", manifest("mcp-pack"), {
    "org/teams/mcp-pack-team.json": JSON.stringify({
      id: "mcp-pack-team",
      kind: "squad",
      name: "Pack team",
      owner: "architect",
      roles: ["architect"],
      charter: "A team a pack contributes, for the MCP tests.",
    }),
  });
  mcp = await startMcp({ root, home, xdg });
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await cleanup?.();
});

describe("listing", () => {
  it("lists every tool with an input schema, an output schema and honest annotations", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of ["org_remove", "org_update", "org_import", "packs_disable", "embed_disable"])
      expect(byName[name].annotations?.destructiveHint, name).toBe(true);
    for (const name of ["org_create", "packs_enable", "embed_enable"])
      expect(byName[name].annotations?.destructiveHint, name).toBe(false);
    // Derived from schemas/: the id grammar and the kinds come through as JSON Schema.
    const update = byName.org_update.inputSchema.properties as Record<
      string,
      { pattern?: string; enum?: string[]; default?: unknown }
    >;
    expect(update.id.pattern).toBe("^[a-z0-9][a-z0-9-]{0,63}$");
    expect(update.kind.enum).toEqual(["group", "team", "specialist", "contract", "policy", "worker-profile", "fence"]);
    expect(update.apply.default).toBe(false);
    expect(byName.org_update.inputSchema.required).toEqual(["kind", "id", "patch"]);
  });

  it("lists the JSON Schema of every file kind and every entity as resources, and reads them", async () => {
    const { resources } = await mcp.client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const kind of FILE_KINDS) expect(uris).toContain(`construct://schemas/${kind}`);
    expect(uris).toContain("construct://org/specialist/cx-architect");
    expect(uris).toContain(`construct://org/specialist/${PROJECT_ID}`);
    expect(uris).toContain("construct://org/contract/architect-to-engineer");
    const schema = await mcp.client.readResource({ uri: "construct://schemas/specialist" });
    expect(JSON.parse((schema.contents[0] as { text: string }).text)).toEqual(fileJsonSchema("specialist"));
    const entity = await mcp.client.readResource({ uri: "construct://org/specialist/cx-architect" });
    const body = JSON.parse((entity.contents[0] as { text: string }).text);
    expect(body).toMatchObject({ scope: "builtin", path: "specialists/org/specialists/cx-architect.json" });
    expect(body.record.id).toBe("cx-architect");
    expect(body.etag).toMatch(/^"sha256:/);
    await expect(mcp.client.readResource({ uri: "construct://org/specialist/no-such-one" })).rejects.toThrow(
      /does not exist/,
    );
    // Each record is listed under its own name, so a client's resource picker tells them apart.
    const records = resources.filter((r) => r.uri.startsWith("construct://org/"));
    expect(new Set(records.map((r) => r.title)).size).toBe(records.length);
    const architect = records.find((r) => r.uri === "construct://org/specialist/cx-architect");
    expect(architect?.title).toMatch(/ \(specialist\)$/);
    expect(architect?.title).not.toBe("An org record");
  });

  it("completes a record's kind from what was typed, and its id among that kind's records", async () => {
    const ref = { type: "ref/resource" as const, uri: "construct://org/{kind}/{id}" };
    const kinds = await mcp.client.complete({ ref, argument: { name: "kind", value: "spe" } });
    expect(kinds.completion.values).toEqual(["specialist"]);
    const none = await mcp.client.complete({ ref, argument: { name: "kind", value: "wizard" } });
    expect(none.completion.values).toEqual([]);
    const ids = await mcp.client.complete({
      ref,
      argument: { name: "id", value: "cx-arch" },
      context: { arguments: { kind: "specialist" } },
    });
    expect(ids.completion.values).toEqual(["cx-architect"]);
    const teams = await mcp.client.complete({
      ref,
      argument: { name: "id", value: "" },
      context: { arguments: { kind: "team" } },
    });
    expect(teams.completion.values).toContain("design-team");
    expect(teams.completion.values).not.toContain("cx-architect");
    const contains = await mcp.client.complete({
      ref,
      argument: { name: "id", value: "architect" },
      context: { arguments: { kind: "specialist" } },
    });
    expect(contains.completion.values).toContain("cx-architect");
  });
});

describe("reads and checks", () => {
  it("org_get answers { record, etag, scope, path } as GET /api/org/{kind}/{id} does", async () => {
    const got = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    expect(got.isError).toBe(false);
    expect(got.data).toMatchObject({ kind: "specialist", id: PROJECT_ID, scope: "project" });
    expect(got.data.path).toBe(`.cx/org/specialists/${PROJECT_ID}.json`);
    expect(got.data.record.description).toBe(specialistRecord(PROJECT_ID).description);
    expect(JSON.parse(got.text)).toEqual(got.data);
  });

  it("org_list, skills_list and graph_neighbours read the merged org, pack records not enabled yet", async () => {
    const list = await call(mcp.client, "org_list", { kind: "specialist" });
    expect(list.data.count).toBe(13);
    const skills = await call(mcp.client, "skills_list", {});
    expect(skills.data.count).toBe(28);
    expect(skills.data.skills.map((s: { id: string }) => s.id)).toContain("quality/code-review");
    const near = await call(mcp.client, "graph_neighbours", { id: "cx-architect" });
    expect(near.data.team).toEqual({ id: "engineering-team", kind: "team", name: "Engineering" });
    expect(near.data.handoffs.to.map((l: { id: string }) => l.id)).toContain("cx-engineer");
    expect(near.data.contracts.produces).toContainEqual(
      expect.objectContaining({ id: "architect-to-engineer", with: "cx-engineer" }),
    );
    const teams = await call(mcp.client, "org_list", { kind: "team" });
    expect(teams.data.items.map((i: { id: string }) => i.id)).not.toContain("mcp-pack-team");
  });

  it("org_validate returns FieldErrors as data; the previews answer", async () => {
    const draft = specialistRecord("cx-draft-one", { modelTier: "huge", team: "nowhere-team" });
    const checked = await call(mcp.client, "org_validate", { kind: "specialist", record: draft });
    expect(checked.isError).toBe(false);
    expect(checked.data.ok).toBe(false);
    expect(checked.data.errors.map((e: { location: string }) => e.location)).toEqual(
      expect.arrayContaining(["#/specialists/cx-draft-one/modelTier", "#/specialists/cx-draft-one/team"]),
    );
    const route = await call(mcp.client, "preview_route", { description: "design the module boundaries", limit: 3 });
    expect(route.data.candidates).toHaveLength(3);
    const action = await call(mcp.client, "preview_action", {
      specialistId: PROJECT_ID,
      action: "edit",
      target: "src/a.ts",
    });
    expect(action.data).toMatchObject({ allowed: true, decision: "allowed", specialistId: PROJECT_ID });
    const fence = await call(mcp.client, "preview_fence", { draftSpecialist: specialistRecord("cx-draft-two") });
    expect(fence.data.allowedPaths).toEqual(["src/**"]);
  });
});

describe("access", () => {
  it("access_reach names what a task reaches through handoffs, each with its path, and refuses an unknown id", async () => {
    const before = await disk();
    const reach = await call(mcp.client, "access_reach", { id: "cx-reviewer" });
    expect(reach.isError, reach.text).toBe(false);
    expect(reach.data.kind).toBe("specialist");
    const texts = (reach.data.entries as { text: string }[]).map((e) => e.text);
    expect(texts).toContain("cx-reviewer: edit docs/reviews/**");
    expect(texts).toContain("cx-reviewer → handoff → cx-engineer: edit src/**");
    const missing = await call(mcp.client, "access_reach", { id: "nobody" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toBe('not_found: no specialist or worker profile "nobody" in the org');
    expect(missing.data).toEqual({
      ok: false,
      code: "not_found",
      message: 'no specialist or worker profile "nobody" in the org',
      errors: [],
    });
    expect(await disk()).toEqual(before);
  });

  it("access_history answers outside git with a note, and refuses an unknown id and a limit below 1", async () => {
    const before = await disk();
    const history = await call(mcp.client, "access_history", { id: "cx-reviewer", limit: 5 });
    expect(history.isError, history.text).toBe(false);
    expect(history.data).toMatchObject({ id: "cx-reviewer", entries: [], scanned: 0, more: 0, shallow: false });
    expect(history.data.note).toMatch(/is not in a git repository, so there is no history to read$/);
    const missing = await call(mcp.client, "access_history", { id: "nobody" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toBe('not_found: no specialist or worker profile "nobody" in the org now');
    const zero = await call(mcp.client, "access_history", { id: "cx-reviewer", limit: 0 });
    expect(zero.isError).toBe(true);
    expect(zero.data).toMatchObject({ ok: false, code: "bad_request" });
    expect(zero.data.errors).toEqual([expect.objectContaining({ location: "#/arguments/limit", field: "limit" })]);
    expect(await disk()).toEqual(before);
  });
});

describe("change review", () => {
  it("org_plan says what one unsaved change would do, widening included, and writes nothing", async () => {
    const before = await disk();
    const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    const fence = { ...(read.record.fence ?? {}), allowedPaths: ["src/**", "secrets/**"] };
    const planned = await call(mcp.client, "org_plan", {
      draft: { kind: "specialist", record: { ...read.record, fence } },
    });
    expect(planned.isError, planned.text).toBe(false);
    expect(planned.data.summary).toMatchObject({ add: 0, remove: 0, change: 1 });
    expect(planned.data.summary.widens).toBeGreaterThanOrEqual(1);
    expect(planned.data.changes).toContainEqual(expect.objectContaining({ kind: "entity", id: PROJECT_ID }));
    const whole = await call(mcp.client, "org_plan", {});
    expect(whole.isError, whole.text).toBe(false);
    expect(whole.data.summary).toEqual(expect.objectContaining({ add: expect.any(Number) }));
    expect(await disk()).toEqual(before);
  });

  it("org_test runs the project's org tests, and says which case a draft would break", async () => {
    const testsDir = path.join(root, ".cx", "tests");
    await fs.mkdir(testsDir, { recursive: true });
    await fs.writeFile(
      path.join(testsDir, "mcp.test.json"),
      `${JSON.stringify({ cases: [{ name: "edits its sources", specialist: PROJECT_ID, action: "edit", target: "src/a.ts", expect: "allowed" }] }, null, 2)}\n`,
    );
    try {
      const passing = await call(mcp.client, "org_test", {});
      expect(passing.isError, passing.text).toBe(false);
      expect(passing.data.summary).toMatchObject({ passed: 1, failed: 0 });
      const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
      const broken = await call(mcp.client, "org_test", {
        draft: {
          kind: "specialist",
          record: { ...read.record, fence: { ...read.record.fence, allowedPaths: ["docs/**"] } },
        },
      });
      expect(broken.data.summary).toMatchObject({ passed: 0, failed: 1 });
      expect(broken.data.results[0]).toMatchObject({ name: "edits its sources" });
    } finally {
      await fs.rm(testsDir, { recursive: true, force: true });
    }
  });
});

describe("changes", () => {
  it("a dry-run update (the default) writes nothing and says what it would write", async () => {
    const before = await disk();
    const got = await call(mcp.client, "org_get", { kind: "specialist", id: "cx-architect" });
    const description = "The architect as this project sees it, written by an agent over MCP.";
    const dry = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: "cx-architect",
      patch: { description },
    });
    expect(dry.isError).toBe(false);
    expect(dry.data).toMatchObject({
      ok: true,
      dryRun: true,
      path: ".cx/org/specialists/cx-architect.json",
      file: { id: "cx-architect", description },
      etag: got.data.etag,
      warnings: [],
    });
    expect(dry.data.record.name).toBe("architect");
    expect(await disk()).toEqual(before);
  });

  it("apply without the etag is refused; with it the record is written and gets a new etag", async () => {
    const description = "Reviewed by an agent: this specialist keeps the module boundaries honest.";
    const before = await disk();
    const noEtag = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: PROJECT_ID,
      patch: { description },
      apply: true,
    });
    expect(noEtag.isError).toBe(true);
    expect(noEtag.data).toMatchObject({ ok: false, code: "precondition_required" });
    expect(await disk()).toEqual(before);

    const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    const applied = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: PROJECT_ID,
      patch: { description },
      apply: true,
      etag: read.etag,
    });
    expect(applied.isError, applied.text).toBe(false);
    expect(applied.data).toMatchObject({ ok: true, dryRun: false, path: `.cx/org/specialists/${PROJECT_ID}.json` });
    expect(applied.data.etag).not.toBe(read.etag);
    expect(JSON.parse(await fs.readFile(subjectFile(), "utf8")).description).toBe(description);
    const again = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    expect(again.data.etag).toBe(applied.data.etag);
  });

  it("an etag copied without its quotes names the same version; a stale one is still a conflict", async () => {
    const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    const bare = String(read.etag).replace(/^"|"$/g, "");
    expect(bare).not.toBe(read.etag);
    const description = "Written with an etag an agent copied without its quotes.";
    const applied = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: PROJECT_ID,
      patch: { description },
      apply: true,
      etag: bare,
    });
    expect(applied.isError, applied.text).toBe(false);
    expect(JSON.parse(await fs.readFile(subjectFile(), "utf8")).description).toBe(description);
    const before = await disk();
    const stale = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: PROJECT_ID,
      patch: { description: "Based on the version before the last write." },
      apply: true,
      etag: bare,
    });
    expect(stale.data).toMatchObject({ ok: false, code: "conflict" });
    expect(await disk()).toEqual(before);
  });

  it("a stale etag is a conflict carrying the current record, and nothing is written", async () => {
    const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    // Someone else edits the file after the agent read it.
    const edited = { ...read.record, description: "Changed in another editor after the agent read the record." };
    await fs.writeFile(subjectFile(), `${JSON.stringify(edited, null, 2)}\n`);
    const before = await disk();
    const stale = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: PROJECT_ID,
      patch: { description: "The agent's version, based on what it read before the other edit." },
      apply: true,
      etag: read.etag,
    });
    expect(stale.isError).toBe(true);
    expect(stale.data.code).toBe("conflict");
    expect(stale.data.current.record.description).toBe(edited.description);
    expect(stale.data.current.etag).not.toBe(read.etag);
    expect(await disk()).toEqual(before);
  });

  it("builtin stays read-only: writing the builtin tier or removing a builtin record is refused", async () => {
    const before = await disk();
    const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: "cx-reviewer" });
    const update = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: "cx-reviewer",
      patch: { description: "An agent tries to rewrite the built-in reviewer in place, which it may not." },
      scope: "builtin",
      apply: true,
      etag: read.etag,
    });
    expect(update.isError).toBe(true);
    expect(update.data.code).toBe("forbidden");
    expect(update.data.errors[0]).toMatchObject({ id: "builtin-scope-readonly", field: "scope" });
    const remove = await call(mcp.client, "org_remove", {
      kind: "specialist",
      id: "cx-reviewer",
      apply: true,
      etag: read.etag,
    });
    expect(remove.isError).toBe(true);
    expect(remove.data.code).toBe("forbidden");
    expect(await disk()).toEqual(before);
  });

  it("nothing invalid is written: an applied update that breaks a rule returns its FieldErrors", async () => {
    const { data: read } = await call(mcp.client, "org_get", { kind: "specialist", id: PROJECT_ID });
    const before = await disk();
    const bad = await call(mcp.client, "org_update", {
      kind: "specialist",
      id: PROJECT_ID,
      patch: { modelTier: "huge", team: "nowhere-team" },
      apply: true,
      etag: read.etag,
    });
    expect(bad.isError).toBe(true);
    expect(bad.data.code).toBe("invalid");
    expect(bad.data.errors.map((e: { location: string }) => e.location)).toEqual(
      expect.arrayContaining([`#/specialists/${PROJECT_ID}/modelTier`, `#/specialists/${PROJECT_ID}/team`]),
    );
    expect(bad.text).toContain(`#/specialists/${PROJECT_ID}/modelTier`);
    expect(await disk()).toEqual(before);
  });

  it("create and remove: dry runs write nothing, applied ones write and delete the file", async () => {
    const record = specialistRecord("cx-mcp-created");
    const file = path.join(root, ".cx", "org", "specialists", "cx-mcp-created.json");
    const before = await disk();
    const dry = await call(mcp.client, "org_create", { kind: "specialist", record });
    expect(dry.data).toMatchObject({ ok: true, dryRun: true, path: ".cx/org/specialists/cx-mcp-created.json" });
    expect(await disk()).toEqual(before);
    const created = await call(mcp.client, "org_create", { kind: "specialist", record, apply: true });
    expect(created.data).toMatchObject({ ok: true, dryRun: false });
    expect(JSON.parse(await fs.readFile(file, "utf8")).id).toBe("cx-mcp-created");

    const removeDry = await call(mcp.client, "org_remove", { kind: "specialist", id: "cx-mcp-created" });
    expect(removeDry.data).toMatchObject({ ok: true, dryRun: true, revealed: null, etag: created.data.etag });
    await fs.access(file);
    const removed = await call(mcp.client, "org_remove", {
      kind: "specialist",
      id: "cx-mcp-created",
      apply: true,
      etag: removeDry.data.etag,
    });
    expect(removed.data).toMatchObject({ ok: true, dryRun: false, path: ".cx/org/specialists/cx-mcp-created.json" });
    await expect(fs.access(file)).rejects.toThrow();
  });

  it("org_import: the dry run's etag applies it; a changed target makes that etag stale", async () => {
    const payload = { teams: {}, specialists: { "cx-imported": specialistRecord("cx-imported") } };
    const file = path.join(root, ".cx", "org", "specialists", "cx-imported.json");
    const dry = await call(mcp.client, "org_import", { payload });
    expect(dry.data).toMatchObject({ ok: true, dryRun: true, written: [] });
    expect(dry.data.files).toEqual([{ path: ".cx/org/specialists/cx-imported.json", action: "create" }]);
    await expect(fs.access(file)).rejects.toThrow();
    // The file appears between the dry run and the apply: the import would then replace it.
    await writeRecord(path.join(root, ".cx", "org"), "specialists", specialistRecord("cx-imported", { name: "other" }));
    const stale = await call(mcp.client, "org_import", { payload, apply: true, etag: dry.data.etag });
    expect(stale.data.code).toBe("conflict");
    expect(JSON.parse(await fs.readFile(file, "utf8")).name).toBe("other");
    const again = await call(mcp.client, "org_import", { payload });
    const applied = await call(mcp.client, "org_import", { payload, apply: true, etag: again.data.etag });
    expect(applied.data).toMatchObject({ ok: true, dryRun: false, written: [".cx/org/specialists/cx-imported.json"] });
    expect(JSON.parse(await fs.readFile(file, "utf8")).name).toBe("cx-imported");
  });

  it("org_create refuses an id the built-in tier holds; org_import merges unless modes names a record to replace", async () => {
    const before = await disk();
    const taken = await call(mcp.client, "org_create", {
      kind: "specialist",
      record: specialistRecord("cx-engineer"),
      apply: true,
    });
    expect(taken.data).toMatchObject({ ok: false, code: "conflict" });
    expect(taken.data.message).toContain('specialist "cx-engineer" already exists in the builtin tier');
    expect(await disk()).toEqual(before);

    const hand = (id: string) => specialistRecord(id, { displayName: `Hand ${id}` });
    await writeRecord(path.join(root, ".cx", "org"), "specialists", hand("cx-mcp-hand-a"));
    await writeRecord(path.join(root, ".cx", "org"), "specialists", hand("cx-mcp-hand-b"));
    const payload = {
      specialists: {
        "cx-mcp-hand-a": specialistRecord("cx-mcp-hand-a"),
        "cx-mcp-hand-b": specialistRecord("cx-mcp-hand-b"),
      },
    };
    const modes = { "specialists/cx-mcp-hand-a": "replace" };
    const dry = await call(mcp.client, "org_import", { payload, modes });
    expect(dry.data.files).toEqual([
      expect.objectContaining({
        key: "specialists/cx-mcp-hand-a",
        mode: "replace",
        diff: [{ field: "displayName", change: "removed", before: "Hand cx-mcp-hand-a" }],
      }),
      expect.objectContaining({ key: "specialists/cx-mcp-hand-b", mode: "merge", action: "unchanged" }),
    ]);
    const applied = await call(mcp.client, "org_import", { payload, modes, apply: true, etag: dry.data.etag });
    expect(applied.data).toMatchObject({ ok: true, written: [".cx/org/specialists/cx-mcp-hand-a.json"] });
    const read = async (id: string) =>
      JSON.parse(await fs.readFile(path.join(root, ".cx", "org", "specialists", `${id}.json`), "utf8"));
    expect(await read("cx-mcp-hand-a")).toEqual(specialistRecord("cx-mcp-hand-a"));
    expect(await read("cx-mcp-hand-b")).toEqual(hand("cx-mcp-hand-b"));
  });

  it("packs_enable and embed_enable: dry run first, then apply with the etag they returned", async () => {
    const packsFile = path.join(root, ".cx", "packs.json");
    const dryPack = await call(mcp.client, "packs_enable", { id: "mcp-pack" });
    expect(dryPack.data).toMatchObject({ ok: true, dryRun: true, enabled: true, wasEnabled: false, etag: '"absent"' });
    await expect(fs.access(packsFile)).rejects.toThrow();
    const pack = await call(mcp.client, "packs_enable", { id: "mcp-pack", apply: true, etag: dryPack.data.etag });
    expect(pack.data).toMatchObject({ ok: true, dryRun: false, enabled: true });
    expect(JSON.parse(await fs.readFile(packsFile, "utf8")).enabled).toHaveProperty("mcp-pack");
    const team = await call(mcp.client, "org_get", { kind: "team", id: "mcp-pack-team" });
    expect(team.data).toMatchObject({ scope: "pack", source: "mcp-pack" });
    const stalePack = await call(mcp.client, "packs_disable", { id: "mcp-pack", apply: true, etag: '"absent"' });
    expect(stalePack.data.code).toBe("conflict");
    const missing = await call(mcp.client, "packs_enable", { id: "no-such-pack" });
    expect(missing.data).toMatchObject({ ok: false, code: "not_found" });

    const overlay = path.join(root, ".cx", "embed", "repo-activity-review.manifest.json");
    const dryEmbed = await call(mcp.client, "embed_enable", { id: "repo-activity-review" });
    expect(dryEmbed.data).toMatchObject({ ok: true, dryRun: true, enabled: true, etag: '"absent"' });
    expect(dryEmbed.data.capability.enabled).toBe(false);
    await expect(fs.access(overlay)).rejects.toThrow();
    const embed = await call(mcp.client, "embed_enable", {
      id: "repo-activity-review",
      apply: true,
      etag: dryEmbed.data.etag,
    });
    expect(embed.data).toMatchObject({ ok: true, dryRun: false, enabled: true });
    expect(embed.data.capability.enabled).toBe(true);
    expect(JSON.parse(await fs.readFile(overlay, "utf8")).embed.enabled).toBe(true);
    const plan = await call(mcp.client, "embed_dry_run", { id: "repo-activity-review" });
    expect(plan.data).toMatchObject({ id: "repo-activity-review", executes: false, enabled: true });
  });
});

describe("bad input", () => {
  const deep = (n: number): unknown => (n === 0 ? "leaf" : { a: deep(n - 1) });
  const cases: [string, string, Record<string, unknown>, RegExp][] = [
    [
      "schema failure: a kind that does not exist",
      "org_get",
      { kind: "wizard", id: "x" },
      /^bad_request: the arguments of org_get .*\nerror invalid-arguments at #\/arguments\/kind: kind: /s,
    ],
    [
      "schema failure: patch missing",
      "org_update",
      { kind: "specialist", id: PROJECT_ID },
      /invalid-arguments at #\/arguments\/patch/,
    ],
    [
      "schema failure: an empty etag cannot stand for a version",
      "org_update",
      { kind: "specialist", id: PROJECT_ID, patch: { description: "x" }, apply: true, etag: "" },
      /invalid-arguments at #\/arguments\/etag/,
    ],
    [
      "an argument nobody defines, which a typo of apply must not turn into a dry run",
      "org_update",
      { kind: "specialist", id: PROJECT_ID, patch: { description: "x" }, aply: true },
      /invalid-arguments at #\/arguments\/aply: unknown argument "aply"; did you mean "apply"\?/,
    ],
    ["unknown id", "org_update", { kind: "specialist", id: "no-such-one", patch: {} }, /does not exist/],
    ["unknown id on read", "org_get", { kind: "team", id: "no-such-team" }, /does not exist/],
    [
      "traversal id",
      "org_update",
      { kind: "specialist", id: "../../etc/passwd", patch: { description: "x" } },
      /is not a valid id/,
    ],
    ["traversal id on read", "org_get", { kind: "specialist", id: "../.cx/org/x" }, /is not a valid id/],
    [
      "__proto__ key",
      "org_update",
      { kind: "specialist", id: PROJECT_ID, patch: JSON.parse('{"__proto__": {"polluted": true}}') },
      /the key "__proto__".* is not allowed/,
    ],
    [
      "constructor key inside a record",
      "org_validate",
      { kind: "specialist", record: JSON.parse('{"id": "x", "constructor": {"prototype": 1}}') },
      /the key "constructor".* is not allowed/,
    ],
    ["too deep", "org_validate", { kind: "specialist", record: deep(100) }, /deep/],
    [
      "a message larger than any tool takes",
      "org_import",
      { payload: { specialists: { "cx-huge": { id: "cx-huge", description: "y".repeat(21 * 1024 * 1024) } } } },
      /the message is larger than \d+ bytes/,
    ],
    [
      "oversized payload",
      "org_update",
      { kind: "specialist", id: PROJECT_ID, patch: { description: "x".repeat(2 * 1024 * 1024) }, apply: true },
      /larger than \d+ bytes/,
    ],
  ];

  it.each(cases)(
    "%s: a tool error naming the problem, nothing written, and the server answers the next call",
    async (_name, tool, args, message) => {
      const before = await disk();
      const result = await call(mcp.client, tool, args);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(message);
      // The shape the server's instructions promise, for clients that read structured content.
      expect(result.data).toMatchObject({ ok: false, code: expect.any(String), message: expect.any(String) });
      expect(result.text.startsWith(`${result.data.code}: ${result.data.message}`)).toBe(true);
      expect(await disk()).toEqual(before);
      const next = await call(mcp.client, "org_get", { kind: "specialist", id: "cx-architect" });
      expect(next.isError).toBe(false);
      expect(next.data.id).toBe("cx-architect");
    },
  );

  it("a --root that does not exist is a usage error before anything starts", async () => {
    const run = await runCli(["mcp", "--root", path.join(base, "nowhere")], { cwd: base });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("does not exist");
  });

  it("stdout carries protocol messages only, also when the input is not JSON", async () => {
    const child = spawn(process.execPath, [MCP_BIN, "mcp", "--root", root], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", CONSTRUCT_HOME: home, XDG_CONFIG_HOME: xdg },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    const send = (line: string) => child.stdin.write(`${line}\n`);
    send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      }),
    );
    send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    send("this is not json");
    send('{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "__proto__": {}}');
    send(
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "skills_list", arguments: {} } }),
    );
    const deadline = Date.now() + 30_000;
    while (!stdout.includes('"id":3') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, stderr).toBe(0);
    const messages = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    for (const m of messages) expect(m.jsonrpc).toBe("2.0");
    expect(messages.find((m) => m.id === null)?.error.code).toBe(-32700);
    expect(messages.find((m) => m.id === 2)?.error.message).toMatch(/"__proto__"/);
    expect(messages.find((m) => m.id === 3)?.result.structuredContent.count).toBe(28);
    expect(stderr).toContain("serving");
  }, 40_000);
});
