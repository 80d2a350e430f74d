import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTmpDirs, until } from "@/test/support/temp-project";
import { filesUnder, treeOf } from "@/test/support/tree";
import { AppError } from "../errors";
import {
  atomicWrite,
  commitFiles,
  confinedPath,
  etagOf,
  MAX_FILE_BYTES,
  readJsonFile,
  readJsonFileSync,
  readListedJsonFileSync,
  recoverTier,
  removeFile,
  tierNeedsRecovery,
  withTierLock,
} from "./json-store";

let base: string;
let tier: string;
let outside: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-store-");
  base = tmp.base;
  cleanup = tmp.cleanup;
  tier = path.join(tmp.root, "org");
  outside = path.join(base, "outside");
  await fs.mkdir(path.join(tier, "specialists"), { recursive: true });
  await fs.mkdir(outside);
});

afterEach(async () => {
  await cleanup();
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("atomicWrite", () => {
  it("replaces the content and leaves no temp file behind", async () => {
    const file = path.join(tier, "specialists", "a.json");
    await fs.writeFile(file, '{"v":1}\n');
    await atomicWrite(tier, file, '{"v":2}\n');
    expect(await fs.readFile(file, "utf8")).toBe('{"v":2}\n');
    expect(await fs.readdir(path.join(tier, "specialists"))).toEqual(["a.json"]);
  });

  it("creates the section directory of a first write", async () => {
    const file = path.join(tier, "teams", "t.json");
    await atomicWrite(tier, file, "{}\n");
    expect(await filesUnder(tier)).toEqual(["teams/t.json"]);
  });

  it("refuses to write through a symlinked file and leaves the link target alone", async () => {
    const target = path.join(outside, "secret.json");
    await fs.writeFile(target, '{"secret":true}\n');
    const link = path.join(tier, "specialists", "a.json");
    await fs.symlink(target, link);
    const error = await rejection(atomicWrite(tier, link, '{"v":2}\n'));
    expect(error.code).toBe("forbidden");
    expect(await fs.readFile(target, "utf8")).toBe('{"secret":true}\n');
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readdir(path.join(tier, "specialists"))).toEqual(["a.json"]);
    expect(await fs.readdir(outside)).toEqual(["secret.json"]);
  });

  it("refuses to write through a symlinked section directory: nothing lands at the link target", async () => {
    await fs.rm(path.join(tier, "specialists"), { recursive: true });
    await fs.symlink(outside, path.join(tier, "specialists"));
    const error = await rejection(atomicWrite(tier, path.join(tier, "specialists", "a.json"), '{"v":2}\n'));
    expect(error.code).toBe("forbidden");
    expect(await fs.readdir(outside)).toEqual([]);
  });

  it("removeFile refuses a symlink too", async () => {
    const target = path.join(outside, "keep.json");
    await fs.writeFile(target, "{}\n");
    await fs.symlink(target, path.join(tier, "specialists", "a.json"));
    const error = await rejection(removeFile(tier, path.join(tier, "specialists", "a.json")));
    expect(error.code).toBe("forbidden");
    expect(await fs.readFile(target, "utf8")).toBe("{}\n");
  });
});

// Tiers load through the synchronous readers, single files through the other: all must agree.
// The listed reader is only called for what readdir showed as a regular file, but whatever it
// meets instead (a file replaced since the listing) must still get the careful path's answer.
describe.each([
  ["readJsonFile", readJsonFile],
  ["readJsonFileSync", async (file: string) => readJsonFileSync(file)],
  ["readListedJsonFileSync", async (file: string) => readListedJsonFileSync(file)],
])("%s", (_name, readJsonFile) => {
  const file = () => path.join(tier, "specialists", "x.json");

  it("parses a regular file and returns the sha256 etag of its bytes", async () => {
    await fs.writeFile(file(), '{"id":"x","n":1}\n');
    const read = await readJsonFile(file());
    expect(read).toMatchObject({ ok: true, value: { id: "x", n: 1 }, etag: etagOf('{"id":"x","n":1}\n') });
  });

  it.each([
    ["bad JSON", '{"id": "x",,}', "syntax"],
    [
      "git conflict markers",
      '{\n<<<<<<< HEAD\n  "id": "a"\n=======\n  "id": "b"\n>>>>>>> theirs\n}\n',
      "conflict-markers",
    ],
    ["duplicate keys", '{"id":"x","id":"y"}', "duplicate-key"],
    ["a __proto__ key", '{"__proto__":{"polluted":true}}', "forbidden-key"],
  ])("reports %s with code %s", async (_what, content, code) => {
    await fs.writeFile(file(), content);
    const read = await readJsonFile(file());
    expect(read.ok).toBe(false);
    expect(!read.ok && read.code).toBe(code);
  });

  it("reports invalid UTF-8 instead of replacing it", async () => {
    await fs.writeFile(file(), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]));
    const read = await readJsonFile(file());
    expect(!read.ok && read.code).toBe("invalid-utf8");
  });

  it("tolerates a byte-order mark, and tags the bytes as they are", async () => {
    await fs.writeFile(file(), '\uFEFF{"id":"x"}\n');
    const read = await readJsonFile(file());
    expect(read).toMatchObject({ ok: true, value: { id: "x" }, etag: etagOf(Buffer.from('\uFEFF{"id":"x"}\n')) });
  });

  it("keeps a replacement character the file really holds", async () => {
    await fs.writeFile(file(), '{"id":"x","note":"\uFFFD","é":"ü"}');
    const read = await readJsonFile(file());
    expect(read).toMatchObject({
      ok: true,
      value: { note: "\uFFFD", é: "ü" },
      etag: etagOf(Buffer.from('{"id":"x","note":"\uFFFD","é":"ü"}')),
    });
  });

  it("reports a lone surrogate written as an escape", async () => {
    await fs.writeFile(file(), '{"id":"x","note":"\\ud800"}');
    const read = await readJsonFile(file());
    expect(!read.ok && read.code).toBe("lone-surrogate");
  });

  it("reports a missing file", async () => {
    const read = await readJsonFile(file());
    expect(!read.ok && read.code).toBe("missing");
  });

  it("reports a symlink without following it, even to a valid file", async () => {
    await fs.writeFile(path.join(outside, "t.json"), '{"id":"x"}');
    await fs.symlink(path.join(outside, "t.json"), file());
    const read = await readJsonFile(file());
    expect(!read.ok && read.code).toBe("symlink");
  });

  it("reports a directory and a FIFO as not regular (a FIFO is never opened, so this cannot hang)", async () => {
    await fs.mkdir(file());
    expect(await readJsonFile(file()).then((r) => !r.ok && r.code)).toBe("not-regular");
    const fifo = path.join(tier, "specialists", "fifo.json");
    execFileSync("mkfifo", [fifo]);
    expect(await readJsonFile(fifo).then((r) => !r.ok && r.code)).toBe("not-regular");
  });

  it("reports a file over the size limit", async () => {
    await fs.writeFile(file(), `{"a":"${"x".repeat(MAX_FILE_BYTES)}"}`);
    const read = await readJsonFile(file());
    expect(!read.ok && read.code).toBe("too-large");
  });
});

describe("confinedPath", () => {
  it("joins segments inside the directory", () => {
    expect(confinedPath(tier, "specialists", "a.json")).toBe(path.join(tier, "specialists", "a.json"));
  });

  it.each([
    ["..", [".."]],
    ["../x", ["../x.json"]],
    ["a/../../x", ["specialists", "../../x.json"]],
    ["a sibling with the same prefix", ["..", "org-evil", "x.json"]],
    ["an absolute path", ["/etc/passwd"]],
    ["a NUL byte", ["specialists", "a\0.json"]],
    ["the directory itself", ["."]],
  ])("refuses %s", (_what, segments) => {
    let thrown: unknown;
    try {
      confinedPath(tier, ...segments);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe("invalid");
  });
});

describe("commitFiles", () => {
  it("writes every file, deletes the null ones, and leaves no transaction directory", async () => {
    await fs.writeFile(path.join(tier, "specialists", "gone.json"), "{}\n");
    await fs.writeFile(path.join(tier, "specialists", "s0.json"), '{"old":true}\n');
    const changes = [
      ...Array.from({ length: 8 }, (_, i) => ({ rel: `specialists/s${i}.json`, content: `{"n":${i}}\n` })),
      { rel: "teams/t.json", content: '{"team":true}\n' },
      { rel: "specialists/gone.json", content: null },
    ];
    await commitFiles(tier, changes);
    const tree = await treeOf(tier);
    expect([...tree.keys()].filter((k) => tree.get(k) !== "<dir>").sort()).toEqual(
      [...Array.from({ length: 8 }, (_, i) => `specialists/s${i}.json`), "teams/t.json"].sort(),
    );
    for (let i = 0; i < 8; i++) expect(tree.get(`specialists/s${i}.json`)).toBe(`{"n":${i}}\n`);
    expect(tree.get("teams/t.json")).toBe('{"team":true}\n');
    expect([...tree.keys()].filter((k) => k.includes(".txn-") || k.includes(".studio-tmp"))).toEqual([]);
  });

  it("refuses a path outside the tier and a symlinked section, writing nothing", async () => {
    const before = await treeOf(base);
    expect(
      (
        await rejection(
          commitFiles(tier, [
            { rel: "specialists/ok.json", content: "{}" },
            { rel: "../escape.json", content: "{}" },
          ]),
        )
      ).code,
    ).toBe("invalid");
    expect(await treeOf(base)).toEqual(before);
    await fs.symlink(outside, path.join(tier, "teams"));
    expect(
      (
        await rejection(
          commitFiles(tier, [
            { rel: "specialists/ok.json", content: "{}" },
            { rel: "teams/t.json", content: "{}" },
          ]),
        )
      ).code,
    ).toBe("forbidden");
    expect(await fs.readdir(outside)).toEqual([]);
    expect(await filesUnder(tier)).toEqual(["teams"]);
  });
});

describe("recoverTier (on-disk states a crash leaves, built by hand)", () => {
  const OLD_A = '{"id":"a","v":"old"}\n';
  const OLD_B = '{"id":"b","v":"old"}\n';

  beforeEach(async () => {
    await fs.writeFile(path.join(tier, "specialists", "a.json"), OLD_A);
    await fs.writeFile(path.join(tier, "specialists", "b.json"), OLD_B);
  });

  it("discards an uncommitted staging directory and leaves the old files untouched", async () => {
    const staging = path.join(tier, ".txn-lx1-deadbeef");
    await fs.mkdir(staging);
    await fs.writeFile(path.join(staging, "f0.json"), '{"id":"a","v":"new"}\n');
    await fs.writeFile(path.join(staging, "f1.json"), '{"id":"b","v":"new"}\n');
    await fs.writeFile(
      path.join(staging, "plan.json"),
      JSON.stringify({
        changes: [
          { rel: "specialists/a.json", staged: "f0.json" },
          { rel: "specialists/b.json", staged: "f1.json" },
        ],
      }),
    );
    // A staging directory whose plan was never written (killed while staging).
    await fs.mkdir(path.join(tier, ".txn-lx2-cafebabe"));
    await fs.writeFile(path.join(tier, ".txn-lx2-cafebabe", "f0.json"), '{"half":');

    expect(tierNeedsRecovery(tier)).toBe(true);
    expect(await recoverTier(tier)).toEqual({ rolledForward: 0, discarded: 2, tempsRemoved: 0 });
    expect(tierNeedsRecovery(tier)).toBe(false);
    expect(await treeOf(tier)).toEqual(
      new Map([
        ["specialists", "<dir>"],
        ["specialists/a.json", OLD_A],
        ["specialists/b.json", OLD_B],
      ]),
    );
  });

  it("rolls a committed transaction forward, including one whose apply was interrupted half-way", async () => {
    const committed = path.join(tier, ".txn-lx3-0badf00d.committed");
    await fs.mkdir(committed);
    const plan = {
      changes: [
        { rel: "specialists/a.json", staged: "f0.json" },
        { rel: "specialists/b.json", staged: "f1.json" },
        { rel: "teams/t.json", staged: "f2.json" },
        { rel: "specialists/gone.json", staged: null },
      ],
    };
    await fs.writeFile(path.join(committed, "plan.json"), JSON.stringify(plan));
    // f0 was already renamed into place before the crash: a.json is new, f0.json is gone.
    await fs.writeFile(path.join(tier, "specialists", "a.json"), '{"id":"a","v":"new"}\n');
    await fs.writeFile(path.join(committed, "f1.json"), '{"id":"b","v":"new"}\n');
    await fs.writeFile(path.join(committed, "f2.json"), '{"id":"t","v":"new"}\n');
    await fs.writeFile(path.join(tier, "specialists", "gone.json"), "{}\n");

    expect(tierNeedsRecovery(tier)).toBe(true);
    expect(await recoverTier(tier)).toEqual({ rolledForward: 1, discarded: 0, tempsRemoved: 0 });
    expect(tierNeedsRecovery(tier)).toBe(false);
    expect(await treeOf(tier)).toEqual(
      new Map([
        ["specialists", "<dir>"],
        ["specialists/a.json", '{"id":"a","v":"new"}\n'],
        ["specialists/b.json", '{"id":"b","v":"new"}\n'],
        ["teams", "<dir>"],
        ["teams/t.json", '{"id":"t","v":"new"}\n'],
      ]),
    );
    expect(await recoverTier(tier)).toEqual({ rolledForward: 0, discarded: 0, tempsRemoved: 0 });
  });

  it("removes leftover temp files and nothing else", async () => {
    await fs.writeFile(path.join(tier, "specialists", `.a.json.4242-abcd1234.studio-tmp`), '{"id":"a","v":"to');
    await fs.mkdir(path.join(tier, "teams"));
    await fs.writeFile(path.join(tier, "teams", `.t.json.99-00ff00ff.studio-tmp`), "");
    await fs.writeFile(path.join(tier, "specialists", ".notes.md"), "kept");
    expect(tierNeedsRecovery(tier)).toBe(true);
    expect(await recoverTier(tier)).toEqual({ rolledForward: 0, discarded: 0, tempsRemoved: 2 });
    expect(tierNeedsRecovery(tier)).toBe(false);
    expect(await treeOf(tier)).toEqual(
      new Map([
        ["specialists", "<dir>"],
        ["specialists/.notes.md", "kept"],
        ["specialists/a.json", OLD_A],
        ["specialists/b.json", OLD_B],
        ["teams", "<dir>"],
      ]),
    );
  });

  it("is a no-op on a tier that does not exist", async () => {
    expect(tierNeedsRecovery(path.join(base, "nowhere"))).toBe(false);
    expect(await recoverTier(path.join(base, "nowhere"))).toEqual({ rolledForward: 0, discarded: 0, tempsRemoved: 0 });
  });

  it("finds nothing to do in a clean tier, dot files and the lock's own files included", async () => {
    await fs.writeFile(path.join(tier, "specialists", ".notes.md"), "kept");
    await fs.writeFile(path.join(tier, ".studio.lock"), "1");
    expect(tierNeedsRecovery(tier)).toBe(false);
  });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"]);
  expect(child.pid).toBeGreaterThan(0);
  return child.pid!;
}

describe("withTierLock", () => {
  const lockFile = () => path.join(tier, ".studio.lock");

  it("serialises concurrent callers in call order, holding a lock file naming this process", async () => {
    let active = 0;
    let maxActive = 0;
    const order: number[] = [];
    const holders: string[] = [];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        withTierLock(tier, async () => {
          active++;
          maxActive = Math.max(maxActive, active);
          holders.push(await fs.readFile(lockFile(), "utf8"));
          for (let k = 0; k < 3; k++) await new Promise((resolve) => setImmediate(resolve));
          order.push(i);
          active--;
          return i * 2;
        }),
      ),
    );
    expect(maxActive).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(new Set(holders)).toEqual(new Set([String(process.pid)]));
    expect(await fs.readdir(tier)).not.toContain(".studio.lock");
  });

  it("releases the lock when the callback throws", async () => {
    await expect(
      withTierLock(tier, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await withTierLock(tier, async () => "next")).toBe("next");
    expect(await fs.readdir(tier)).not.toContain(".studio.lock");
  });

  it("steals a lock file whose pid is dead (a holder killed with -9)", async () => {
    await fs.writeFile(lockFile(), String(deadPid()));
    const started = Date.now();
    expect(await withTierLock(tier, async () => fs.readFile(lockFile(), "utf8"))).toBe(String(process.pid));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await fs.readdir(tier)).not.toContain(".studio.lock");
  });

  it("waits for a live holder and goes ahead once it dies", async () => {
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await fs.writeFile(lockFile(), String(holder.pid));
      let ran = false;
      const pending = withTierLock(tier, async () => {
        ran = true;
      });
      // A bounded look: the waiter retries every few ms, so a stolen live lock would show at once.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(ran).toBe(false);
      expect(await fs.readFile(lockFile(), "utf8")).toBe(String(holder.pid));
      holder.kill("SIGKILL");
      await pending;
      expect(ran).toBe(true);
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("does not stay blocked by an empty lock file a crash left between create and write", async () => {
    // `writeFile(lock, pid, { flag: "wx" })` is open(O_CREAT|O_EXCL) then write: a kill -9 or a
    // power loss in between leaves a zero-length lock that names no pid. An hour old, it is stale.
    await fs.writeFile(lockFile(), "");
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await fs.utimes(lockFile(), anHourAgo, anHourAgo);
    await expect(withTierLock(tier, async () => "ran")).resolves.toBe("ran");
  }, 20_000);

  it("keeps separate tiers independent", async () => {
    const other = path.join(base, "other-tier");
    const events: string[] = [];
    let releaseFirst!: () => void;
    const first = withTierLock(
      tier,
      () =>
        new Promise<void>((resolve) => {
          events.push("first-start");
          releaseFirst = resolve;
        }),
    );
    await until(() => (events.length ? true : undefined), "the first holder to start");
    await withTierLock(other, async () => {
      events.push("other");
    });
    releaseFirst();
    await first;
    expect(events).toEqual(["first-start", "other"]);
  });
});
