import { execFileSync } from "node:child_process";
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Studio, startStudio } from "../test/support/processes";
import { tempProject, writeFiles } from "../test/support/temp-project";
import { contentsOf, leftovers } from "../test/support/tree";
import { type Api, apiAt, extraPort, type RawResponse, specialist } from "./support";

/**
 * Nothing lost: a full disk and a read-only directory under a running studio. Every
 * write must be refused with 507 and a message naming what it was writing, and leave every file
 * byte for byte as it was, no temp file or staging folder behind, and the org still served.
 * Real mounts (CI runs as root); a mount that fails fails the test, it never skips.
 */

test.describe.configure({ mode: "serial" });

const TMPFS_BYTES = 256 * 1024;
const PAGE = 4096;
const FILLER = "filler.bin";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const ARCHITECT_DESCRIPTION = "Project override: the architect of this repository, kept on a very small disk.";
const KEEPER_DESCRIPTION = "Keeps the fault tests' project tier honest; a specialist only this project has.";
const KEEPER_PROMPT = "---\nrole: faults-keeper\n---\n\n# Faults keeper\n\nKeeps what is on disk as it was.\n";
const LAYOUT = { version: 1, positions: { "cx-architect": { x: 10, y: 20 }, "cx-faults-keeper": { x: 300, y: 20 } } };
const OVERLAY = { id: "operations-triage", embed: { enabled: false } };

/** The project directory (`<root>/.cx`) the studio starts on: real project-tier files of each kind it writes. */
const SEED: Record<string, string> = {
  "org/specialists/cx-architect.json": json({ description: ARCHITECT_DESCRIPTION }),
  "org/specialists/cx-faults-keeper.json": json(specialist("cx-faults-keeper", { description: KEEPER_DESCRIPTION })),
  "studio/layout.json": json(LAYOUT),
  "embed/operations-triage.manifest.json": json(OVERLAY),
  "prompts/cx-faults-keeper.md": KEEPER_PROMPT,
};

/** A studio of its own on `root`, with a user tier and config home that are thrown away with it. */
async function studioOn(root: string, port: number): Promise<Studio> {
  return startStudio({ port, root, home: path.join(root, "home"), xdg: path.join(root, "xdg") });
}

function seed(dir: string) {
  writeFiles(dir, SEED);
}

function run(command: string, args: string[]) {
  try {
    execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      `\`${command} ${args.join(" ")}\` failed (${stderr || (error as Error).message}). The disk-fault tests need root and mount(8); they fail rather than skip.`,
    );
  }
}

function unmount(dir: string) {
  try {
    execFileSync("umount", [dir], { stdio: "ignore" });
  } catch {
    // Still busy (a server that would not die): detach it now, it goes when the last user does.
    execFileSync("umount", ["-l", dir], { stdio: "ignore" });
  }
}

function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

/**
 * Fills the tmpfs until the kernel says ENOSPC, then gives back exactly `free` bytes, so the
 * studio's writes run out of space at a known point.
 */
function fillLeaving(dir: string, free: number): { filler: number; free: number } {
  const file = path.join(dir, FILLER);
  const fd = openSync(file, "w");
  try {
    const page = Buffer.alloc(PAGE, 0x2e);
    for (;;) {
      try {
        if (writeSync(fd, page) < PAGE) break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
        throw error;
      }
    }
    const full = Math.floor(fstatSync(fd).size / PAGE) * PAGE;
    expect(full, "the filler file could not take the free space").toBeGreaterThan(free);
    ftruncateSync(fd, full - free);
    return { filler: full - free, free: freeBytes(dir) };
  } finally {
    closeSync(fd);
  }
}

type WriteCase = {
  name: string;
  send: (api: Api) => Promise<RawResponse>;
  /** The directory the refusal must name, relative to the project directory. */
  dir: string;
  /** The file it must name when the write itself (not the lock) ran out of room. */
  file?: string;
  /** Whether the case runs on the full disk (deleting frees space, so it would rightly succeed there). */
  onFullDisk?: boolean;
};

const bigFence = {
  allowedPaths: Array.from({ length: 300 }, (_, i) => `docs/fault-area-${String(i).padStart(3, "0")}/**`),
};

async function etagOf(api: Api, pathname: string): Promise<string> {
  const got = await api("GET", pathname);
  expect(got.status, `GET ${pathname}: ${got.text.slice(0, 300)}`).toBe(200);
  return got.headers.etag!;
}

const CASES: WriteCase[] = [
  {
    name: "PATCH an override of a built-in specialist",
    dir: "org",
    file: "org/specialists/cx-architect.json",
    send: async (api) =>
      api(
        "PATCH",
        "/api/org/specialist/cx-architect",
        { description: "A new description that must never reach the disk in this test.", fence: bigFence },
        { "if-match": await etagOf(api, "/api/org/specialist/cx-architect") },
      ),
  },
  {
    name: "PATCH a project specialist",
    dir: "org",
    file: "org/specialists/cx-faults-keeper.json",
    send: async (api) =>
      api(
        "PATCH",
        "/api/org/specialist/cx-faults-keeper",
        { description: "Changed while the disk had no room left for it at all." },
        { "if-match": await etagOf(api, "/api/org/specialist/cx-faults-keeper") },
      ),
  },
  {
    name: "POST a new specialist",
    dir: "org",
    file: "org/specialists/cx-faults-new.json",
    send: (api) => api("POST", "/api/org/specialist", specialist("cx-faults-new", { fence: bigFence })),
  },
  {
    name: "POST an import bigger than the disk",
    dir: "org",
    send: (api) =>
      api("POST", "/api/org/import?scope=project", {
        specialists: Object.fromEntries(
          Array.from({ length: 24 }, (_, i) => {
            const id = `cx-faults-imported-${String(i).padStart(2, "0")}`;
            return [id, specialist(id, { fence: bigFence })];
          }),
        ),
      }),
  },
  {
    name: "PUT the layout",
    dir: "studio",
    file: "studio/layout.json",
    send: (api) =>
      api("PUT", "/api/layout", {
        positions: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`cx-node-${i}`, { x: i, y: 2 * i }])),
      }),
  },
  {
    name: "POST enable an embed capability",
    dir: "embed",
    file: "embed/operations-triage.manifest.json",
    send: (api) => api("POST", "/api/embed/operations-triage/enable", {}),
  },
  {
    name: "PATCH an embed capability's overrides",
    dir: "embed",
    file: "embed/operations-triage.manifest.json",
    send: async (api) =>
      api(
        "PATCH",
        "/api/embed/operations-triage",
        { set: { cadence: { every: "PT4H" } } },
        { "if-match": await etagOf(api, "/api/embed/operations-triage") },
      ),
  },
  {
    name: "PUT a prompt",
    dir: "prompts",
    file: "prompts/cx-faults-keeper.md",
    send: async (api) =>
      api(
        "PUT",
        "/api/prompts/cx-faults-keeper",
        { content: `${KEEPER_PROMPT}\nA paragraph that must never reach the disk.\n` },
        { "if-match": await etagOf(api, "/api/prompts/cx-faults-keeper") },
      ),
  },
  {
    name: "DELETE a project specialist",
    dir: "org",
    onFullDisk: false,
    send: async (api) =>
      api("DELETE", "/api/org/specialist/cx-faults-keeper?force=1", undefined, {
        "if-match": await etagOf(api, "/api/org/specialist/cx-faults-keeper"),
      }),
  },
];

/** The org's problems as the list page shows them, to compare before and after a refused write. */
async function orgProblems(api: Api): Promise<string[]> {
  const out: string[] = [];
  for (const kind of ["specialist", "team", "group", "contract", "policy"]) {
    const list = await api("GET", `/api/org/${kind}`);
    expect(list.status, `GET /api/org/${kind}: ${list.text.slice(0, 300)}`).toBe(200);
    for (const e of list.json.errors as { id: string; location: string }[]) out.push(`${e.id} ${e.location}`);
  }
  return out.sort();
}

/** What the studio serves is still the seeded project, and nothing the refused writes carried. */
async function expectOldStateServed(api: Api) {
  const architect = await api("GET", "/api/org/specialist/cx-architect");
  expect(architect.status).toBe(200);
  expect(architect.json.record.description).toBe(ARCHITECT_DESCRIPTION);
  expect(architect.json.scope).toBe("project");
  const keeper = await api("GET", "/api/org/specialist/cx-faults-keeper");
  expect(keeper.status).toBe(200);
  expect(keeper.json.record.description).toBe(KEEPER_DESCRIPTION);
  expect((await api("GET", "/api/org/specialist/cx-faults-new")).status).toBe(404);
  expect((await api("GET", "/api/org/specialist/cx-faults-imported-00")).status).toBe(404);
  expect((await api("GET", "/api/layout")).json).toEqual(LAYOUT);
  const embed = await api("GET", "/api/embed/operations-triage");
  expect(embed.status).toBe(200);
  expect(embed.json.enabled).toBe(false);
  expect(embed.json.overlay.fields).toEqual([]);
  const prompt = await api("GET", "/api/prompts/cx-faults-keeper");
  expect(prompt.json).toMatchObject({ source: "project", content: KEEPER_PROMPT });
}

/**
 * One refused write: the status, the code, the message naming the tier directory (and the file,
 * when asked), then the bytes, the leftovers and what the server still serves.
 */
async function expectRefused(
  api: Api,
  projectDir: string,
  c: WriteCase,
  expected: { code: "storage_full" | "read_only"; words: RegExp; namesFile: boolean; problems: string[] },
) {
  const before = contentsOf(projectDir, { exclude: (rel) => rel === FILLER });
  const response = await c.send(api);
  expect(response.status, `${c.name}: ${response.text.slice(0, 400)}`).toBe(507);
  expect(response.json.error.code).toBe(expected.code);
  const message: string = response.json.error.message;
  expect(message).toMatch(expected.words);
  expect(message).toContain(path.join(projectDir, c.dir));
  if (expected.namesFile && c.file) expect(message).toContain(path.join(projectDir, c.file));
  expect(contentsOf(projectDir, { exclude: (rel) => rel === FILLER }), `${c.name} changed a file`).toEqual(before);
  expect(leftovers(projectDir), `${c.name} left files behind`).toEqual([]);
  await expectOldStateServed(api);
  expect(await orgProblems(api)).toEqual(expected.problems);
  return message;
}

test.describe("a full disk (tmpfs)", () => {
  let root = "";
  let projectDir = "";
  let mounted = false;
  let studio: Studio | null = null;
  let api: Api;
  let problems: string[] = [];

  test.beforeAll(async () => {
    root = tempProject({ prefix: "studio-faults-full-", home: "inside" }).root;
    projectDir = path.join(root, ".cx");
    mkdirSync(projectDir);
    run("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_BYTES},mode=0755`, "tmpfs", projectDir]);
    mounted = true;
    seed(projectDir);
    studio = await studioOn(root, extraPort(0));
    api = apiAt(studio.port);
    await expectOldStateServed(api);
    problems = await orgProblems(api);
    expect(problems.filter((p) => p.includes("faults") || p.includes("cx-architect"))).toEqual([]);
    expect((await api("GET", "/api/embed/operations-triage")).json.errors).toEqual([]);
  });

  test.afterAll(async () => {
    await studio?.kill();
    if (mounted) unmount(projectDir);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("one page left (the lock takes it): every write is 507 storage_full naming its file, and nothing changes", async () => {
    const filled = fillLeaving(projectDir, PAGE);
    console.log(`tmpfs ${TMPFS_BYTES} bytes: filler ${filled.filler} bytes, ${filled.free} bytes free`);
    expect(filled.free).toBe(PAGE);
    for (const c of CASES.filter((c) => c.onFullDisk !== false)) {
      const message = await expectRefused(api, projectDir, c, {
        code: "storage_full",
        words: /disk is full/,
        namesFile: true,
        problems,
      });
      console.log(`  ${c.name} → 507 storage_full: ${message}`);
      expect(freeBytes(projectDir)).toBe(PAGE);
    }
  });

  test("no room at all (not even for the lock): every write is 507 storage_full naming its directory, and nothing changes", async () => {
    const filled = fillLeaving(projectDir, 0);
    console.log(`tmpfs ${TMPFS_BYTES} bytes: filler ${filled.filler} bytes, ${filled.free} bytes free`);
    expect(filled.free).toBe(0);
    for (const c of CASES.filter((c) => c.onFullDisk !== false)) {
      const message = await expectRefused(api, projectDir, c, {
        code: "storage_full",
        words: /disk is full/,
        namesFile: false,
        problems,
      });
      console.log(`  ${c.name} → 507 storage_full: ${message}`);
    }
  });

  test("a studio started on the full disk serves the org and refuses writes the same way", async () => {
    expect(freeBytes(projectDir)).toBe(0);
    const late = await studioOn(root, extraPort(4));
    try {
      const lateApi = apiAt(late.port);
      await expectOldStateServed(lateApi);
      await expectRefused(lateApi, projectDir, CASES[1], {
        code: "storage_full",
        words: /disk is full/,
        namesFile: false,
        problems,
      });
    } finally {
      await late.kill();
    }
  });

  test("once there is room again the same writes succeed", async () => {
    rmSync(path.join(projectDir, FILLER));
    const etag = await etagOf(api, "/api/org/specialist/cx-faults-keeper");
    const saved = await api(
      "PATCH",
      "/api/org/specialist/cx-faults-keeper",
      { description: "Saved once the disk had room again, after the refusals." },
      { "if-match": etag },
    );
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect((await api("POST", "/api/embed/operations-triage/enable", {})).status).toBe(200);
    expect(leftovers(projectDir)).toEqual([]);
  });
});

test.describe("a read-only project directory (bind mount)", () => {
  let root = "";
  let source = "";
  let projectDir = "";
  let mounted = false;
  let studio: Studio | null = null;
  let api: Api;

  test.beforeAll(async () => {
    root = tempProject({ prefix: "studio-faults-ro-", home: "inside" }).root;
    source = path.join(root, "source");
    projectDir = path.join(root, ".cx");
    mkdirSync(source);
    mkdirSync(projectDir);
    seed(source);
    run("mount", ["--bind", source, projectDir]);
    mounted = true;
    run("mount", ["-o", "remount,bind,ro", projectDir]);
    studio = await studioOn(root, extraPort(1));
    api = apiAt(studio.port);
  });

  test.afterAll(async () => {
    await studio?.kill();
    if (mounted) unmount(projectDir);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("a studio started on it serves the org", async () => {
    await expectOldStateServed(api);
  });

  test("every write is 507 read_only naming the directory, and nothing changes", async () => {
    const problems = await orgProblems(api);
    const sourceBefore = contentsOf(source);
    for (const c of CASES) {
      const message = await expectRefused(api, projectDir, c, {
        code: "read_only",
        words: /read-only/,
        namesFile: false,
        problems,
      });
      console.log(`  ${c.name} → 507 read_only: ${message}`);
    }
    expect(contentsOf(source)).toEqual(sourceBefore);
  });
});
