import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitAs } from "@/test/support/git";
import { APP_DIR, makeTmpDirs, specialistRecord, until, writeRecord } from "@/test/support/temp-project";
import { resolvePaths, type StudioPaths } from "../config";
import { OrgApi } from "../org/org-api";
import { HeadWatcher } from "../plan/head-watch";
import { orgEventStream } from "./sse";

/** One connection to the event stream: the events it has sent so far, as `name → data` in order. */
function connect(api: OrgApi, heads?: HeadWatcher) {
  const abort = new AbortController();
  const reader = orgEventStream(api, abort.signal, undefined, heads).getReader();
  const decoder = new TextDecoder();
  const events: { name: string; data: unknown }[] = [];
  let buffer = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name) events.push({ name, data: data === undefined ? undefined : JSON.parse(data) });
      }
    }
  })();
  const next = (name: string, after = 0) =>
    until(() => events.slice(after).find((e) => e.name === name)?.data as { version: string | null } | undefined, name);
  return { events, next, close: () => abort.abort() };
}

let paths: StudioPaths;
let cleanup: () => Promise<void>;
const apis: OrgApi[] = [];
const server = () => {
  const api = new OrgApi(paths, { cache: true });
  apis.push(api);
  return api;
};

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-sse-");
  cleanup = tmp.cleanup;
  paths = resolvePaths({ root: tmp.root, home: tmp.home, appDir: APP_DIR });
  mkdirSync(paths.projectOrgDir, { recursive: true });
});

afterEach(async () => {
  for (const api of apis.splice(0)) api.close();
  await cleanup();
});

describe("the event stream's version of the org", () => {
  it("is the same on every connection while nothing changes, and what the page read before the org", async () => {
    const api = server();
    const before = api.version();
    await api.listEntities("specialist");
    const first = connect(api);
    const ready = await first.next("ready");
    first.close();
    const second = connect(api);
    expect(ready.version).toEqual(expect.any(String));
    expect(ready.version).toBe(before);
    expect((await second.next("ready")).version).toBe(ready.version);
    second.close();
  });

  it("moves on with a change on disk: announced with the new version, and named by the next ready", async () => {
    const api = server();
    const live = connect(api);
    const ready = await live.next("ready");
    await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("cx-sse-newcomer"));
    const changed = await live.next("org-changed");
    expect(changed.version).not.toBe(ready.version);
    live.close();
    // A change while no one listened: the next connection names a version the client did not see.
    await writeRecord(paths.projectOrgDir, "specialists", specialistRecord("cx-sse-other"));
    await until(() => (api.version() !== changed.version ? true : undefined), "the second change");
    const again = connect(api);
    const reconnected = await again.next("ready");
    expect(reconnected.version).not.toBe(changed.version);
    expect(reconnected.version).not.toBe(ready.version);
    again.close();
  });

  it("differs between two server processes on the same project, though nothing changed", async () => {
    const one = connect(server());
    const two = connect(server());
    expect((await one.next("ready")).version).not.toBe((await two.next("ready")).version);
    one.close();
    two.close();
  });

  it("is null when the server does not watch the files: nothing proves a client's data current", async () => {
    const uncached = new OrgApi(paths);
    apis.push(uncached);
    const stream = connect(uncached);
    expect((await stream.next("ready")).version).toBeNull();
    stream.close();
  });
});

describe("the event stream's HEAD", () => {
  it("ready names where HEAD is; a commit made meanwhile is announced as head-changed", async () => {
    const date = "2026-01-01T00:00:00Z";
    const root = paths.root;
    gitAs(root, ["init", "-q"], date);
    writeFileSync(path.join(root, "a.txt"), "a");
    gitAs(root, ["add", "a.txt"], date);
    gitAs(root, ["commit", "-qm", "a"], date);
    const first = gitAs(root, ["rev-parse", "HEAD"], date).trim();
    const stream = connect(server(), new HeadWatcher(root, 20));
    expect(await stream.next("ready")).toMatchObject({ head: { branch: "main", commit: first } });
    // The watcher first reads HEAD as the stream opens; the commit below comes after that read.
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, "b.txt"), "b");
    gitAs(root, ["add", "b.txt"], date);
    gitAs(root, ["commit", "-qm", "b"], date);
    const second = gitAs(root, ["rev-parse", "HEAD"], date).trim();
    expect(await stream.next("head-changed")).toEqual({ head: { branch: "main", commit: second } });
    stream.close();
  });
});
