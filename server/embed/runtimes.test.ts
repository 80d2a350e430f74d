import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TickRecord, tickRecordSchema } from "@/schemas/embed-tick";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { filesUnder } from "@/test/support/tree";
import { resolvePaths, type StudioPaths } from "../config";
import { OrgApi } from "../org/org-api";
import { PackService } from "../packs/pack-service";
import { PromptResolver, specialistPrompt } from "../packs/prompt-resolver";
import { EmbedService } from "./embed-service";

/** The runtime environment a test hands the service (never process.env). */
type Env = Record<string, string>;

/**
 * The two runtimes that reason, for real: the model provider and the external agent host are
 * node:http servers on 127.0.0.1 inside the test, recording what they receive. Every outcome is
 * read back from the durable tick record on disk.
 */

const run = promisify(execFile);
const ID = "operations-triage";
const INCIDENT_NOTE =
  "# Checkout latency spike\n\nAt 09:12 UTC p99 checkout latency rose to 8s on eu-west. Payments team paged; rollback of build 4411 in progress.\n";

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; json: unknown };
type Respond = (req: http.IncomingMessage, res: http.ServerResponse, received: Received) => void;
type StandIn = { port: number; url: string; received: Received[]; respond: Respond; close: () => Promise<void> };

const servers: StandIn[] = [];
const cleanups: (() => Promise<void>)[] = [];

async function standIn(respond: Respond): Promise<StandIn> {
  const received: Received[] = [];
  const state = { respond };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const r: Received = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, json };
      received.push(r);
      state.respond(req, res, r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const s: StandIn = {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    get respond() {
      return state.respond;
    },
    set respond(next: Respond) {
      state.respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(s);
  return s;
}

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const json = (res: http.ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};
const chat =
  (content: string): Respond =>
  (_req, res) =>
    json(res, 200, {
      id: "cmpl-1",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    });

const GOOD = {
  classification: "INCIDENT",
  severity: "SEV2",
  owner: "payments on-call",
  nextUpdate: "2026-07-09T10:00:00Z",
  summary: "Checkout latency on eu-west after build 4411.",
  proposals: [
    { title: "Roll back build 4411", detail: "The spike starts with the deploy." },
    { title: "Post a status update", detail: "Customers see slow checkouts." },
  ],
};
const { proposals: _goodProposals, ...GOOD_OUTPUT } = GOOD;

let paths: StudioPaths;
let root: string;

// The first fetch of a process loads its HTTP client; done here, it cannot eat into a 300 ms deadline.
beforeAll(async () => {
  const warm = await standIn((_req, res) => json(res, 200, {}));
  await (await fetch(`${warm.url}/warm-up`, { method: "POST", body: "{}" })).text();
  await servers.pop()!.close();
});

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-embed-rt-");
  cleanups.push(tmp.cleanup);
  root = tmp.root;
  paths = resolvePaths({ root, home: tmp.home, configHome: path.join(tmp.base, "config"), appDir: APP_DIR });
  await fs.mkdir(path.join(root, "incidents"), { recursive: true });
  await fs.writeFile(path.join(root, "incidents", "x.md"), INCIDENT_NOTE);
});

afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
  while (cleanups.length) await cleanups.pop()!();
});

function service(env: Env): EmbedService {
  const packs = new PackService(paths);
  const org = new OrgApi(paths, { packs });
  return new EmbedService({
    paths,
    packs,
    org,
    resolvePrompt: specialistPrompt(org, new PromptResolver(paths, packs)),
    env: env as NodeJS.ProcessEnv,
  });
}

const modelEnv = (s: StandIn, extra: Env = {}): Env => ({
  CONSTRUCT_MODEL_BASE_URL: `${s.url}/v1`,
  CONSTRUCT_MODEL: "stand-in",
  CONSTRUCT_EMBED_TIMEOUT_MS: "300",
  ...extra,
});

const proposalsDir = (id = ID) => path.join(paths.runtimeDir, "proposals", id);

/**
 * Ticks, then checks what every tick must leave behind: the record on disk equals the returned
 * one and parses as a tick record, and no temp file remains in `<proj>/runtime`.
 */
async function tick(svc: EmbedService, id = ID): Promise<TickRecord> {
  await svc.enable(id);
  const returned = await svc.tick(id);
  const raw = await fs.readFile(path.join(paths.runtimeDir, "embed", `${id}.json`), "utf8");
  const parsed = tickRecordSchema.parse(JSON.parse(raw));
  expect(parsed).toEqual(returned);
  expect((await filesUnder(paths.runtimeDir)).filter((f) => f.endsWith(".studio-tmp"))).toEqual([]);
  return parsed;
}

/** A failed tick says why and invents nothing: no output, no proposals, no proposals file. */
async function expectError(record: TickRecord, code: string) {
  expect(record.status).toBe("error");
  expect(record.code).toBe(code);
  expect(typeof record.message).toBe("string");
  expect(record.output).toBeUndefined();
  expect(record.proposals).toBeUndefined();
  expect(record.proposalsFile).toBeUndefined();
  expect(existsSync(proposalsDir()) ? await fs.readdir(proposalsDir()) : []).toEqual([]);
}

describe("in-process runtime against a real chat-completions stand-in", () => {
  it("a good answer: ran in-process, output kept, proposals numbered and stored for review; the request carries model, prompt, framework, contract and the note", async () => {
    const model = await standIn(chat(JSON.stringify(GOOD)));
    const record = await tick(service(modelEnv(model)));

    expect(record.status).toBe("ran");
    expect(record.runtime).toBe("in-process");
    expect(record.trigger).toBe("manual");
    expect(record.code).toBeUndefined();
    expect(record.output).toEqual(GOOD_OUTPUT);
    expect(record.sources).toEqual([
      { provider: "directory", items: 1, seen: [expect.stringMatching(/^incidents\/x\.md@\d+:\d+$/)] },
    ]);
    expect(record.proposals).toHaveLength(2);
    expect(record.proposals!.map((p) => p.title)).toEqual(["Roll back build 4411", "Post a status update"]);
    expect(record.proposals![0].id).toMatch(/^operations-triage-\d{14}-1$/);
    expect(record.proposals![1].id).toMatch(/^operations-triage-\d{14}-2$/);
    expect(new Set(record.proposals!.map((p) => p.id)).size).toBe(2);

    expect(record.proposalsFile).toMatch(/^proposals\/operations-triage\/[^/]+\.json$/);
    const file = path.join(paths.runtimeDir, record.proposalsFile!);
    expect(path.dirname(file)).toBe(proposalsDir());
    const stored = JSON.parse(await fs.readFile(file, "utf8"));
    expect(stored).toMatchObject({
      id: ID,
      startedAt: record.startedAt,
      runtime: "in-process",
      authority: "propose-only",
      applied: false,
      output: GOOD_OUTPUT,
    });
    expect(stored.proposals).toEqual(record.proposals);

    expect(model.received).toHaveLength(1);
    const req = model.received[0];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v1/chat/completions");
    expect(req.headers["content-type"]).toMatch(/^application\/json/);
    expect(req.headers.authorization).toBeUndefined();
    const body = req.json as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe("stand-in");
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const [system, user] = body.messages.map((m) => m.content);
    // The specialist's prompt (frontmatter stripped), the framework and the contract's fields.
    expect(system).toContain("You get changes into production safely and keep production healthy.");
    expect(system).not.toContain("openingQuestion:");
    expect(system).toContain("# Framework: cx-ops-dependency-sequencing");
    expect(system).toContain("# Dependency sequencing");
    expect(system).toContain('output contract "operations-triage"');
    for (const field of ["classification", "severity", "owner", "nextUpdate"]) expect(system).toContain(field);
    expect(system).toContain("INCIDENT, DEFECT, NOISE");
    expect(user).toContain("incidents/x.md");
    expect(user).toContain(INCIDENT_NOTE.trim());
  });

  it("sends Authorization: Bearer <key> when CONSTRUCT_MODEL_API_KEY is set", async () => {
    const model = await standIn(chat(JSON.stringify(GOOD)));
    const record = await tick(service(modelEnv(model, { CONSTRUCT_MODEL_API_KEY: "k" })));
    expect(record.status).toBe("ran");
    expect(model.received).toHaveLength(1);
    expect(model.received[0].headers.authorization).toBe("Bearer k");
  });

  it("an answer wrapped in a ```json fence still runs", async () => {
    const model = await standIn(chat(`\`\`\`json\n${JSON.stringify(GOOD, null, 2)}\n\`\`\``));
    const record = await tick(service(modelEnv(model)));
    expect(record.status).toBe("ran");
    expect(record.output).toEqual(GOOD_OUTPUT);
    expect(record.proposals).toHaveLength(2);
  });

  it("an endpoint that never answers: error model-timeout", async () => {
    const model = await standIn(() => {
      /* holds the request open and never answers */
    });
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "model-timeout");
    expect(model.received).toHaveLength(1);
  });

  it("headers sent but the body never finishes: the deadline covers the body too, error model-timeout", async () => {
    const model = await standIn((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"choices":[{"message":{"content":"');
    });
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "model-timeout");
  });

  it("a 500: error model-http-500", async () => {
    const model = await standIn((_req, res) => json(res, 500, { error: { message: "overloaded" } }));
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "model-http-500");
    expect(record.message).toContain("500");
  });

  it("prose instead of JSON: error model-answer-not-json", async () => {
    const model = await standIn(
      chat("This looks like an incident on checkout; I would call it SEV2 and page payments."),
    );
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "model-answer-not-json");
  });

  it("an envelope without choices: error model-answer-malformed", async () => {
    const model = await standIn((_req, res) => json(res, 200, { id: "cmpl-1", object: "chat.completion" }));
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "model-answer-malformed");
  });

  it("JSON that breaks the contract: error output-contract-violation naming the fields", async () => {
    const { owner: _owner, ...rest } = GOOD;
    const model = await standIn(chat(JSON.stringify({ ...rest, classification: "MAYBE" })));
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "output-contract-violation");
    expect(record.violations).toBeDefined();
    expect(record.violations!.some((v) => v.includes('"classification"') && v.includes("MAYBE"))).toBe(true);
    expect(record.violations!.some((v) => v.includes('"owner"'))).toBe(true);
    expect(record.violations).toHaveLength(2);
  });

  it.each([
    ["a string", "roll back build 4411"],
    ["an array of strings", ["roll back build 4411"]],
    ["objects without a title", [{ detail: "roll back build 4411" }]],
  ])("proposals given as %s: error output-contract-violation", async (_what, proposals) => {
    const model = await standIn(chat(JSON.stringify({ ...GOOD, proposals })));
    const record = await tick(service(modelEnv(model)));
    await expectError(record, "output-contract-violation");
    expect(record.violations!.some((v) => v.includes('"proposals"'))).toBe(true);
  });

  it("connection refused: error model-unreachable", async () => {
    const port = await closedPort();
    const record = await tick(
      service({
        CONSTRUCT_MODEL_BASE_URL: `http://127.0.0.1:${port}/v1`,
        CONSTRUCT_MODEL: "stand-in",
        CONSTRUCT_EMBED_TIMEOUT_MS: "300",
      }),
    );
    await expectError(record, "model-unreachable");
  });

  it("repo-activity-review reads the project's commits and checks the pm-engineering-signals contract", async () => {
    const git = (...args: string[]) =>
      run("git", [
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.test",
        "-c",
        "commit.gpgsign=false",
        "-C",
        root,
        ...args,
      ]);
    await git("init", "-q");
    await git("add", "-A");
    await git("commit", "-q", "-m", "Add the checkout incident note");
    const answer = {
      onTrack: ["checkout rollback"],
      atRisk: ["eu-west latency"],
      decisionsNeeded: ["freeze deploys?"],
      proposals: [{ title: "Freeze deploys until the rollback lands" }],
    };
    const model = await standIn(chat(JSON.stringify(answer)));
    const record = await tick(service(modelEnv(model)), "repo-activity-review");
    expect(record.status).toBe("ran");
    expect(record.sources).toEqual([{ provider: "git", items: 1, seen: [expect.stringMatching(/^[0-9a-f]{7,}$/)] }]);
    expect(record.output).toEqual({
      onTrack: ["checkout rollback"],
      atRisk: ["eu-west latency"],
      decisionsNeeded: ["freeze deploys?"],
    });
    expect(record.proposals).toEqual([
      {
        id: expect.stringMatching(/^repo-activity-review-\d{14}-1$/),
        title: "Freeze deploys until the rollback lands",
        detail: "",
      },
    ]);
    const body = model.received[0].json as { messages: { content: string }[] };
    expect(body.messages[0].content).toContain('output contract "pm-engineering-signals"');
    expect(body.messages[0].content).toContain("onTrack, atRisk, decisionsNeeded");
    expect(body.messages[1].content).toContain("Add the checkout incident note");
    expect(body.messages[1].content).toContain("incidents/x.md");
  });
});

describe("external runtime against a real agent-host stand-in", () => {
  const hostEnv = (s: StandIn): Env => ({ CONSTRUCT_EXTERNAL_AGENT_HOST: s.url, CONSTRUCT_EMBED_TIMEOUT_MS: "2000" });

  it("the host gets the plan at POST /invoke; {status: ran, output} → ran, runtime external", async () => {
    const host = await standIn((_req, res) => json(res, 200, { status: "ran", output: GOOD }));
    const record = await tick(service(hostEnv(host)));
    expect(record.status).toBe("ran");
    expect(record.runtime).toBe("external");
    expect(record.output).toEqual(GOOD_OUTPUT);
    expect(record.proposals).toHaveLength(2);
    expect(existsSync(path.join(paths.runtimeDir, record.proposalsFile!))).toBe(true);

    expect(host.received).toHaveLength(1);
    const req = host.received[0];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/invoke");
    expect(req.headers.authorization).toBeUndefined();
    // biome-ignore lint/suspicious/noExplicitAny: a deep read of the request the runtime sent, asserted field by field.
    const body = req.json as Record<string, any>;
    expect(body.capability).toBe(ID);
    expect(body.plan.specialist.id).toBe("cx-operations");
    expect(body.plan.framework.id).toBe("cx-ops-dependency-sequencing");
    expect(body.plan.outputContract.id).toBe("operations-triage");
    expect(body.plan.runtime.resolved).toBe("external");
    expect(body.plan.providerBindings.map((b: { id: string }) => b.id)).toEqual(["directory"]);
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    expect(body.messages[1].content).toContain(INCIDENT_NOTE.trim());
    expect(body.outputContract.id).toBe("operations-triage");
    expect(body.outputContract.output.mustContain).toEqual(["classification", "severity", "owner", "nextUpdate"]);
    expect(body.outputContract.output.mustMatchEnum.classification).toEqual(["INCIDENT", "DEFECT", "NOISE"]);
  });

  it("{status: skipped, reason: busy} → skipped with a host-skipped reason, nothing fabricated", async () => {
    const host = await standIn((_req, res) => json(res, 200, { status: "skipped", reason: "busy" }));
    const record = await tick(service(hostEnv(host)));
    expect(record.status).toBe("skipped");
    expect(record.runtime).toBe("external");
    expect(record.code).toMatch(/^host-skipped/);
    expect(record.code).toContain("busy");
    expect(record.output).toBeUndefined();
    expect(record.proposals).toBeUndefined();
    expect(existsSync(proposalsDir())).toBe(false);
  });

  it("a 503 from the host: error host-http-503", async () => {
    const host = await standIn((_req, res) => json(res, 503, { error: "draining" }));
    const record = await tick(service(hostEnv(host)));
    await expectError(record, "host-http-503");
    expect(record.runtime).toBe("external");
  });

  it("host output that breaks the contract: error output-contract-violation", async () => {
    const host = await standIn((_req, res) =>
      json(res, 200, { status: "ran", output: { ...GOOD, classification: "MAYBE" } }),
    );
    const record = await tick(service(hostEnv(host)));
    await expectError(record, "output-contract-violation");
    expect(record.violations!.some((v) => v.includes('"classification"'))).toBe(true);
  });
});

describe("runtime precedence with both a model and a host configured", () => {
  it("auto → in-process: only the model stand-in is asked", async () => {
    const model = await standIn(chat(JSON.stringify(GOOD)));
    const host = await standIn((_req, res) => json(res, 200, { status: "ran", output: GOOD }));
    const record = await tick(service({ ...modelEnv(model), CONSTRUCT_EXTERNAL_AGENT_HOST: host.url }));
    expect(record.status).toBe("ran");
    expect(record.runtime).toBe("in-process");
    expect(model.received).toHaveLength(1);
    expect(host.received).toHaveLength(0);
  });

  it("a declared external runtime (project overlay) goes to the host only", async () => {
    const model = await standIn(chat(JSON.stringify(GOOD)));
    const host = await standIn((_req, res) => json(res, 200, { status: "ran", output: GOOD }));
    const svc = service({
      ...modelEnv(model),
      CONSTRUCT_EXTERNAL_AGENT_HOST: host.url,
      CONSTRUCT_EMBED_TIMEOUT_MS: "2000",
    });
    await svc.setOverrides(ID, { set: { runtime: "external" }, reset: [] }, "*");
    const record = await tick(svc);
    expect(record.status).toBe("ran");
    expect(record.runtime).toBe("external");
    expect(host.received).toHaveLength(1);
    expect(model.received).toHaveLength(0);
  });
});

describe("a tick with nothing new to read calls no model", () => {
  it("skips (nothing-new) while the files are the ones the model answered, and runs again once one changes", async () => {
    const model = await standIn(chat(JSON.stringify(GOOD)));
    const svc = service(modelEnv(model));
    expect((await tick(svc)).status).toBe("ran");
    expect(model.received).toHaveLength(1);

    const plan = await svc.dryRun(ID);
    expect(plan.wouldSkip).toBe("nothing-new");
    expect(plan.chain.reads).toEqual([{ provider: "directory", items: [{ label: "incidents/x.md", new: false }] }]);

    const again = await tick(svc);
    expect(again).toMatchObject({ status: "skipped", code: "nothing-new" });
    expect(again.message).toMatch(/1 item\(s\) .* tick of .* already read/);
    expect(again.sources).toEqual([
      { provider: "directory", items: 1, seen: [expect.stringMatching(/^incidents\/x\.md@/)] },
    ]);
    // And a quiet stretch keeps skipping: compared with the skip as with the run before it.
    expect((await tick(svc)).code).toBe("nothing-new");
    expect(model.received).toHaveLength(1);

    await fs.writeFile(path.join(paths.root, "incidents", "y.md"), "# Payments gateway 502s\n");
    const dry = await svc.dryRun(ID);
    expect(dry.wouldSkip).toBeNull();
    expect(dry.chain.reads?.[0].items).toEqual(
      expect.arrayContaining([
        { label: "incidents/y.md", new: true },
        { label: "incidents/x.md", new: false },
      ]),
    );
    expect(model.received).toHaveLength(1);
    expect((await tick(svc)).status).toBe("ran");
    expect(model.received).toHaveLength(2);
  });

  it("skips (nothing-new) without a call when the providers return no item at all, even on the first tick", async () => {
    const model = await standIn(chat(JSON.stringify(GOOD)));
    await fs.rm(path.join(paths.root, "incidents"), { recursive: true });
    const record = await tick(service(modelEnv(model)));
    expect(record).toMatchObject({
      status: "skipped",
      code: "nothing-new",
      sources: [{ provider: "directory", items: 0, seen: [] }],
    });
    expect(record.message).toMatch(/returned nothing to read/);
    expect(model.received).toHaveLength(0);
  });

  it("reads again after a failed tick: the model never answered those items", async () => {
    const model = await standIn((_req, res) => json(res, 500, { error: "overloaded" }));
    const svc = service(modelEnv(model));
    expect((await tick(svc)).status).toBe("error");
    model.respond = chat(JSON.stringify(GOOD));
    expect((await tick(svc)).status).toBe("ran");
    expect(model.received).toHaveLength(2);
  });
});
