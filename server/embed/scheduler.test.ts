import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type TickRecord, tickRecordSchema } from "@/schemas/embed-tick";
import { APP_DIR, makeTmpDirs, until } from "@/test/support/temp-project";
import { resolvePaths, type StudioPaths } from "../config";
import { isAppError } from "../errors";
import { OrgApi } from "../org/org-api";
import { PackService } from "../packs/pack-service";
import { PromptResolver, specialistPrompt } from "../packs/prompt-resolver";
import { EmbedService } from "./embed-service";
import { EmbedScheduler } from "./scheduler";

/** The runtime environment a test hands the service (never process.env). */
type Env = Record<string, string>;

/**
 * The scheduler is driven through runDue() with an injected clock shared by the service and the
 * scheduler: nothing waits for real time to pass. Ticks run against real temp directories; with an
 * empty environment they are skipped (no-runtime) at once, which is all the timing logic needs.
 */

const ID = "operations-triage";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse("2026-07-09T12:00:00.000Z");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function project(): Promise<StudioPaths> {
  const tmp = await makeTmpDirs("cs-embed-sched-");
  cleanups.push(tmp.cleanup);
  return resolvePaths({ root: tmp.root, home: tmp.home, configHome: path.join(tmp.base, "config"), appDir: APP_DIR });
}

type Clock = { at: number; now: () => Date; advance: (ms: number) => void };
const clock = (at = T0): Clock => {
  const c: Clock = {
    at,
    now: () => new Date(c.at),
    advance: (ms) => {
      c.at += ms;
    },
  };
  return c;
};

type Harness = { svc: EmbedService; scheduler: EmbedScheduler; logs: string[] };

/** A service and its scheduler on `paths`, both reading the one injected clock. */
function harness(paths: StudioPaths, c: Clock, env: Env = {}): Harness {
  const packs = new PackService(paths);
  const org = new OrgApi(paths, { packs });
  const svc = new EmbedService({
    paths,
    packs,
    org,
    resolvePrompt: specialistPrompt(org, new PromptResolver(paths, packs)),
    env: env as NodeJS.ProcessEnv,
    now: c.now,
  });
  const logs: string[] = [];
  const scheduler = new EmbedScheduler(svc, { now: c.now, maxSleepMs: 24 * HOUR, log: (line) => logs.push(line) });
  return { svc, scheduler, logs };
}

/**
 * Waits until the tick that started at `startedAt` has finished: its record is on disk and the
 * service has stopped running the capability (the scheduler starts ticks without awaiting them).
 */
const settled = (h: Harness, paths: StudioPaths, startedAt: number, id = ID) =>
  until(
    async () => {
      if (h.svc.isRunning(id)) return undefined;
      const record = await recordOnDisk(paths, id).catch(() => null);
      return record?.startedAt === new Date(startedAt).toISOString() ? record : undefined;
    },
    `the tick of ${id} started at ${new Date(startedAt).toISOString()} to finish`,
  );

async function recordOnDisk(paths: StudioPaths, id = ID): Promise<TickRecord> {
  return tickRecordSchema.parse(
    JSON.parse(await fs.readFile(path.join(paths.runtimeDir, "embed", `${id}.json`), "utf8")),
  );
}

describe("EmbedScheduler.runDue with an injected clock", () => {
  it("ticks an enabled capability once, not again before its cadence (PT2H) has passed, and again once it has", async () => {
    const paths = await project();
    const c = clock();
    const h = harness(paths, c);
    await h.svc.enable(ID);

    // Enabling never ticks at once: the next tick the card shows is one cadence away, and the
    // scheduler sleeps exactly until then.
    const T1 = T0 + 2 * HOUR;
    expect((await h.svc.status(ID)).nextTickAt).toBe(new Date(T1).toISOString());
    expect(await h.scheduler.runDue()).toBe(2 * HOUR);
    c.advance(2 * HOUR - MINUTE);
    expect(await h.scheduler.runDue()).toBe(MINUTE);
    expect(h.scheduler.started).toEqual([]);

    c.advance(MINUTE);
    await h.scheduler.runDue();
    expect(h.scheduler.started).toEqual([ID]);
    const first = await settled(h, paths, T1);
    expect(first).toMatchObject({
      id: ID,
      status: "skipped",
      code: "no-runtime",
      runtime: "none",
      trigger: "schedule",
      startedAt: new Date(T1).toISOString(),
    });

    const sleep = await h.scheduler.runDue();
    expect(h.scheduler.started).toEqual([ID]);
    expect(sleep).toBe(2 * HOUR);
    expect((await h.svc.status(ID)).nextTickAt).toBe(new Date(T1 + 2 * HOUR).toISOString());

    c.advance(2 * HOUR - MINUTE);
    expect(await h.scheduler.runDue()).toBe(MINUTE);
    expect(h.scheduler.started).toEqual([ID]);

    c.advance(MINUTE);
    await h.scheduler.runDue();
    expect(h.scheduler.started).toEqual([ID, ID]);
    await settled(h, paths, T1 + 2 * HOUR);
    expect(h.logs.filter((l) => l.includes(ID))).toHaveLength(2);
  });

  it.each([
    { label: "1h", ago: 1 * HOUR, ticks: false },
    { label: "3h", ago: 3 * HOUR, ticks: true },
  ])(
    "a restart (new service + scheduler) with the last tick recorded $label ago: ticks=$ticks",
    async ({ ago, ticks }) => {
      const paths = await project();
      // Enabled one cadence before the last tick, which therefore was a scheduled one.
      const earlier = clock(T0 - ago - 2 * HOUR);
      const before = harness(paths, earlier);
      await before.svc.enable(ID);
      earlier.advance(2 * HOUR);
      await before.scheduler.runDue();
      await settled(before, paths, T0 - ago);

      // A new process: a new service and scheduler on the same directories, at T0.
      const after = harness(paths, clock(T0));
      const sleep = await after.scheduler.runDue();
      if (ticks) {
        expect(after.scheduler.started).toEqual([ID]);
        await settled(after, paths, T0);
      } else {
        expect(after.scheduler.started).toEqual([]);
        expect(sleep).toBe(T0 - ago + 2 * HOUR - T0);
        expect((await after.svc.status(ID)).nextTickAt).toBe(new Date(T0 - ago + 2 * HOUR).toISOString());
        expect((await recordOnDisk(paths)).startedAt).toBe(new Date(T0 - ago).toISOString());
      }
    },
  );

  it("re-enabling after a long pause restarts the clock instead of ticking at once as overdue", async () => {
    const paths = await project();
    const c = clock();
    const h = harness(paths, c);
    await h.svc.enable(ID);
    c.advance(2 * HOUR);
    await h.scheduler.runDue();
    await settled(h, paths, T0 + 2 * HOUR);
    await h.svc.disable(ID);
    expect(existsSync(path.join(paths.runtimeDir, "embed", "enabled", `${ID}.json`))).toBe(false);

    c.advance(10 * HOUR);
    await h.svc.enable(ID);
    const reEnabledAt = c.at;
    expect((await h.svc.status(ID)).nextTickAt).toBe(new Date(reEnabledAt + 2 * HOUR).toISOString());
    expect(await h.scheduler.runDue()).toBe(2 * HOUR);
    expect(h.scheduler.started).toEqual([ID]);
    // Enabling an enabled capability again does not move its schedule.
    c.advance(HOUR);
    await h.svc.enable(ID);
    expect((await h.svc.status(ID)).nextTickAt).toBe(new Date(reEnabledAt + 2 * HOUR).toISOString());
  });

  it("a capability that is not enabled, or was disabled, never ticks", async () => {
    const paths = await project();
    const c = clock();
    const h = harness(paths, c);
    expect(await h.scheduler.runDue()).toBe(24 * HOUR);
    await h.svc.enable(ID);
    await h.svc.disable(ID);
    for (let i = 0; i < 3; i++) {
      c.advance(3 * HOUR);
      await h.scheduler.runDue();
    }
    expect(h.scheduler.started).toEqual([]);
    expect(h.logs).toEqual([]);
    await expect(fs.stat(path.join(paths.runtimeDir, "embed", `${ID}.json`))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("cadence null in the overlay: event-driven only — runDue never ticks it, svc.tick does", async () => {
    const paths = await project();
    const c = clock();
    const h = harness(paths, c);
    await h.svc.setOverrides(ID, { set: { cadence: null }, reset: [] }, "*");
    await h.svc.enable(ID);
    const view = await h.svc.status(ID);
    expect(view.enabled).toBe(true);
    expect(view.errors).toEqual([]);
    expect(view.cadence).toBeNull();
    expect(view.nextTickAt).toBeNull();
    for (let i = 0; i < 3; i++) {
      await h.scheduler.runDue();
      c.advance(7 * 24 * HOUR);
    }
    expect(h.scheduler.started).toEqual([]);
    const record = await h.svc.tick(ID);
    expect(record).toMatchObject({ status: "skipped", code: "no-runtime", trigger: "manual" });
    await h.scheduler.runDue();
    expect(h.scheduler.started).toEqual([]);
  });

  it("while a tick runs (the model stand-in holds the request) runDue does not start a second one and svc.tick is refused with conflict", async () => {
    const held: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => held.push(res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const port = (server.address() as AddressInfo).port;

    const paths = await project();
    await fs.mkdir(path.join(paths.root, "incidents"), { recursive: true });
    await fs.writeFile(path.join(paths.root, "incidents", "x.md"), "# Disk full on db-2\n");
    const c = clock(Date.now());
    const h = harness(paths, c, {
      CONSTRUCT_MODEL_BASE_URL: `http://127.0.0.1:${port}/v1`,
      CONSTRUCT_MODEL: "stand-in",
      CONSTRUCT_EMBED_TIMEOUT_MS: "20000",
    });
    await h.svc.enable(ID);
    c.advance(2 * HOUR);

    await h.scheduler.runDue();
    expect(h.scheduler.started).toEqual([ID]);
    await until(() => (held.length === 1 ? true : undefined), "the model stand-in to receive the request");
    expect(h.svc.isRunning(ID)).toBe(true);
    expect((await h.svc.status(ID)).running).toBe(true);

    await h.scheduler.runDue();
    c.advance(3 * HOUR);
    await h.scheduler.runDue();
    expect(h.scheduler.started).toEqual([ID]);

    const second = await h.svc.tick(ID).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isAppError(second) && second.code).toBe("conflict");
    expect(held).toHaveLength(1);

    const answer = {
      classification: "INCIDENT",
      severity: "SEV3",
      owner: "db on-call",
      nextUpdate: "in 1 hour",
      proposals: [],
    };
    held[0]
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(answer) } }] }));
    expect(await settled(h, paths, c.at - 3 * HOUR)).toMatchObject({
      status: "ran",
      runtime: "in-process",
      trigger: "schedule",
    });
    expect(h.svc.isRunning(ID)).toBe(false);
    expect(h.scheduler.started).toEqual([ID]);
    expect(held).toHaveLength(1);
  });
});

describe("EmbedScheduler.start / stop", () => {
  /** Timers that keep the event loop alive (unref'd ones are not listed). */
  const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

  it("runs a pass on start, keeps no timer that holds the process open, and leaves none after stop", async () => {
    const paths = await project();
    const c = clock(Date.now());
    const h = harness(paths, c);
    await h.svc.enable(ID);
    c.advance(2 * HOUR);
    const baseline = refTimers();

    h.scheduler.start();
    h.scheduler.start(); // idempotent
    // Its wake-up timer is unref'd: a running scheduler never keeps the process alive by itself.
    expect((h.scheduler as unknown as { timer: unknown }).timer).not.toBeNull();
    expect(refTimers()).toBeLessThanOrEqual(baseline);
    await settled(h, paths, c.at);
    expect(h.scheduler.started).toEqual([ID]);

    h.scheduler.stop();
    await until(() => (h.svc.isRunning(ID) ? undefined : true), "no tick running");
    expect((h.scheduler as unknown as { timer: unknown }).timer).toBeNull();
    expect(refTimers()).toBeLessThanOrEqual(baseline);

    // Stopped: an overlay change does not wake it.
    await h.svc.disable(ID);
    await h.svc.enable(ID);
    expect((h.scheduler as unknown as { timer: unknown }).timer).toBeNull();
    expect(h.scheduler.started).toEqual([ID]);
  });
});
