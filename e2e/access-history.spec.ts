import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { snapshotContent } from "../test/support/tree";
import { apiAt, expectHttpError, extraPort, raw, specialist, studioOfItsOwn } from "./support";

/** `GET /api/access/{id}/history` through `next start`, on a project with real git commits and on one without git. */

test.describe.configure({ mode: "serial" });

let root = "";
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.email=ada@example.com", "-c", "user.name=Ada Lovelace", ...args], {
    cwd: root,
    encoding: "utf8",
  });
const write = (rel: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), `${JSON.stringify(value, null, 2)}\n`);
};
const writer = (handoffs: string[]) =>
  specialist("cx-hist-writer", { fence: { allowedPaths: ["docs/**"] }, handoffCandidates: handoffs });

const own = studioOfItsOwn({
  prefix: "studio-access-history-",
  port: extraPort(3),
  setup: (dir) => {
    root = dir;
    write(".cx/org/specialists/cx-hist-writer.json", writer([]));
    write(
      ".cx/org/specialists/cx-hist-coder.json",
      specialist("cx-hist-coder", { fence: { allowedPaths: ["src/**"] } }),
    );
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "Start the writer");
    write(".cx/org/specialists/cx-hist-writer.json", writer(["hist-coder"]));
    git("commit", "-qam", "Let the writer hand off to the coder");
  },
});

test("lists the commits that widened a specialist, newest first, bounded by ?limit=, and writes nothing", async () => {
  const api = apiAt(extraPort(3));
  const before = snapshotContent(root);
  const all = await api("GET", "/api/access/cx-hist-writer/history");
  expect(all.status, all.text).toBe(200);
  expect(all.headers["cache-control"]).toContain("no-store");
  expect(all.json).toMatchObject({ id: "cx-hist-writer", scanned: 2, more: 0, shallow: false });
  expect(all.json.entries.map((e: { subject: string }) => e.subject)).toEqual([
    "Let the writer hand off to the coder",
    "Start the writer",
  ]);
  expect(all.json.entries[0]).toMatchObject({
    author: "Ada Lovelace",
    changes: [
      {
        action: "widen",
        scope: "reach",
        list: "allowedPaths",
        entry: "src/**",
        text: "cx-hist-writer → handoff → cx-hist-coder: edit src/**",
      },
    ],
  });

  const one = await api("GET", "/api/access/cx-hist-writer/history?limit=1");
  expect(one.json).toMatchObject({ scanned: 1, more: 1 });

  expectHttpError(await api("GET", "/api/access/cx-hist-writer/history?limit=none"), 400, {
    code: "bad_request",
    message: 'limit "none" is not a whole number of commits, 1 or more',
  });
  expectHttpError(await api("GET", "/api/access/cx-nobody/history"), 404, {
    code: "not_found",
    message: 'no specialist or worker profile "cx-nobody" in the org now nor in the 2 commit(s) looked at',
  });
  expect(snapshotContent(root)).toEqual(before);
  expect(own.root).toBe(root);
});

test("outside git, the history is empty with a note that says why", async () => {
  const response = await raw("GET", "/api/access/cx-architect/history");
  expect(response.status, response.text).toBe(200);
  expect(response.json).toMatchObject({ id: "cx-architect", entries: [], scanned: 0, more: 0, shallow: false });
  expect(response.json.note).toMatch(/is not in a git repository, so there is no history to read$/);
});
