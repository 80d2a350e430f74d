import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { APP_DIR, makeTmpDirs, specialistRecord } from "@/test/support/temp-project";
import { loadTier } from "../org/tier-read";
import { ALL_FOLDERS } from "../org/tiers";
import { MAX_FILE_BYTES } from "./read";
import { readerThread, startReaderThread, stopReaderThread } from "./reader-thread";

/** The reader thread gives the same tier as reading on the main thread, for every kind of file a tier can hold. */

let base: string;
let root: string;
let tier: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-reader-");
  base = tmp.base;
  root = tmp.root;
  cleanup = tmp.cleanup;
  tier = path.join(root, ".cx", "org");
});

afterEach(async () => {
  await cleanup();
});

afterAll(async () => {
  await stopReaderThread();
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A tier holding every awkward entry the loader names, and more files than one batch. */
async function awkwardTier(): Promise<void> {
  const specialists = path.join(tier, "specialists");
  const contracts = path.join(tier, "contracts");
  await fs.mkdir(specialists, { recursive: true });
  await fs.mkdir(contracts, { recursive: true });
  await fs.mkdir(path.join(base, "elsewhere"), { recursive: true });
  for (let i = 0; i < 600; i++)
    await fs.writeFile(path.join(specialists, `s-${i}.json`), json(specialistRecord(`s-${i}`)));
  const files: Record<string, string | Buffer> = {
    "bom.json": `\uFEFF${json(specialistRecord("bom"))}`,
    "broken.json": '{"id": "broken",',
    "conflict.json": '<<<<<<< ours\n{"id":"conflict"}\n=======\n{"id":"conflict"}\n>>>>>>> theirs\n',
    "not-utf8.json": Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    "replacement.json": json(specialistRecord("replacement", { description: "a real \uFFFD in the text" })),
    "list.json": "[1, 2]",
    "named-else.json": json(specialistRecord("other-name")),
    "twin.json": json(specialistRecord("s-1")),
    "Bad_Name.json": json(specialistRecord("bad")),
    "duplicate-key.json": '{"id": "duplicate-key", "id": "again"}',
    "too-large.json": `{"id": "too-large", "pad": "${"x".repeat(MAX_FILE_BYTES)}"}`,
    ".hidden.json": json(specialistRecord("hidden")),
    "notes.md": "not a record",
  };
  for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(specialists, name), content);
  await fs.writeFile(path.join(base, "elsewhere", "target.json"), json(specialistRecord("linked")));
  await fs.symlink(path.join(base, "elsewhere", "target.json"), path.join(specialists, "linked.json"));
  await fs.mkdir(path.join(specialists, "folder.json"));
  execFileSync("mkfifo", [path.join(specialists, "pipe.json")]);
  // A linked section folder is named once and not read.
  await fs.symlink(path.join(base, "elsewhere"), path.join(tier, "teams"));
  await fs.writeFile(path.join(contracts, "c-1.json"), json({ id: "c-1", producer: "s-1", consumer: "s-2" }));
}

describe("the org reader thread", () => {
  it("loads a tier exactly as the main thread does: records, keys, ETags, paths and every problem", async () => {
    await awkwardTier();
    const here = await loadTier("project", tier, root, ALL_FOLDERS, null);
    expect(await startReaderThread()).toBe(true);
    expect(readerThread()).not.toBeNull();
    // A read in flight holds the event loop open, as a read on the main thread would; an idle thread does not.
    const ports = () => process.getActiveResourcesInfo().filter((r) => r === "MessagePort").length;
    const idle = ports();

    const loading = loadTier("project", tier, root);

    expect(ports()).toBe(idle + 1);
    const threaded = await loading;
    expect(ports()).toBe(idle);
    expect(threaded).toEqual(here);
    // What the comparison covers, so an empty tier cannot pass it.
    expect(here.entities.specialists.size).toBe(603);
    expect(here.entities.contracts.size).toBe(1);
    expect(here.problems.map((p) => p.id).sort()).toEqual(
      [
        "file-conflict-markers",
        "file-duplicate-key",
        "file-id-duplicate",
        "file-id-mismatch",
        "file-id-mismatch",
        "file-invalid-utf8",
        "file-not-an-object",
        "file-not-regular",
        "file-not-regular",
        "file-symlink",
        "file-syntax",
        "file-too-large",
        "folder-symlink",
        "invalid-file-name",
      ].sort(),
    );
  });

  it("finishes a load on the main thread when the thread goes away in the middle of it", async () => {
    await awkwardTier();
    const here = await loadTier("project", tier, root, ALL_FOLDERS, null);
    expect(await startReaderThread()).toBe(true);
    const loading = loadTier("project", tier, root);
    await stopReaderThread();
    expect(await loading).toEqual(here);
    expect(readerThread()).toBeNull();
  });

  it("starts after a load of a thousand files or more, and lets a process exit once idle", async () => {
    const specialists = path.join(tier, "specialists");
    await fs.mkdir(specialists, { recursive: true });
    for (let i = 0; i < 1200; i++)
      await fs.writeFile(path.join(specialists, `s-${i}.json`), json(specialistRecord(`s-${i}`)));
    const small = path.join(base, "small", "org");
    await fs.mkdir(path.join(small, "specialists"), { recursive: true });
    for (let i = 0; i < 20; i++)
      await fs.writeFile(path.join(small, "specialists", `s-${i}.json`), json(specialistRecord(`s-${i}`)));
    // A small tier starts nothing; a big one starts the thread, and the next load reads through it
    // with nothing else keeping the event loop alive. The process must then end by itself.
    const script = `
      import { loadTier } from "@/server/org/tier-read";
      import { readerThread, readerThreadOnline } from "@/server/store/reader-thread";
      const small = await loadTier("project", ${JSON.stringify(small)}, ${JSON.stringify(base)});
      const afterSmall = await readerThreadOnline();
      const first = await loadTier("project", ${JSON.stringify(tier)}, ${JSON.stringify(root)});
      const afterBig = await readerThreadOnline();
      const threaded = readerThread() !== null;
      const second = await loadTier("project", ${JSON.stringify(tier)}, ${JSON.stringify(root)});
      console.log(JSON.stringify({ small: small.entities.specialists.size, afterSmall, first: first.entities.specialists.size, afterBig, threaded, second: second.entities.specialists.size }));
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: APP_DIR,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      small: 20,
      afterSmall: false,
      first: 1200,
      afterBig: true,
      threaded: true,
      second: 1200,
    });
    expect(run.status).toBe(0);

    // A process whose one big load started the thread, and that never used it, ends too.
    const once = `
      import { loadTier } from "@/server/org/tier-read";
      import { readerThreadOnline, stopReaderThread } from "@/server/store/reader-thread";
      await loadTier("project", ${JSON.stringify(tier)}, ${JSON.stringify(root)});
      setTimeout(async () => console.log(await readerThreadOnline()), 500);
      // And stopping the thread while it idles waits for it to end.
      setTimeout(async () => {
        await stopReaderThread();
        console.log("stopped");
      }, 700);
    `;
    const idle = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", once], {
      cwd: APP_DIR,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(idle.error).toBeUndefined();
    expect(idle.stdout.trim().split("\n")).toEqual(["true", "stopped"]);
    expect(idle.status).toBe(0);

    // Stopping a thread whose start the process has not heard of yet (its main thread was busy) waits for it to end.
    const stop = `
      import { startReaderThread, stopReaderThread } from "@/server/store/reader-thread";
      void startReaderThread();
      const until = Date.now() + 500;
      while (Date.now() < until);
      await stopReaderThread();
      console.log("stopped");
    `;
    const stopped = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", stop], {
      cwd: APP_DIR,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(stopped.stdout.trim()).toBe("stopped");
    expect(stopped.status).toBe(0);
  });
});
