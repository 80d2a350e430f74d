import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_IN_GENERATION } from "@/schemas/generation";
import type { Generation } from "@/schemas/kinds";
import { COMMANDS } from "@/server/cli/commands";
import { call, type McpSession, startMcp } from "@/server/mcp/test-support/mcp-client";
import { cliInProcess } from "./support/cli-in-process";
import { absentFeature, absentKind, adrProject, construct2Project, KINDS, type ParityProject } from "./support/parity";
import { APP_DIR, specialistRecord } from "./support/temp-project";

/**
 * The parity matrix: every CLI command, every MCP tool and every HTTP route, on a project of the
 * earlier org and on one Construct 2.1.1 prepared, answers with a real result or with the one
 * explicit "not in this generation" answer (code and sentence the same on every surface). The rows
 * are keyed by the surfaces' own registries (the command registry, the MCP server's tool list, the
 * route files), so a new command, tool or route without both rows fails here. The pages and the
 * editor server are held the same way by e2e/parity.spec.ts.
 */

type Answer = { real: boolean; code: string | null; message: string; data: unknown };
type Cell = { call: (p: ParityProject) => Promise<Answer>; absent?: string; check?: (data: unknown) => void };
type Row = Record<Generation, Cell>;
const GENERATIONS: Generation[] = ["adr", "2"];
const projects = {} as Record<Generation, ParityProject>;
const PRINCIPAL_ID = { adr: "cx-architect", "2": "architect" } as const;
const OWN_ID = { adr: "cx-architect", "2": "docs-keeper" } as const;
const PACK = { adr: "house-pack", "2": "house-tools" } as const;
const CAPABILITY = { adr: "operations-triage", "2": "pm-feedback" } as const;

/** Each absent answer seen, by sentence: every surface must say the same words. */
const absentSeen = new Map<string, Set<string>>();
function holds(cell: Cell, answer: Answer, where: string): void {
  if (cell.absent) {
    expect({ where, code: answer.code, message: answer.message }).toEqual({
      where,
      code: NOT_IN_GENERATION,
      message: cell.absent,
    });
    absentSeen.set(cell.absent, (absentSeen.get(cell.absent) ?? new Set()).add(where));
    return;
  }
  const shown = answer.real ? "" : `${answer.message} ${JSON.stringify(answer.data)?.slice(0, 600)}`;
  expect({ where, real: answer.real, message: shown }).toEqual({
    where,
    real: true,
    message: "",
  });
  cell.check?.(answer.data);
}

// ---------- the CLI, in this process: `main` is the whole command line ----------

const cli = cliInProcess;

/** 0 done and 1 findings are answers; 3 is the absent answer, its sentence the last line of stderr. */
const byCli =
  (args: (p: ParityProject) => string[], parse: (stdout: string) => unknown = (s) => s) =>
  async (p: ParityProject): Promise<Answer> => {
    const run = await cli([...args(p), "--root", p.root]);
    const last = run.stderr.trim().split("\n").at(-1) ?? "";
    if (run.code === 3)
      return { real: false, code: NOT_IN_GENERATION, message: last.replace(/^[a-z-]+: /, ""), data: null };
    if (run.code > 1) return { real: false, code: `exit ${run.code}`, message: run.stderr, data: null };
    return { real: run.stdout.trim().length > 0, code: null, message: run.stderr, data: parse(run.stdout) };
  };
const json = (s: string) => JSON.parse(s);
const both = (cell: Omit<Cell, "absent">): Row => ({ adr: cell, "2": cell });

const nonEmpty = (key: string) => (d: unknown) =>
  expect((d as Record<string, unknown[]>)[key].length).toBeGreaterThan(0);

const CLI_ROWS: Record<string, Row | "e2e/parity.spec.ts" | "the MCP rows"> = {
  open: "e2e/parity.spec.ts",
  mcp: "the MCP rows",
  validate: both({
    call: byCli(() => ["validate", "--format", "json"], json),
    check: (d) => expect((d as { checkedBy: { message: string } }).checkedBy.message).toMatch(/^checked by/),
  }),
  export: {
    adr: {
      call: byCli(() => ["export"], json),
      check: (d) => expect(Object.keys((d as never)["specialists"])).toContain("cx-architect"),
    },
    "2": {
      call: byCli(() => ["export"], json),
      check: (d) => expect(Object.keys((d as never)["worker-profiles"])).toContain("docs-keeper"),
    },
  },
  import: both({
    call: async (p) => {
      const file = path.join(p.base, "export.json");
      await cli(["export", "--root", p.root, "--out", file]);
      return byCli(() => ["import", file, "--dry-run"])(p);
    },
  }),
  packs: {
    adr: {
      call: byCli(() => ["packs", "list", "--format", "json"], json),
      check: (d) => expect(JSON.stringify(d)).toContain(PACK.adr),
    },
    "2": {
      call: byCli(() => ["packs", "list", "--format", "json"], json),
      check: (d) => expect(JSON.stringify(d)).toContain(PACK["2"]),
    },
  },
  embed: both({ call: byCli(() => ["embed", "list", "--format", "json"], json), check: nonEmpty("capabilities") }),
  schemas: both({
    call: async (p) => {
      // The schemas of every file kind take no project: they are written where --out says.
      const run = await cli(["schemas", "--out", path.join(p.base, "schemas")]);
      return {
        real: run.code === 0 && run.stdout.includes("json.schemas"),
        code: null,
        message: run.stderr,
        data: null,
      };
    },
  }),
  "fix-ignore": both({ call: byCli(() => ["fix-ignore", "--dry-run"]) }),
  plan: both({ call: byCli(() => ["plan", "--format", "json"], json) }),
  test: both({ call: byCli(() => ["test", "--format", "json"], json) }),
  migrate: both({ call: byCli(() => ["migrate", "--to", "2", "--dry-run"]) }),
  trust: {
    adr: { call: byCli(() => ["trust", "--status"]), absent: absentFeature("adr", "trust") },
    "2": { call: byCli(() => ["trust", "--status", "--format", "json"], json) },
  },
  access: {
    adr: { call: byCli(() => ["access", PRINCIPAL_ID.adr, "--format", "json"], json) },
    "2": { call: byCli(() => ["access", PRINCIPAL_ID["2"], "--format", "json"], json) },
  },
  activity: {
    adr: { call: byCli(() => ["activity", "--format", "json"]), absent: absentFeature("adr", "activity") },
    "2": { call: byCli(() => ["activity", "--format", "json"], json), check: nonEmpty("profiles") },
  },
};

/** Subcommands and arguments with a generation's own answer, beyond each command's row above. */
const CLI_MORE: Record<string, Row> = {
  "embed dry-run": {
    adr: { call: byCli(() => ["embed", "dry-run", CAPABILITY.adr, "--format", "json"], json) },
    "2": { call: byCli(() => ["embed", "dry-run", CAPABILITY["2"], "--format", "json"], json) },
  },
  "embed tick": {
    adr: { call: byCli(() => ["embed", "tick", CAPABILITY.adr, "--format", "json"], json) },
    "2": { call: byCli(() => ["embed", "tick", CAPABILITY["2"]]), absent: absentFeature("2", "embed-tick") },
  },
  "access --unused": {
    adr: { call: byCli(() => ["access", PRINCIPAL_ID.adr, "--unused"]), absent: absentFeature("adr", "activity") },
    "2": {
      call: byCli(() => ["access", PRINCIPAL_ID["2"], "--unused", "--format", "json"], json),
      check: nonEmpty("entries"),
    },
  },
  "activity --verify": {
    adr: { call: byCli(() => ["activity", "--verify"]), absent: absentFeature("adr", "activity") },
    "2": { call: byCli(() => ["activity", "--verify", "--format", "json"], json) },
  },
  "packs enable --dry-run": {
    adr: { call: byCli(() => ["packs", "enable", PACK.adr, "--dry-run", "--format", "json"], json) },
    "2": { call: byCli(() => ["packs", "enable", PACK["2"], "--dry-run", "--format", "json"], json) },
  },
};

describe("every CLI command, on both generations", { timeout: 300_000 }, () => {
  it("has a row for each command in the registry, and no row for a command it does not have", () => {
    expect(Object.keys(CLI_ROWS).sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  for (const generation of GENERATIONS)
    it(`answers on ${generation === "adr" ? "the earlier org" : "Construct 2.1.1"}`, async () => {
      const p = projects[generation];
      process.env.CONSTRUCT_HOME = p.home;
      process.env.XDG_CONFIG_HOME = p.xdg;
      for (const [name, row] of [...Object.entries(CLI_ROWS), ...Object.entries(CLI_MORE)]) {
        if (typeof row === "string") continue;
        const cell = row[generation];
        holds(cell, await cell.call(p), `cli ${name} (${generation})`);
      }
    });
});

// ---------- MCP, over stdio, with the SDK's own client ----------

const sessions = {} as Record<Generation, McpSession>;
const byTool =
  (name: string, args: (g: Generation) => Record<string, unknown>) =>
  async (p: ParityProject): Promise<Answer> => {
    // The SDK's client checks a result against the tool's output schema: a mismatch is a failure too.
    const result = await call(sessions[p.generation].client, name, args(p.generation)).catch((error: Error) => ({
      isError: true,
      text: `${name}: ${error.message}`,
      data: undefined,
    }));
    const data = result.data as { code?: string; message?: string } | undefined;
    if (result.isError)
      return { real: false, code: data?.code ?? "error", message: data?.message ?? result.text, data: result.text };
    return { real: true, code: null, message: "", data };
  };
const tool = (name: string, args: (g: Generation) => Record<string, unknown>, check?: (d: unknown) => void) =>
  both({ call: byTool(name, args), check });
const record = (g: Generation) =>
  ({
    adr: specialistRecord("cx-parity-new"),
    "2": {
      id: "parity-new",
      description: "A worker profile made by the parity suite",
      skills: ["docs/adr-writing"],
      fence: { allowedPaths: ["docs/**"] },
    },
  })[g];
/** A record whole, as an import carries it: nothing is added to an imported record. */
const whole = (g: Generation) =>
  g === "adr"
    ? record(g)
    : {
        ...record(g),
        name: "parity-new",
        role: "parity-new",
        modelTier: "standard",
        promptFile: ".construct/org/prompts/docs-keeper.md",
      };

const MCP_ROWS: Record<string, Row> = {
  org_list: tool("org_list", (g) => ({ kind: KINDS[g].principal }), nonEmpty("items")),
  org_get: tool("org_get", (g) => ({ kind: KINDS[g].principal, id: PRINCIPAL_ID[g] })),
  skills_list: tool("skills_list", () => ({}), nonEmpty("skills")),
  graph_neighbours: tool("graph_neighbours", (g) => ({ id: PRINCIPAL_ID[g] })),
  org_validate: both({
    call: async (p) => {
      const got = await call(sessions[p.generation].client, "org_get", {
        kind: KINDS[p.generation].principal,
        id: PRINCIPAL_ID[p.generation],
      });
      return byTool("org_validate", (g) => ({ kind: KINDS[g].principal, record: got.data.record }))(p);
    },
    check: (d) => expect(d).toMatchObject({ ok: true, errors: [] }),
  }),
  preview_route: tool(
    "preview_route",
    () => ({ description: "review the architecture and its trade-offs" }),
    nonEmpty("candidates"),
  ),
  preview_fence: tool("preview_fence", (g) => ({ draftSpecialist: { ...record(g) } })),
  preview_action: tool("preview_action", (g) => ({
    specialistId: PRINCIPAL_ID[g],
    action: "edit",
    target: "docs/readme.md",
  })),
  org_create: tool("org_create", (g) => ({ kind: KINDS[g].principal, record: record(g) })),
  org_update: tool("org_update", (g) => ({
    kind: KINDS[g].principal,
    id: OWN_ID[g],
    patch: { description: "Changed by the parity suite, in a dry run only" },
  })),
  org_remove: tool("org_remove", (g) => ({ kind: KINDS[g].principal, id: OWN_ID[g] })),
  org_import: tool("org_import", (g) => ({
    payload: { [g === "adr" ? "specialists" : "worker-profiles"]: { [String(record(g).id)]: whole(g) } },
  })),
  packs_enable: tool("packs_enable", (g) => ({ id: PACK[g] })),
  packs_disable: tool("packs_disable", (g) => ({ id: PACK[g] })),
  embed_enable: tool("embed_enable", (g) => ({ id: CAPABILITY[g] })),
  embed_disable: tool("embed_disable", (g) => ({ id: CAPABILITY[g] })),
  embed_dry_run: tool("embed_dry_run", (g) => ({ id: CAPABILITY[g] })),
  org_plan: tool("org_plan", () => ({})),
  org_test: tool("org_test", () => ({})),
  access_reach: tool("access_reach", (g) => ({ id: PRINCIPAL_ID[g] })),
  access_history: tool("access_history", (g) => ({ id: PRINCIPAL_ID[g] })),
  activity_summary: {
    adr: { call: byTool("activity_summary", () => ({})), absent: absentFeature("adr", "activity") },
    "2": { call: byTool("activity_summary", () => ({ since: "30d" })), check: nonEmpty("profiles") },
  },
  access_unused: {
    adr: { call: byTool("access_unused", (g) => ({ id: PRINCIPAL_ID[g] })), absent: absentFeature("adr", "activity") },
    "2": { call: byTool("access_unused", (g) => ({ id: PRINCIPAL_ID[g] })), check: nonEmpty("entries") },
  },
};

/** A record kind of the other generation: not here, in the same words as every other surface. */
const MCP_ABSENT: Record<string, Row> = {
  "org_list of another generation's kind": {
    adr: { call: byTool("org_list", () => ({ kind: "worker-profile" })), absent: absentKind("adr", "worker-profile") },
    "2": { call: byTool("org_list", () => ({ kind: "team" })), absent: absentKind("2", "team") },
  },
};

describe("every MCP tool, on both generations", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    for (const g of GENERATIONS)
      sessions[g] = await startMcp({ root: projects[g].root, home: projects[g].home, xdg: projects[g].xdg });
  }, 120_000);
  afterAll(async () => {
    for (const g of GENERATIONS) if (sessions[g]) await sessions[g].close();
  });

  it("has a row for each tool the server lists, on both projects", async () => {
    for (const g of GENERATIONS) {
      const listed = (await sessions[g].client.listTools()).tools.map((t) => t.name).sort();
      expect(Object.keys(MCP_ROWS).sort()).toEqual(listed);
    }
  });

  for (const generation of GENERATIONS)
    it(`answers on ${generation === "adr" ? "the earlier org" : "Construct 2.1.1"}`, async () => {
      for (const [name, row] of [...Object.entries(MCP_ROWS), ...Object.entries(MCP_ABSENT)]) {
        const cell = row[generation];
        holds(cell, await cell.call(projects[generation]), `mcp ${name} (${generation})`);
      }
    });
});

// ---------- HTTP, through the route handlers themselves ----------

/** `GET /api/org/[kind]` … read from the route files: Next's own registry of routes. */
function routes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const at = `/${path.relative(path.join(APP_DIR, "app"), dir).split(path.sep).join("/")}`;
        for (const m of readFileSync(full, "utf8").matchAll(
          /^export (?:const|(?:async )?function) (GET|POST|PUT|PATCH|DELETE)\b/gm,
        ))
          out.push(`${m[1]} ${at}`);
      }
    }
  };
  walk(path.join(APP_DIR, "app", "api"));
  return out.sort();
}

const holder = globalThis as { __constructStudio?: { close: () => void } };
/** The route handlers' services are one per process: each project gets its own, made on first use. */
function resetStudio(): void {
  holder.__constructStudio?.close();
  delete holder.__constructStudio;
}
const JSON_TYPE = { "Content-Type": "application/json" };
type Http = {
  params?: Record<string, string | string[]>;
  body?: unknown;
  query?: string;
  headers?: Record<string, string>;
};

const byRoute =
  (route: string, req: (g: Generation) => Http) =>
  async (p: ParityProject): Promise<Answer> => {
    const [method, at] = route.split(" ");
    const r = req(p.generation);
    const mod = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(APP_DIR, "app", at, "route.ts")).href
    )) as Record<string, (request: Request, ctx: { params: Promise<unknown> }) => Promise<Response>>;
    const url = `http://127.0.0.1${at}${r.query ? `?${r.query}` : ""}`;
    const response = await mod[method](
      new Request(url, {
        method,
        headers: { ...JSON_TYPE, ...r.headers },
        ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
      }),
      { params: Promise.resolve(r.params ?? {}) },
    );
    const text = response.headers.get("content-type")?.includes("event-stream") ? "" : await response.text();
    const body = text ? JSON.parse(text) : null;
    if (response.ok) return { real: true, code: null, message: "", data: body };
    return {
      real: false,
      code: body?.error?.code ?? String(response.status),
      message: body?.error?.message ?? text,
      data: body,
    };
  };
const http = (route: string, req: (g: Generation) => Http = () => ({}), check?: (d: unknown) => void): Row =>
  both({ call: byRoute(route, req), check });

const HTTP_ROWS: Record<string, Row> = {
  "GET /api/health": http("GET /api/health"),
  "GET /api/events": both({
    // A stream that stays open: opened, answered with its headers, and closed.
    call: async () => {
      const { GET } = await import("@/app/api/events/route");
      const aborted = new AbortController();
      const response = GET(new Request("http://127.0.0.1/api/events", { signal: aborted.signal }));
      aborted.abort();
      return { real: response.ok, code: null, message: "", data: response.headers.get("content-type") };
    },
  }),
  "GET /api/org/[kind]": http(
    "GET /api/org/[kind]",
    (g) => ({ params: { kind: KINDS[g].principal } }),
    nonEmpty("items"),
  ),
  "POST /api/org/[kind]": http("POST /api/org/[kind]", (g) => ({
    params: { kind: KINDS[g].principal },
    query: "dryRun=1",
    body: record(g),
  })),
  "GET /api/org/[kind]/[id]": http("GET /api/org/[kind]/[id]", (g) => ({
    params: { kind: KINDS[g].principal, id: PRINCIPAL_ID[g] },
  })),
  "PATCH /api/org/[kind]/[id]": both({
    // Over the version read, as the editor sends it.
    call: async (p) => {
      const read = await byRoute("GET /api/org/[kind]/[id]", (g) => ({
        params: { kind: KINDS[g].principal, id: OWN_ID[g] },
      }))(p);
      return byRoute("PATCH /api/org/[kind]/[id]", (g) => ({
        params: { kind: KINDS[g].principal, id: OWN_ID[g] },
        headers: { "If-Match": (read.data as { etag: string }).etag },
        body: { description: "Changed by the parity suite over HTTP, where a save applies" },
      }))(p);
    },
  }),
  "GET /api/org/export": http("GET /api/org/export"),
  "POST /api/org/import": http("POST /api/org/import", (g) => ({
    query: "dryRun=1",
    body: { [g === "adr" ? "specialists" : "worker-profiles"]: { [String(record(g).id)]: whole(g) } },
  })),
  "POST /api/org/validate": http("POST /api/org/validate", (g) => ({
    body: { kind: KINDS[g].principal, record: record(g) },
  })),
  "POST /api/org/preview/route": http(
    "POST /api/org/preview/route",
    () => ({ body: { description: "review the architecture and its trade-offs" } }),
    nonEmpty("candidates"),
  ),
  "POST /api/org/preview/fence": http("POST /api/org/preview/fence", (g) => ({ body: { draftSpecialist: record(g) } })),
  "POST /api/org/preview/action": http("POST /api/org/preview/action", (g) => ({
    body: { specialistId: PRINCIPAL_ID[g], action: "edit", target: "docs/readme.md" },
  })),
  "GET /api/graph": http("GET /api/graph", () => ({}), nonEmpty("nodes")),
  "GET /api/graph/layout": http("GET /api/graph/layout"),
  "GET /api/layout": http("GET /api/layout"),
  "PUT /api/layout": http("PUT /api/layout", () => ({ body: { positions: {} } })),
  "GET /api/access/[id]": http("GET /api/access/[id]", (g) => ({ params: { id: PRINCIPAL_ID[g] } })),
  "GET /api/access/[id]/history": http("GET /api/access/[id]/history", (g) => ({ params: { id: PRINCIPAL_ID[g] } })),
  "GET /api/activity": {
    adr: { call: byRoute("GET /api/activity", () => ({})), absent: absentFeature("adr", "activity") },
    "2": { call: byRoute("GET /api/activity", () => ({ query: "since=30d" })), check: nonEmpty("profiles") },
  },
  "GET /api/access/[id]/unused": {
    adr: {
      call: byRoute("GET /api/access/[id]/unused", (g) => ({ params: { id: PRINCIPAL_ID[g] } })),
      absent: absentFeature("adr", "activity"),
    },
    "2": {
      call: byRoute("GET /api/access/[id]/unused", (g) => ({ params: { id: PRINCIPAL_ID[g] }, query: "since=30d" })),
      check: nonEmpty("entries"),
    },
  },
  "GET /api/plan": http("GET /api/plan"),
  "POST /api/plan": http("POST /api/plan", (g) => ({ body: { kind: KINDS[g].principal, record: record(g) } })),
  "GET /api/prompts/[id]": http("GET /api/prompts/[id]", (g) => ({ params: { id: PRINCIPAL_ID[g] } })),
  "PUT /api/prompts/[id]": both({
    // Saved over the version read: the prompt of the project's own record, which the project may write.
    call: async (p) => {
      const read = await byRoute("GET /api/prompts/[id]", (g) => ({ params: { id: OWN_ID[g] } }))(p);
      const current = read.data as { content: string; etag: string };
      return byRoute("PUT /api/prompts/[id]", (g) => ({
        params: { id: OWN_ID[g] },
        headers: { "If-Match": current.etag },
        body: { content: current.content },
      }))(p);
    },
  }),
  "GET /api/tests": http("GET /api/tests"),
  "POST /api/tests": both({
    call: byRoute("POST /api/tests", (g) => ({
      body: {
        file: "parity.test.json",
        case: {
          name: "edits its docs",
          specialist: PRINCIPAL_ID[g],
          action: "edit",
          target: "docs/readme.md",
          expect: "allowed",
        },
      },
    })),
  }),
  "POST /api/tests/run": http("POST /api/tests/run", () => ({ body: {} })),
  "GET /api/packs": http("GET /api/packs", () => ({}), nonEmpty("packs")),
  "POST /api/packs/[...rest]": http("POST /api/packs/[...rest]", (g) => ({ params: { rest: [PACK[g], "preview"] } })),
  "POST /api/packs/preview": http("POST /api/packs/preview", (g) => ({
    body: { path: path.join(projects[g].root, g === "adr" ? ".cx" : ".construct", "packs", PACK[g]), tier: "user" },
  })),
  "POST /api/packs/install": http("POST /api/packs/install", (g) => ({
    body: { path: path.join(projects[g].root, g === "adr" ? ".cx" : ".construct", "packs", PACK[g]), tier: "user" },
  })),
  "GET /api/embed": http("GET /api/embed", () => ({}), nonEmpty("capabilities")),
  "GET /api/embed/[id]": http("GET /api/embed/[id]", (g) => ({ params: { id: CAPABILITY[g] } })),
  "PATCH /api/embed/[id]": {
    adr: {
      call: async (p) => {
        const read = await byRoute("GET /api/embed/[id]", (g) => ({ params: { id: CAPABILITY[g] } }))(p);
        return byRoute("PATCH /api/embed/[id]", (g) => ({
          params: { id: CAPABILITY[g] },
          headers: { "If-Match": (read.data as { etag: string }).etag },
          body: { set: { runtime: "none" } },
        }))(p);
      },
    },
    "2": {
      call: byRoute("PATCH /api/embed/[id]", (g) => ({
        params: { id: CAPABILITY[g] },
        headers: { "If-Match": '"absent"' },
        body: { set: { runtime: "none" } },
      })),
      absent: absentFeature("2", "embed-overrides"),
    },
  },
  "GET /api/embed/[id]/[action]": http("GET /api/embed/[id]/[action]", (g) => ({
    params: { id: CAPABILITY[g], action: "status" },
  })),
  "POST /api/embed/[id]/[action]": {
    adr: {
      call: byRoute("POST /api/embed/[id]/[action]", (g) => ({ params: { id: CAPABILITY[g], action: "dry-run" } })),
    },
    "2": {
      call: byRoute("POST /api/embed/[id]/[action]", (g) => ({ params: { id: CAPABILITY[g], action: "dry-run" } })),
    },
  },
  "GET /api/git-ignore": http("GET /api/git-ignore"),
  "POST /api/git-ignore/fix": both({
    // A dry run over the status read: a diff where git ignores what the studio writes, else "nothing to fix".
    call: async (p) => {
      const status = (await byRoute("GET /api/git-ignore", () => ({}))(p)).data as { etag: string | null };
      const answer = await byRoute("POST /api/git-ignore/fix", () => ({
        query: "dryRun=1",
        headers: { "If-Match": status.etag ?? '"none"' },
      }))(p);
      const nothing = !status.etag && answer.code === "conflict" && /nothing to fix/.test(answer.message);
      return nothing ? { ...answer, real: true } : answer;
    },
  }),
  // Last: it removes the project's own record, which the rows above read and write.
  "DELETE /api/org/[kind]/[id]": both({
    call: async (p) => {
      const read = await byRoute("GET /api/org/[kind]/[id]", (g) => ({
        params: { kind: KINDS[g].principal, id: OWN_ID[g] },
      }))(p);
      return byRoute("DELETE /api/org/[kind]/[id]", (g) => ({
        params: { kind: KINDS[g].principal, id: OWN_ID[g] },
        headers: { "If-Match": (read.data as { etag: string }).etag },
      }))(p);
    },
  }),
  "POST /api/construct/trust": {
    adr: { call: byRoute("POST /api/construct/trust", () => ({ body: {} })), absent: absentFeature("adr", "trust") },
    "2": { call: byRoute("POST /api/construct/trust", () => ({ body: { revoke: true } })) },
  },
};

const HTTP_ABSENT: Record<string, Row> = {
  "POST /api/embed/[id]/tick": {
    adr: { call: byRoute("POST /api/embed/[id]/[action]", (g) => ({ params: { id: CAPABILITY[g], action: "tick" } })) },
    "2": {
      call: byRoute("POST /api/embed/[id]/[action]", (g) => ({ params: { id: CAPABILITY[g], action: "tick" } })),
      absent: absentFeature("2", "embed-tick"),
    },
  },
  "GET /api/org/[kind] of another generation's kind": {
    adr: {
      call: byRoute("GET /api/org/[kind]", () => ({ params: { kind: "worker-profile" } })),
      absent: absentKind("adr", "worker-profile"),
    },
    "2": {
      call: byRoute("GET /api/org/[kind]", () => ({ params: { kind: "team" } })),
      absent: absentKind("2", "team"),
    },
  },
};

describe("every HTTP route, on both generations", { timeout: 300_000 }, () => {
  it("has a row for each method of each route file", () => {
    expect(Object.keys(HTTP_ROWS).sort()).toEqual(routes());
  });

  for (const generation of GENERATIONS)
    it(`answers on ${generation === "adr" ? "the earlier org" : "Construct 2.1.1"}`, async () => {
      const p = projects[generation];
      const saved = {
        root: process.env.CONSTRUCT_ROOT,
        home: process.env.CONSTRUCT_HOME,
        xdg: process.env.XDG_CONFIG_HOME,
      };
      Object.assign(process.env, { CONSTRUCT_ROOT: p.root, CONSTRUCT_HOME: p.home, XDG_CONFIG_HOME: p.xdg });
      resetStudio();
      try {
        for (const [name, row] of [...Object.entries(HTTP_ROWS), ...Object.entries(HTTP_ABSENT)]) {
          const cell = row[generation];
          holds(cell, await cell.call(p), `http ${name} (${generation})`);
        }
      } finally {
        resetStudio();
        for (const [key, env] of [
          ["CONSTRUCT_ROOT", saved.root],
          ["CONSTRUCT_HOME", saved.home],
          ["XDG_CONFIG_HOME", saved.xdg],
        ] as const)
          if (env === undefined) delete process.env[key];
          else process.env[key] = env;
      }
    });
});

describe("one sentence for each absent concept", () => {
  it("is given by every surface that has the concept, in the adapter's words", () => {
    const surfaces = (sentence: string) =>
      [...new Set([...(absentSeen.get(sentence) ?? [])].map((where) => where.split(" ")[0]))].sort();
    expect(surfaces(absentFeature("adr", "trust"))).toEqual(["cli", "http"]);
    expect(surfaces(absentFeature("2", "embed-tick"))).toEqual(["cli", "http"]);
    // Overrides are edited over HTTP alone (the dashboard's form): that is the one surface to ask.
    expect(surfaces(absentFeature("2", "embed-overrides"))).toEqual(["http"]);
    expect(surfaces(absentFeature("adr", "activity"))).toEqual(["cli", "http", "mcp"]);
    expect(surfaces(absentKind("adr", "worker-profile"))).toEqual(["http", "mcp"]);
    expect(surfaces(absentKind("2", "team"))).toEqual(["http", "mcp"]);
  });
});

beforeAll(() => {
  projects.adr = adrProject();
  projects["2"] = construct2Project();
}, 180_000);

afterAll(() => {
  for (const p of Object.values(projects)) p.remove();
});
