import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type TickRecord, tickRecordSchema } from "@/schemas/embed-tick";
import { type ChildRun, killAtFaultPoint, startFaultChild } from "@/test/support/processes";
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
 * Real kill -9 in the middle of a tick record write: a child process ticks a capability whose
 * previous record is on disk, with the after-temp-write fault point armed; it announces the point
 * on stderr and hangs there, and the test kills it with SIGKILL. The record must be exactly the old
 * one, and the next process must tick normally.
 */

const CHILD = fileURLToPath(new URL("./test-support/tick-crash-child.ts", import.meta.url));
const ID = "operations-triage";
const POINT = "after-temp-write";
const TEMP = /\.studio-tmp$/;

type Dirs = { root: string; home: string; configHome: string; paths: StudioPaths };
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function freshDirs(): Promise<Dirs> {
  const tmp = await makeTmpDirs("cs-tick-crash-");
  cleanups.push(tmp.cleanup);
  const configHome = path.join(tmp.base, "config");
  return {
    root: tmp.root,
    home: tmp.home,
    configHome,
    paths: resolvePaths({ root: tmp.root, home: tmp.home, configHome, appDir: APP_DIR }),
  };
}

/** A model stand-in that answers every chat-completions call with a valid triage. */
async function modelStandIn(): Promise<{ url: string; calls: () => number }> {
  let calls = 0;
  const answer = {
    classification: "DEFECT",
    severity: "SEV3",
    owner: "checkout team",
    nextUpdate: "tomorrow 10:00",
    proposals: [{ title: "File a bug for the retry loop", detail: "It doubles the load." }],
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      calls++;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(answer) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls: () => calls };
}

function service(paths: StudioPaths, env: Env): EmbedService {
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

const recordFile = (paths: StudioPaths) => path.join(paths.runtimeDir, "embed", `${ID}.json`);

/** The project before the crash: the capability enabled, an incident note and one recorded tick that ran. */
async function seed(dirs: Dirs): Promise<{ bytes: Buffer; record: TickRecord }> {
  await fs.mkdir(path.join(dirs.root, "incidents"), { recursive: true });
  await fs.writeFile(
    path.join(dirs.root, "incidents", "x.md"),
    "# Retry storm on checkout\n\nThe client retries without backoff.\n",
  );
  const model = await modelStandIn();
  const svc = service(dirs.paths, {
    CONSTRUCT_MODEL_BASE_URL: model.url,
    CONSTRUCT_MODEL: "stand-in",
    CONSTRUCT_EMBED_TIMEOUT_MS: "5000",
  });
  await svc.enable(ID);
  const record = await svc.tick(ID);
  expect(record.status).toBe("ran");
  expect(model.calls()).toBe(1);
  const bytes = await fs.readFile(recordFile(dirs.paths));
  expect(tickRecordSchema.parse(JSON.parse(bytes.toString("utf8")))).toEqual(record);
  return { bytes, record };
}

function startChild(dirs: Dirs, faultPoint?: string): ChildRun {
  return startFaultChild(CHILD, [dirs.root, dirs.home, dirs.configHome, APP_DIR, ID], { faultPoint });
}

/** Runs the child to the fault point, kills it there with SIGKILL; returns its pid once it is gone. */
async function killAtPoint(dirs: Dirs): Promise<number> {
  const run = startChild(dirs, POINT);
  expect(await killAtFaultPoint(run, POINT)).toEqual({ code: null, signal: "SIGKILL" });
  expect(run.stdout()).not.toContain("OPERATION_DONE");
  return run.child.pid!;
}

const temps = async (paths: StudioPaths) => (await filesUnder(paths.runtimeDir)).filter((f) => TEMP.test(f));

describe("kill -9 during a tick record write (real child process)", () => {
  it("the child completes the tick when no fault is armed (control)", async () => {
    const dirs = await freshDirs();
    const old = await seed(dirs);
    const run = startChild(dirs);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain("OPERATION_DONE");
    const now = tickRecordSchema.parse(JSON.parse(await fs.readFile(recordFile(dirs.paths), "utf8")));
    expect(now).toMatchObject({ id: ID, status: "skipped", code: "no-runtime", runtime: "none", trigger: "manual" });
    expect(now.startedAt).not.toBe(old.record.startedAt);
    expect(await temps(dirs.paths)).toEqual([]);
  }, 60_000);

  it("after-temp-write: the record is exactly the previous one, byte for byte, and still reads as the last tick", async () => {
    const dirs = await freshDirs();
    const old = await seed(dirs);
    const pid = await killAtPoint(dirs);

    const bytes = await fs.readFile(recordFile(dirs.paths));
    expect(bytes.equals(old.bytes)).toBe(true);
    expect(tickRecordSchema.parse(JSON.parse(bytes.toString("utf8")))).toEqual(old.record);

    // The kill really landed in the record write: the would-be new record sits in the child's temp file.
    const left = await temps(dirs.paths);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`^embed/\\.${ID}\\.json\\.${pid}-[0-9a-f]+\\.studio-tmp$`));
    const unwritten = tickRecordSchema.parse(
      JSON.parse(await fs.readFile(path.join(dirs.paths.runtimeDir, left[0]), "utf8")),
    );
    expect(unwritten).toMatchObject({ status: "skipped", code: "no-runtime" });

    const view = await service(dirs.paths, {}).status(ID);
    expect(view.lastTick).toEqual(old.record);
    expect(view.lastTickUnreadable).toBeUndefined();
  }, 60_000);

  it("after the kill a new service ticks normally: a new record, the dead process's lock taken over, no temp file of its own left", async () => {
    const dirs = await freshDirs();
    const old = await seed(dirs);
    const pid = await killAtPoint(dirs);
    const lock = path.join(dirs.paths.runtimeDir, "embed", ".locks", ID, ".studio.lock");
    expect(await fs.readFile(lock, "utf8")).toBe(String(pid));

    const model = await modelStandIn();
    const svc = service(dirs.paths, {
      CONSTRUCT_MODEL_BASE_URL: model.url,
      CONSTRUCT_MODEL: "stand-in",
      CONSTRUCT_EMBED_TIMEOUT_MS: "5000",
    });
    // Something new to read: a tick over only what the seeded tick's model answered would skip (nothing-new).
    await fs.writeFile(path.join(dirs.root, "incidents", "y.md"), "# Checkout retries again\n");
    const record = await svc.tick(ID);
    expect(record).toMatchObject({ status: "ran", runtime: "in-process", trigger: "manual" });
    expect(record.startedAt).not.toBe(old.record.startedAt);
    expect(model.calls()).toBe(1);
    expect(tickRecordSchema.parse(JSON.parse(await fs.readFile(recordFile(dirs.paths), "utf8")))).toEqual(record);
    expect(
      JSON.parse(await fs.readFile(path.join(dirs.paths.runtimeDir, record.proposalsFile!), "utf8")).proposals,
    ).toEqual(record.proposals);
    await expect(fs.stat(lock)).rejects.toMatchObject({ code: "ENOENT" });
    expect((await temps(dirs.paths)).filter((f) => !f.includes(`.${pid}-`))).toEqual([]);
  }, 60_000);

  it("the killed process's leftover temp file is swept once the next process has ticked", async () => {
    const dirs = await freshDirs();
    await seed(dirs);
    await killAtPoint(dirs);
    expect(await temps(dirs.paths)).toHaveLength(1);

    const svc = service(dirs.paths, {});
    await svc.list();
    const record = await svc.tick(ID);
    expect(record).toMatchObject({ status: "skipped", code: "no-runtime" });
    // Nothing in <proj>/runtime may outlive the process that was writing it.
    expect(await temps(dirs.paths)).toEqual([]);
  }, 60_000);
});
