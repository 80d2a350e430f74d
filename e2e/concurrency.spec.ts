import { readFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { expect, test } from "@playwright/test";
import { type Studio, startStudio } from "../test/support/processes";
import { type TempProject, tempProject } from "../test/support/temp-project";
import { leftovers } from "../test/support/tree";
import { type Api, apiAt, extraPort, specialist } from "./support";

/**
 * Concurrent writers (issue part 3): many saves with one If-Match through one server, and two
 * server processes on the same project writing one entity for 20 seconds while another program
 * reads its file. Optimistic concurrency must turn every race into a 409, never a lost update or
 * a torn file.
 */

test.describe.configure({ mode: "serial" });

const RACE_ID = "cx-race-fifty";
const COUNTER_ID = "cx-shared-counter";
const RUN_MS = 20_000;
const WORKERS_PER_SERVER = 4;

const counterText = (n: number) => `The shared counter of the concurrency test: count ${n}.`;
const counterOf = (description: unknown): number => {
  const match = /count (\d+)\.$/.exec(String(description));
  if (!match) throw new Error(`not a counter description: ${JSON.stringify(description)}`);
  return Number(match[1]);
};

let project: TempProject | undefined;
let projectDir = "";
let studios: Studio[] = [];

test.beforeAll(async () => {
  project = tempProject({
    prefix: "studio-concurrency-",
    home: "inside",
    files: {
      [`.cx/org/specialists/${RACE_ID}.json`]: specialist(RACE_ID),
      [`.cx/org/specialists/${COUNTER_ID}.json`]: specialist(COUNTER_ID, { description: counterText(0) }),
    },
  });
  projectDir = path.join(project.root, ".cx");
  const { root, home, xdg } = project;
  // Two processes of the same build on the same project: they share nothing but the files.
  studios = await Promise.all([0, 1].map((i) => startStudio({ port: extraPort(2 + i), root, home, xdg })));
});

test.afterAll(async () => {
  await Promise.all(studios.map((s) => s.kill()));
  project?.remove();
});

test("50 simultaneous saves with the same If-Match: exactly one 200 and 49 × 409, and the file holds the winner", async () => {
  const api = apiAt(studios[0].port);
  const got = await api("GET", `/api/org/specialist/${RACE_ID}`);
  expect(got.status).toBe(200);
  const etag = got.headers.etag!;
  const descriptions = Array.from(
    { length: 50 },
    (_, i) => `Writer number ${String(i).padStart(2, "0")} of fifty wants this description.`,
  );
  const results = await Promise.all(
    descriptions.map((description) =>
      api("PATCH", `/api/org/specialist/${RACE_ID}`, { description }, { "if-match": etag }),
    ),
  );
  const statuses = results.map((r) => r.status);
  console.log(
    `50 simultaneous PATCHes: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 409).length} × 409`,
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  const winner = descriptions[statuses.indexOf(200)];
  const file = path.join(projectDir, "org", "specialists", `${RACE_ID}.json`);
  expect(JSON.parse(readFileSync(file, "utf8")).description).toBe(winner);
  // Every loser was told about the winner's version, not about one that never made it to disk.
  for (const loser of results.filter((r) => r.status === 409)) {
    expect(loser.json.current.record.description).toBe(winner);
    expect(loser.json.current.etag).toBe(results[statuses.indexOf(200)].headers.etag);
  }
  expect(leftovers(projectDir)).toEqual([]);
});

/** Reads the counter's file from disk as fast as it can in its own thread, and parses every read. */
function startReader(
  file: string,
  ms: number,
): Promise<{ reads: number; unparseable: number; missing: number; samples: string[] }> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { readFileSync } = require("node:fs");
    const end = Date.now() + workerData.ms;
    let reads = 0, unparseable = 0, missing = 0;
    const samples = [];
    while (Date.now() < end) {
      let text;
      try {
        text = readFileSync(workerData.file, "utf8");
      } catch (error) {
        missing++;
        if (samples.length < 5) samples.push(String(error));
        continue;
      }
      reads++;
      try {
        JSON.parse(text);
      } catch {
        unparseable++;
        if (samples.length < 5) samples.push(JSON.stringify(text.slice(0, 200)));
      }
    }
    parentPort.postMessage({ reads, unparseable, missing, samples });
  `;
  const worker = new Worker(source, { eval: true, workerData: { file, ms } });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

type Tally = { successes: number; conflicts: number; other: string[] };

/**
 * GET the counter, PATCH it to n + 1 with the ETag read; a 409 means someone else won: read
 * again. A GET answers from the server's cache, so this also holds only if each server's cache
 * follows the other's writes (before that was fixed, one server lost every race).
 */
async function writer(api: Api, end: number, tally: Tally) {
  while (Date.now() < end) {
    const got = await api("GET", `/api/org/specialist/${COUNTER_ID}`);
    if (got.status !== 200) {
      tally.other.push(`GET ${got.status} ${got.text.slice(0, 200)}`);
      continue;
    }
    const n = counterOf(got.json.record.description);
    const patched = await api(
      "PATCH",
      `/api/org/specialist/${COUNTER_ID}`,
      { description: counterText(n + 1) },
      { "if-match": got.headers.etag! },
    );
    if (patched.status === 200) tally.successes++;
    else if (patched.status === 409) tally.conflicts++;
    else tally.other.push(`PATCH ${patched.status} ${patched.text.slice(0, 200)}`);
  }
}

test("two server processes increment one counter for 20 s: no update lost, every read of the file parses", async () => {
  test.setTimeout(RUN_MS + 60_000);
  const file = path.join(projectDir, "org", "specialists", `${COUNTER_ID}.json`);
  const start = counterOf(JSON.parse(readFileSync(file, "utf8")).description);
  const end = Date.now() + RUN_MS;
  const tallies: Tally[] = studios.map(() => ({ successes: 0, conflicts: 0, other: [] }));
  const reader = startReader(file, RUN_MS);
  await Promise.all(
    studios.flatMap((studio, i) =>
      Array.from({ length: WORKERS_PER_SERVER }, () => writer(apiAt(studio.port), end, tallies[i])),
    ),
  );
  const reads = await reader;

  const final = counterOf(JSON.parse(readFileSync(file, "utf8")).description);
  const successes = tallies.reduce((sum, t) => sum + t.successes, 0);
  const conflicts = tallies.reduce((sum, t) => sum + t.conflicts, 0);
  console.log(
    `two servers × ${WORKERS_PER_SERVER} writers for ${RUN_MS / 1000} s: ${successes} successes (${tallies.map((t) => t.successes).join(" + ")}), ${conflicts} conflicts (${tallies.map((t) => t.conflicts).join(" + ")}), final count ${final}`,
  );
  console.log(`reader: ${reads.reads} reads of the file, ${reads.unparseable} unparseable, ${reads.missing} missing`);

  expect(
    tallies.flatMap((t) => t.other),
    "answers other than 200 and 409",
  ).toEqual([]);
  expect(final - start, "every success is in the file: no update was lost").toBe(successes);
  for (const [i, t] of tallies.entries()) expect(t.successes, `server ${i + 1} saved nothing`).toBeGreaterThan(0);
  expect(reads.reads).toBeGreaterThan(0);
  expect(reads.unparseable, `torn reads: ${reads.samples.join(" | ")}`).toBe(0);
  expect(reads.missing, `the file was missing: ${reads.samples.join(" | ")}`).toBe(0);
  expect(leftovers(projectDir)).toEqual([]);
  // Both servers serve the final count.
  for (const studio of studios) {
    await expect
      .poll(async () =>
        counterOf((await apiAt(studio.port)("GET", `/api/org/specialist/${COUNTER_ID}`)).json.record.description),
      )
      .toBe(final);
  }
});
