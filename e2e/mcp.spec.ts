import { spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { call, MCP_BIN, type McpSession, startMcp } from "../server/mcp/test-support/mcp-client";
import { type Studio, startStudio } from "../test/support/processes";
import { tempProject, writeFiles } from "../test/support/temp-project";
import { leftovers } from "../test/support/tree";
import { type Api, apiAt, extraPort, specialist } from "./support";

/**
 * The three doors to one org, on one project with a pack enabled: the MCP server (spawned over
 * stdio, driven by the SDK's Client), the HTTP API of a real `next start`, and the CLI. They share
 * the composition root, so they must give the same verdicts, and their writes must serialise.
 */

test.describe.configure({ mode: "serial" });

const RACE_ID = "cx-race-mcp";
const PACK_TEAM = "parity-team";
/** The name of a specialist only the enabled pack contributes: an import reusing it is refused because of the pack. */
const PACK_NAME = "Pack Scribe";

let root = "";
let home = "";
let xdg = "";
let studio: Studio;
let api: Api;
let sessions: McpSession[] = [];

type CliRun = { code: number | null; stdout: string; stderr: string };

function cli(args: string[], cwd = root): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MCP_BIN, ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        HOME: home,
        CONSTRUCT_HOME: home,
        XDG_CONFIG_HOME: xdg,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function writeJson(file: string, value: unknown): void {
  writeFiles(path.dirname(file), { [path.basename(file)]: value as object });
}

/** A project whose only team for some records comes from an enabled pack. */
function makeProject(dir: string): void {
  writeJson(path.join(dir, ".cx", "org", "specialists", `${RACE_ID}.json`), specialist(RACE_ID));
  const pack = path.join(dir, ".cx", "packs", "parity-pack");
  writeJson(path.join(pack, "pack.manifest.json"), { id: "parity-pack", version: "1.0.0", compatVersion: ">=0.1.0" });
  writeJson(path.join(pack, "org", "teams", `${PACK_TEAM}.json`), {
    id: PACK_TEAM,
    kind: "squad",
    name: "Parity",
    // The member the accepted import adds holds this role.
    owner: "pack-member",
    roles: ["pack-member"],
    charter: "A team only the enabled pack contributes.",
  });
  writeJson(
    path.join(pack, "org", "specialists", "cx-pack-scribe.json"),
    specialist("cx-pack-scribe", { name: PACK_NAME, role: "pack-member", team: PACK_TEAM }),
  );
  writeJson(path.join(dir, ".cx", "packs.json"), {
    version: 1,
    enabled: { "parity-pack": { enabledAt: "2026-07-03T00:00:00.000Z" } },
  });
}

type Problem = { id: string; severity: string; message: string; location: string; field?: string };
const key = (p: Problem) => JSON.stringify([p.id, p.severity, p.message, p.location, p.field ?? null]);
const keys = (problems: Problem[]) => problems.map(key).sort();

test.beforeAll(async () => {
  ({ root, home, xdg } = tempProject({ prefix: "studio-mcp-", home: "inside" }));
  makeProject(root);
  studio = await startStudio({ port: extraPort(7), root, home, xdg });
  api = apiAt(studio.port);
  sessions = await Promise.all([0, 1].map(() => startMcp({ root, home, xdg })));
});

test.afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await studio?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

test("import: the CLI and POST /api/org/import give the same verdict on the same payload with a pack enabled", async () => {
  // Both doors build their services through server/compose.ts, so both see the enabled pack: one
  // payload is accepted only because of it, one refused only because of it, one refused regardless.
  const payloads = {
    // Valid only because the enabled pack contributes the team.
    acceptedByPack: { specialists: { "cx-pack-member": specialist("cx-pack-member", { team: PACK_TEAM }) } },
    // The same record under another id and the pack specialist's name: refused only because the pack holds that name.
    refusedByPack: {
      specialists: {
        "cx-namesake": specialist("cx-namesake", { team: PACK_TEAM, role: "pack-member", name: PACK_NAME }),
      },
    },
    refused: {
      specialists: { "cx-lost": specialist("cx-lost", { team: "nowhere-team", modelTier: "huge" }) },
    },
  };
  for (const [name, payload] of Object.entries(payloads)) {
    const file = path.join(root, `${name}.json`);
    writeJson(file, payload);
    const http = await api("POST", "/api/org/import?scope=project&dryRun=1", payload);
    const run = await cli(["import", file, "--root", root, "--dry-run"]);
    const accepted = name === "acceptedByPack";
    expect(http.status === 200, `${name}: HTTP ${http.status} ${http.text}`).toBe(accepted);
    expect(run.code === 0, `${name}: CLI ${run.code} ${run.stdout}${run.stderr}`).toBe(accepted);
    if (accepted) {
      expect(http.json.files).toEqual([{ path: ".cx/org/specialists/cx-pack-member.json", action: "create" }]);
      expect(run.stdout).toContain("would create  .cx/org/specialists/cx-pack-member.json");
      continue;
    }
    // The CLI prints each FieldError as "<file>  <pointer>" then "  <severity> <id>: <message>".
    const printed = [...run.stdout.matchAll(/^\S+ {2}(#\/\S+)\n {2}(error|warning) (\S+): (.*)$/gm)].map((m) => [
      m[3],
      m[2],
      m[4],
      m[1],
    ]);
    const served = (http.json.errors as Problem[]).map((e) => [e.id, e.severity, e.message, e.location]);
    expect(printed.length, `${name}: ${run.stdout}`).toBeGreaterThan(name === "refused" ? 1 : 0);
    expect(printed.map((p) => JSON.stringify(p)).sort()).toEqual(served.map((p) => JSON.stringify(p)).sort());
    if (name === "refusedByPack") {
      // The collision is reported on both holders of the name, the imported one naming the pack's.
      const collisions = served.filter(([id]) => id === "specialist-name-collision");
      expect(collisions.map(([, severity, , location]) => [severity, location]).sort()).toEqual([
        ["error", "#/specialists/cx-namesake/name"],
        ["error", "#/specialists/cx-pack-scribe/name"],
      ]);
      expect(collisions.find(([, , , location]) => location === "#/specialists/cx-namesake/name")?.[2]).toContain(
        "cx-pack-scribe",
      );
    }
  }
});

test("validate: the same draft gets the same FieldErrors from org_validate, POST /api/org/validate and the CLI", async () => {
  const draft = specialist("cx-parity-draft", {
    team: PACK_TEAM,
    modelTier: "huge",
    skills: ["nowhere/nothing"],
    handoffCandidates: ["nobody-at-all"],
    fence: { allowedPath: ["src/**"] },
  });
  const mcp = await call(sessions[0].client, "org_validate", { kind: "specialist", record: draft });
  const http = await api("POST", "/api/org/validate", { kind: "specialist", record: draft });
  expect(http.status).toBe(200);
  expect(mcp.data.ok).toBe(false);
  const mcpProblems = [...mcp.data.errors, ...mcp.data.warnings] as Problem[];
  const httpProblems = [...http.json.errors, ...http.json.warnings] as Problem[];
  expect(keys(mcpProblems)).toEqual(keys(httpProblems));
  expect(mcpProblems.length).toBeGreaterThan(3);

  // The CLI validates files: the same draft saved in a copy of the project, against the copy without it.
  const copied = tempProject({ prefix: "studio-mcp-copy-" });
  const copy = copied.root;
  try {
    cpSync(path.join(root, ".cx"), path.join(copy, ".cx"), { recursive: true });
    const baseline = await cli(["validate", "--root", copy, "--format", "json"]);
    writeJson(path.join(copy, ".cx", "org", "specialists", "cx-parity-draft.json"), draft);
    const withDraft = await cli(["validate", "--root", copy, "--format", "json"]);
    expect(withDraft.code).toBe(1);
    const before = new Set(keys(JSON.parse(baseline.stdout).problems));
    const added = (JSON.parse(withDraft.stdout).problems as Problem[]).filter((p) => !before.has(key(p)));
    expect(keys(added)).toEqual(keys(mcpProblems));
  } finally {
    copied.remove();
  }
});

test("two agents and the web studio write one record with the same etag: exactly one wins, files stay whole", async () => {
  const file = path.join(root, ".cx", "org", "specialists", `${RACE_ID}.json`);
  const winners: string[] = [];
  for (let round = 0; round < 5; round++) {
    const got = await api("GET", `/api/org/specialist/${RACE_ID}`);
    const etag = got.headers.etag as string;
    const text = (who: string) => `Round ${round}: the description as ${who} wrote it, racing the others.`;
    const [first, second, web] = await Promise.all([
      call(sessions[0].client, "org_update", {
        kind: "specialist",
        id: RACE_ID,
        patch: { description: text("agent one") },
        apply: true,
        etag,
      }),
      call(sessions[1].client, "org_update", {
        kind: "specialist",
        id: RACE_ID,
        patch: { description: text("agent two") },
        apply: true,
        etag,
      }),
      api("PATCH", `/api/org/specialist/${RACE_ID}`, { description: text("the studio") }, { "if-match": etag }),
    ]);
    const outcomes = [
      { who: "agent one", won: !first.isError, conflict: first.data?.code === "conflict" },
      { who: "agent two", won: !second.isError, conflict: second.data?.code === "conflict" },
      { who: "the studio", won: web.status === 200, conflict: web.status === 409 },
    ];
    expect(
      outcomes.filter((o) => o.won),
      JSON.stringify(outcomes),
    ).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.conflict),
      JSON.stringify(outcomes),
    ).toHaveLength(2);
    const winner = outcomes.find((o) => o.won)!.who;
    winners.push(winner);
    const onDisk = JSON.parse(readFileSync(file, "utf8"));
    expect(onDisk.description).toBe(text(winner));
    // Every loser was told about the version on disk.
    for (const loser of [first, second].filter((r) => r.isError))
      expect(loser.data.current.record.description).toBe(text(winner));
    if (web.status === 409) expect(web.json.current.record.description).toBe(text(winner));
  }
  console.log(`winners of 5 three-way races: ${winners.join(", ")}`);
  expect(leftovers(root)).toEqual([]);
});
