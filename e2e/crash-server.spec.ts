import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Studio, startStudio } from "../test/support/processes";
import { snapshotContent } from "../test/support/tree";
import { type RawResponse, raw, specialist } from "./support";

/**
 * kill -9 of the studio server itself, at the deterministic fault points of its write paths
 * (server/faults.ts; honoured only with CONSTRUCT_TEST_FAULTS=1): after the temp file of an
 * atomic write, after N of M staged files of an import, just before and just after its commit,
 * after a pack is staged (fresh and replacing an installed copy) and in the middle of a tick
 * record write. A fresh server on the same project must then show each file exactly as it was or
 * exactly as the finished operation leaves it (the same request run to completion on a copy of
 * the project), sweep what the dead one left after its first request, and load without errors.
 */

const BASE = Number(process.env.E2E_PORT ?? 3100);
const CONTROL_PORT = BASE + 22;
const FAULTED_PORT = BASE + 23;
const RESTART_PORT = BASE + 24;

type Dirs = { root: string; home: string; xdg: string };
type Snapshot = Record<string, string>;
type Scenario = {
  name: string;
  point: string;
  /** Files on disk before any server runs. */
  seed: (d: Dirs, sources: string) => void;
  /** Requests on a clean server that make the state the operation starts from. */
  setup?: (s: Studio, sources: string) => Promise<void>;
  /** The operation; on the faulted server it never answers. */
  request: (s: Studio, sources: string) => Promise<RawResponse>;
  /** What each file must be after recovery: as before the request, or as after it. */
  outcome: "old" | "new";
  /** What the kill must have left on disk, so recovery has something to do. */
  leftover: RegExp;
  /** The restarted server's first request, the one that runs the recovery of this operation. */
  firstRequest: string;
};

const LEFTOVER = /(\.studio-tmp$|(^|\/)\.txn-|(^|\/)\.staging-|(^|\/)\.old-[0-9a-f]{8}-)/;
const LOCK = /(^|\/)\.studio\.lock$/;
const TEMP = /^(.*\/)?\.(.+)\.\d+-[0-9a-f]+\.studio-tmp$/;
const figures = { scenarios: 0, faults: 0, filesChecked: 0 };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const write = (s: Studio, method: string, p: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(method, p, {
    port: s.port,
    headers: { origin: s.origin, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const get = (s: Studio, p: string) => raw("GET", p, { port: s.port });

async function ok(response: Promise<RawResponse>): Promise<RawResponse> {
  const r = await response;
  expect(r.status, r.text.slice(0, 400)).toBeLessThan(300);
  return r;
}

/** Five specialists of the project's own and one override of a built-in. */
function seedOrg(d: Dirs): void {
  const dir = path.join(d.root, ".cx", "org", "specialists");
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 5; i++) writeFileSync(path.join(dir, `cx-crash-${i}.json`), json(specialist(`cx-crash-${i}`)));
  writeFileSync(
    path.join(dir, "cx-architect.json"),
    json({
      description: "Project override: the architect of this repository, who keeps its module boundaries honest.",
    }),
  );
  mkdirSync(path.join(d.home, "org", "specialists"), { recursive: true });
  writeFileSync(
    path.join(d.home, "org", "specialists", "cx-reviewer.json"),
    json({ description: "User override: reviews with this user's habits in mind, every time." }),
  );
}

/** Twenty specialists: the five on disk, changed, and fifteen new ones. */
const IMPORT = {
  specialists: Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      `cx-crash-${i}`,
      specialist(`cx-crash-${i}`, {
        description: `Imported specialist number ${i}, replacing or joining the project's own.`,
      }),
    ]),
  ),
};

/** A pack folder of the given version; `notes/v<major>.md` differs between majors. */
function packSource(sources: string, version: string): string {
  const dir = path.join(sources, `crash-pack-${version}`);
  mkdirSync(path.join(dir, "org", "specialists"), { recursive: true });
  mkdirSync(path.join(dir, "notes"), { recursive: true });
  writeFileSync(
    path.join(dir, "pack.manifest.json"),
    json({ id: "crash-pack", version, compatVersion: ">=0.1.0", specialists: ["cx-pack-crash"] }),
  );
  writeFileSync(
    path.join(dir, "org", "specialists", "cx-pack-crash.json"),
    json(specialist("cx-pack-crash", { description: `The crash pack's specialist, as version ${version} ships it.` })),
  );
  writeFileSync(path.join(dir, "notes", `v${version.split(".")[0]}.md`), `# crash-pack ${version}\n`);
  return dir;
}

const patchCrash2 = async (s: Studio) => {
  const etag = (await ok(get(s, "/api/org/specialist/cx-crash-2"))).headers.etag as string;
  return write(
    s,
    "PATCH",
    "/api/org/specialist/cx-crash-2",
    { description: "Patched by the request the server was killed in." },
    { "if-match": etag },
  );
};
const importOrg = (s: Studio) => write(s, "POST", "/api/org/import?scope=project", IMPORT);
const install = (tier: "project" | "user", version: string) => (s: Studio, sources: string) =>
  write(s, "POST", "/api/packs/install", { tier, path: packSource(sources, version) });

const SCENARIOS: Scenario[] = [
  {
    name: "PATCH of a project specialist, killed after the temp write",
    point: "after-temp-write",
    seed: seedOrg,
    request: patchCrash2,
    outcome: "old",
    leftover: /\.studio-tmp$/,
    firstRequest: "/api/org/specialist",
  },
  ...(
    [
      ["import-after-stage:5", "old", /(^|\/)\.txn-[^/.]+\/$/],
      ["import-before-commit", "old", /(^|\/)\.txn-[^/.]+\/$/],
      ["import-after-apply:3", "new", /(^|\/)\.txn-[^/]+\.committed\/$/],
    ] as const
  ).map(
    ([point, outcome, leftover]): Scenario => ({
      name: `import of 20 specialists into the project, killed at ${point}`,
      point,
      seed: seedOrg,
      request: importOrg,
      outcome,
      leftover,
      firstRequest: "/api/org/specialist",
    }),
  ),
  {
    name: "pack install into the project, killed after staging",
    point: "pack-install-after-stage",
    seed: seedOrg,
    request: install("project", "1.0.0"),
    outcome: "old",
    leftover: /(^|\/)\.staging-\d+-[0-9a-f]+\/$/,
    firstRequest: "/api/packs",
  },
  {
    name: "pack install replacing the enabled project copy, killed after staging",
    point: "pack-install-after-stage",
    seed: seedOrg,
    setup: async (s, sources) => {
      await ok(install("project", "1.0.0")(s, sources));
      await ok(write(s, "POST", "/api/packs/crash-pack/enable", {}));
    },
    request: install("project", "2.0.0"),
    outcome: "old",
    leftover: /(^|\/)\.staging-\d+-[0-9a-f]+\/$/,
    firstRequest: "/api/packs",
  },
  {
    name: "pack install replacing the user (XDG) copy, killed after staging",
    point: "pack-install-after-stage",
    seed: seedOrg,
    setup: async (s, sources) => {
      await ok(install("user", "1.0.0")(s, sources));
    },
    request: install("user", "2.0.0"),
    outcome: "old",
    leftover: /(^|\/)\.staging-\d+-[0-9a-f]+\/$/,
    firstRequest: "/api/packs",
  },
  {
    name: "tick of operations-triage with a previous record, killed after the record's temp write",
    point: "after-temp-write",
    seed: (d) => {
      seedOrg(d);
      // Present already, so the tick's first atomic write is its record.
      mkdirSync(path.join(d.root, ".cx", "runtime"), { recursive: true });
      writeFileSync(path.join(d.root, ".cx", "runtime", ".gitignore"), "*\n");
    },
    setup: async (s) => {
      await ok(write(s, "POST", "/api/embed/operations-triage/tick", {}));
    },
    request: (s) => write(s, "POST", "/api/embed/operations-triage/tick", {}),
    outcome: "old",
    leftover: /\.studio-tmp$/,
    firstRequest: "/api/embed/operations-triage/status",
  },
];

/** The three directories a studio writes to, by content, keyed `root/…`, `home/…`, `xdg/…`. */
function snapshot(d: Dirs): Snapshot {
  const out: Snapshot = {};
  for (const [name, dir] of Object.entries(d))
    for (const [rel, value] of Object.entries(snapshotContent(dir))) out[`${name}/${rel}`] = value;
  return out;
}

const files = (s: Snapshot) => Object.fromEntries(Object.entries(s).filter(([k, v]) => v !== "dir" && !LOCK.test(k)));

function freshDirs(base: string, name: string): Dirs {
  const d = {
    root: path.join(base, name, "project"),
    home: path.join(base, name, "home"),
    xdg: path.join(base, name, "xdg"),
  };
  for (const dir of Object.values(d)) mkdirSync(dir, { recursive: true });
  return d;
}

function pidOfLock(file: string): number {
  return Number.parseInt(readFileSync(file, "utf8"), 10);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts a server and runs `fn`; the server is gone when it returns, whatever happened. */
async function withStudio<T>(
  opts: { port: number; dirs: Dirs; env?: Record<string, string> },
  fn: (s: Studio) => Promise<T>,
): Promise<T> {
  const studio = await startStudio({
    port: opts.port,
    root: opts.dirs.root,
    home: opts.dirs.home,
    xdg: opts.dirs.xdg,
    env: { CONSTRUCT_MODEL_BASE_URL: "", CONSTRUCT_MODEL: "", CONSTRUCT_EXTERNAL_AGENT_HOST: "", ...opts.env },
  });
  try {
    return await fn(studio);
  } finally {
    await studio.kill("SIGKILL");
  }
}

/** The org loads with no error anywhere: no file that failed to load, no broken reference. */
async function expectOrgLoads(s: Studio): Promise<void> {
  for (const kind of ["specialist", "team", "group", "contract", "policy"]) {
    const list = await ok(get(s, `/api/org/${kind}`));
    expect(
      list.json.errors.filter((e: { severity: string }) => e.severity === "error"),
      `${kind} list`,
    ).toEqual([]);
  }
  for (const id of ["cx-crash-2", "cx-crash-4"]) {
    const row = await ok(get(s, `/api/org/specialist/${id}`));
    const check = await ok(write(s, "POST", "/api/org/validate", { kind: "specialist", record: row.json.record }));
    expect(check.json, id).toMatchObject({ ok: true, errors: [] });
  }
  const packs = await ok(get(s, "/api/packs"));
  expect(packs.json.errors).toEqual([]);
  for (const p of packs.json.packs) expect(p.errors, p.id).toEqual([]);
  const embed = await ok(get(s, "/api/embed"));
  expect(embed.json.problems).toEqual([]);
}

let base: string;

test.describe("kill -9 of the studio server mid-write", () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(() => {
    base = mkdtempSync(path.join(os.tmpdir(), "studio-crash-"));
  });

  test.afterAll(() => {
    console.log(
      `[crash-server] ${figures.scenarios} scenarios, ${figures.faults} faults injected (kill -9 at the point), ${figures.filesChecked} files checked old-or-new after restart`,
    );
    if (base) rmSync(base, { recursive: true, force: true });
  });

  SCENARIOS.forEach((sc, n) => {
    test(`${sc.name}: after a restart every file is old or new, nothing is left over, the org loads`, async () => {
      const sources = path.join(base, `sources-${n}`);
      mkdirSync(sources, { recursive: true });
      const control = freshDirs(base, `control-${n}`);
      const crashed = freshDirs(base, `crashed-${n}`);
      sc.seed(control, sources);

      // The state before, and the state the operation leaves when it runs to the end.
      const NEW = await withStudio({ port: CONTROL_PORT, dirs: control }, async (s) => {
        await sc.setup?.(s, sources);
        for (const key of Object.keys(control) as (keyof Dirs)[])
          cpSync(control[key], crashed[key], { recursive: true, verbatimSymlinks: true });
        await ok(sc.request(s, sources));
        return snapshot(control);
      });

      // The same operation, killed at the point.
      let OLD: Snapshot = {};
      let MID: Snapshot = {};
      await withStudio(
        { port: FAULTED_PORT, dirs: crashed, env: { CONSTRUCT_TEST_FAULTS: "1", CONSTRUCT_FAULT_POINT: sc.point } },
        async (s) => {
          OLD = snapshot(crashed);
          const answered = sc.request(s, sources).then(
            (r) => `answered ${r.status}`,
            (e: NodeJS.ErrnoException) => `no answer (${e.code ?? e.message})`,
          );
          await s.waitFor(`FAULT_POINT_REACHED ${sc.point}\n`, 60_000);
          await s.kill("SIGKILL");
          figures.faults++;
          expect(s.process.signalCode).toBe("SIGKILL");
          expect(await answered).toMatch(/^no answer/);
          MID = snapshot(crashed);
        },
      );
      expect(
        Object.keys(MID).filter((k) => sc.leftover.test(k)),
        `what the kill left in ${JSON.stringify(Object.keys(MID))}`,
      ).not.toEqual([]);
      expect(files(MID)).not.toEqual(files(OLD));

      // A temp file holds the new bytes of the file it was about to replace.
      const tempFor: Record<string, string> = {};
      for (const [key, value] of Object.entries(MID)) {
        const m = TEMP.exec(key);
        if (m) tempFor[`${m[1] ?? ""}${m[2]}`] = value;
      }

      await withStudio({ port: RESTART_PORT, dirs: crashed }, async (s) => {
        expect((await get(s, sc.firstRequest)).status).toBe(200);
        const AFTER = snapshot(crashed);

        expect(
          Object.keys(AFTER).filter((k) => LEFTOVER.test(k)),
          "left over after the first request",
        ).toEqual([]);
        for (const key of Object.keys(AFTER).filter((k) => LOCK.test(k))) {
          expect(
            alive(pidOfLock(path.join(crashed[key.split("/")[0] as keyof Dirs], key.slice(key.indexOf("/") + 1)))),
            `${key} is held by a live process`,
          ).toBe(false);
        }

        const [before, after, done] = [files(OLD), files(AFTER), files(NEW)];
        for (const key of new Set([...Object.keys(before), ...Object.keys(after), ...Object.keys(done)])) {
          const allowed = [before[key], done[key], tempFor[key]];
          expect(allowed, `${key} is neither its old nor its new content`).toContain(after[key]);
          figures.filesChecked++;
        }
        expect(after, `the whole state is the ${sc.outcome} one`).toEqual(sc.outcome === "old" ? before : done);

        await expectOrgLoads(s);

        // The operation goes through now, and leaves nothing behind either.
        await ok(sc.request(s, sources));
        const finalState = snapshot(crashed);
        expect(Object.keys(finalState).filter((k) => LEFTOVER.test(k) || LOCK.test(k))).toEqual([]);
        await expectOrgLoads(s);
      });
      figures.scenarios++;
    });
  });
});
