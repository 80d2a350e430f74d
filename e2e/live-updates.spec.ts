import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";
import { extraPort, studioOfItsOwn } from "./support";

/**
 * Live updates without waste (lib/queries/events.ts): the page names the org version its data is
 * of and `ready` names the server's, so a fresh load fetches nothing twice, and a reconnect refetches
 * only when they differ, catching up on a change made while the stream was down.
 */

test.describe.configure({ mode: "serial" });

const PORT = extraPort(5);
/** Where the page reaches the studio through a cable the test can pull (see `cable`). */
const CABLE_PORT = extraPort(6);
const LISTS = ["group", "team", "specialist", "contract", "policy", "skill"].map((k) => `GET /api/org/${k}`);
const own = studioOfItsOwn({
  prefix: "studio-live-",
  port: PORT,
  dirs: [".cx/org/specialists"],
  env: { CONSTRUCT_ALLOWED_HOSTS: `127.0.0.1:${CABLE_PORT}` },
});
let editor: EditorPage;
test.beforeEach(({ page }) => {
  editor = new EditorPage(page, own.studio.origin);
});

/**
 * A TCP cable from CABLE_PORT to the studio: pulled, every connection through it drops and new
 * ones are refused, as when a laptop sleeps or the network goes, while the studio runs on.
 */
async function cable() {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const plug = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(PORT, "127.0.0.1");
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("error", drop).on("close", drop);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(CABLE_PORT, "127.0.0.1", () => resolve());
    });
  const pull = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (server) server.close(() => resolve());
      else resolve();
    });
  await plug();
  return { origin: `http://127.0.0.1:${CABLE_PORT}`, plug, pull };
}

/** A project override that renames the built-in architect on the canvas, written as another program would. */
const renameArchitect = (displayName: string) =>
  writeFileSync(
    path.join(own.root, ".cx", "org", "specialists", "cx-architect.json"),
    `${JSON.stringify({ displayName }, null, 2)}\n`,
  );

/**
 * The page's API requests (the event stream aside) as "GET /api/…", and the events its stream
 * delivers: the browser's own EventSource, listened to as well (nothing of ours is replaced).
 */
async function watch(page: Page) {
  const requests: string[] = [];
  let inFlight = 0;
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith("/api/") || url.pathname === "/api/events") return;
    requests.push(`${r.method()} ${url.pathname}`);
    inFlight++;
  });
  const done = () => inFlight--;
  page.on(
    "requestfinished",
    (r) => new URL(r.url()).pathname.startsWith("/api/") && !r.url().endsWith("/api/events") && done(),
  );
  page.on(
    "requestfailed",
    (r) => new URL(r.url()).pathname.startsWith("/api/") && !r.url().endsWith("/api/events") && done(),
  );
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __streamEvents: string[] }).__streamEvents = seen;
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const name of ["ready", "org-changed", "error"]) this.addEventListener(name, () => seen.push(name));
      }
    };
  });
  /** Waits until no API request is open; any refetch an event sets off starts in the event's own task. */
  const settle = async () => {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect.poll(() => inFlight).toBe(0);
  };
  const events = () => page.evaluate(() => (window as unknown as { __streamEvents: string[] }).__streamEvents.slice());
  return {
    requests,
    events,
    settle,
    /** Waits for the `n`th event named `name`, then for every API request it set off to answer. */
    async after(name: string, n = 1) {
      await expect.poll(async () => (await events()).filter((e) => e === name).length).toBeGreaterThanOrEqual(n);
      await settle();
    },
  };
}

/** Holds the page's event stream back until `release` is called: the page loads its data first. */
async function holdStream(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/events", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const counted = (requests: string[]) => {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r, (counts.get(r) ?? 0) + 1);
  return counts;
};

test("a fresh load fetches each resource once, even when the stream connects after the lists arrived", async ({
  page,
}) => {
  const live = await watch(page);
  // The order that showed the waste every time: the lists answered before the stream said `ready`
  // (on a quick machine it is the usual order), so `ready` found them loaded and fetched them again.
  const release = await holdStream(page);
  await page.goto(`${own.studio.origin}/`);
  await expect(editor.node("specialist:cx-architect")).toBeAttached();
  await expect.poll(() => LISTS.every((l) => live.requests.includes(l))).toBe(true);
  await live.settle();
  expect(await live.events()).toEqual([]);
  release();
  await live.after("ready");
  const counts = counted(live.requests);
  expect(
    [...counts].filter(([, n]) => n > 1),
    "requests made twice",
  ).toEqual([]);
  // The lists once each; the saved and the automatic layout came with the page, and are not asked for.
  expect([...counts.keys()].sort()).toEqual([...LISTS].sort());
});

test("a fresh load in the order the browser picks fetches each resource once too", async ({ page }) => {
  const live = await watch(page);
  await page.goto(`${own.studio.origin}/`);
  await expect(editor.node("specialist:cx-architect")).toBeAttached();
  await live.after("ready");
  await expect.poll(() => LISTS.every((l) => live.requests.includes(l))).toBe(true);
  await live.settle();
  expect(
    [...counted(live.requests)].filter(([, n]) => n > 1),
    "requests made twice",
  ).toEqual([]);
  expect(live.requests).not.toContain("GET /api/graph/layout");
});

for (const [pagePath, resource] of [
  ["/changes", "GET /api/plan"],
  ["/tests", "POST /api/tests/run"],
] as const)
  test(`${pagePath} asks for its data once, even when the stream connects after it arrived`, async ({ page }) => {
    const live = await watch(page);
    const release = await holdStream(page);
    await page.goto(`${own.studio.origin}${pagePath}`);
    await expect.poll(() => live.requests).toContain(resource);
    await live.settle();
    release();
    await live.after("ready");
    // Here the project is no git repository and /changes' plan is refused: an answer all the same,
    // so not asked again either.
    expect(live.requests).toEqual([resource]);
  });

test("a change made on disk while the server was down is on the canvas after it restarts", async ({ page }) => {
  const live = await watch(page);
  await page.goto(`${own.studio.origin}/`);
  const architect = editor.node("specialist:cx-architect");
  await expect(architect).toContainText("Architect");
  await live.after("ready");
  // Killed outright, as a crash or a closed laptop lid would: a graceful stop waits for the open stream.
  await own.studio.kill("SIGKILL");
  await expect.poll(async () => (await live.events()).includes("error")).toBe(true);
  renameArchitect("Chief Architect");
  // The same port and project: the page's stream reconnects by itself and says `ready` again.
  await own.start();
  await live.after("ready", 2);
  await expect(architect).toContainText("Chief Architect");
});

test("a reconnect fetches nothing when nothing changed, and catches up on a change made while the stream was down", async ({
  page,
  request,
}) => {
  const line = await cable();
  try {
    const live = await watch(page);
    await page.goto(`${line.origin}/`);
    const architect = editor.node("specialist:cx-architect");
    await expect(architect).toBeAttached();
    await live.after("ready");
    const loaded = live.requests.length;
    // Down and back with nothing changed in between: the same server, the same org, nothing to fetch.
    await line.pull();
    await expect.poll(async () => (await live.events()).filter((e) => e === "error").length).toBe(1);
    await line.plug();
    await live.after("ready", 2);
    expect(live.requests.slice(loaded)).toEqual([]);
    // Down, and the org changes on disk meanwhile: nobody is told, the server's version moves on.
    await line.pull();
    await expect.poll(async () => (await live.events()).filter((e) => e === "error").length).toBe(2);
    renameArchitect("Night-shift Architect");
    await expect
      .poll(async () => JSON.stringify(await (await request.get(`${own.studio.origin}/api/org/specialist`)).json()))
      .toContain("Night-shift Architect");
    expect(await live.events()).not.toContain("org-changed");
    await line.plug();
    await live.after("ready", 3);
    await expect(architect).toContainText("Night-shift Architect");
    expect(live.requests.slice(loaded)).toEqual(expect.arrayContaining(LISTS));
  } finally {
    await line.pull();
  }
});

test("the studio stops when asked (SIGTERM, Ctrl+C) while a page's event stream is open", async ({ page }) => {
  const live = await watch(page);
  await page.goto(`${own.studio.origin}/`);
  await live.after("ready");
  // `next start` waits for every open request before it exits, and a stream never ends by itself:
  // unless the studio closes its streams on SIGTERM, this waits out the test's timeout.
  await own.studio.kill("SIGTERM");
  expect(own.studio.process.signalCode ?? own.studio.process.exitCode).not.toBeNull();
});
