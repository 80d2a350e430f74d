import { Worker } from "node:worker_threads";
import { READ_FLAGS } from "./read";

/**
 * A thread that lists org folders and reads their files while the main thread parses what it has
 * already read. Opening, checking and reading a file costs more than parsing it, so a big org loads
 * in about the time its parsing and merging take. Only names and texts cross over, in batches; every
 * decision about what a file holds stays with the main thread, which reads anything unusual itself.
 */

/** One batch of a folder's files, in the folder's sorted order. */
export type FolderBatch = {
  /** Which of the requested folders. */
  folder: number;
  /** The names read, each ending in `.json`, none starting with `.`. */
  names: string[];
  /** Each file's text; null for an entry that is not a regular file or could not be read, which the careful path reads. */
  texts: (string | null)[];
};

/** The thread went away mid-request: the caller reads the folders itself. */
export class ReaderThreadGone extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReaderThreadGone";
  }
}

// Plain CommonJS, evaluated as the thread's script: a bundler never sees a second entry point, and
// nothing a transpiler adds to our own modules (helpers, renamed imports) has to exist in the thread.
// Its filter and sort are `isRecordFileName` and `byFileName` (`server/org/tiers.ts`), written out:
// a test loads a tier of every awkward entry both ways and compares.
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const FLAGS = ${READ_FLAGS};
const BATCH = 256;
function readOne(file) {
  try {
    return fs.readFileSync(file, { encoding: "utf8", flag: FLAGS });
  } catch {
    return null;
  }
}
parentPort.on("message", ({ id, dirs }) => {
  for (let folder = 0; folder < dirs.length; folder++) {
    const dir = dirs[folder];
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries = entries.filter((e) => e.name.endsWith(".json") && !e.name.startsWith("."));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (let start = 0; start < entries.length; start += BATCH) {
      const slice = entries.slice(start, start + BATCH);
      const texts = slice.map((e) => (e.isFile() ? readOne(path.join(dir, e.name)) : null));
      parentPort.postMessage({ id, folder, names: slice.map((e) => e.name), texts });
    }
  }
  parentPort.postMessage({ id, done: true });
});
`;

type Request = { onBatch: (batch: FolderBatch) => void; resolve: () => void; reject: (error: Error) => void };

type ThreadMessage = { id: number; done: true } | ({ id: number; done?: undefined } & FolderBatch);

class ReaderThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Request>();
  private nextId = 1;
  ready = false;
  gone = false;
  readonly online: Promise<boolean>;

  constructor() {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      name: "construct-studio org reader",
      // Not the parent's flags: a loader or `--input-type=module` would make this script something else.
      execArgv: [],
    });
    this.online = new Promise((resolve) => {
      this.worker.once("online", () => {
        this.ready = !this.gone;
        // Idle, it must not keep a finished process (a CLI run, a test file) alive; starting, it
        // does, for whoever awaits it. Only now: adding a "message" listener refs a thread again.
        if (!this.gone && this.pending.size === 0) this.worker.unref();
        resolve(this.ready);
      });
      this.worker.once("exit", () => resolve(false));
    });
    this.worker.on("message", (message: ThreadMessage) => this.receive(message));
    this.worker.on("error", (error) => this.fail(`the org reader thread failed: ${error.message}`));
    this.worker.on("exit", (code) => this.fail(`the org reader thread exited (${code})`));
  }

  /** Lists and reads `dirs` in order, calling `onBatch` as each batch arrives; settles after the last. */
  read(dirs: readonly string[], onBatch: (batch: FolderBatch) => void): Promise<void> {
    if (this.gone) return Promise.reject(new ReaderThreadGone("the org reader thread is gone"));
    const id = this.nextId++;
    const done = new Promise<void>((resolve, reject) => this.pending.set(id, { onBatch, resolve, reject }));
    // A pending read keeps the process alive, as a read on the main thread would.
    if (this.pending.size === 1) this.worker.ref();
    this.worker.postMessage({ id, dirs });
    return done;
  }

  private receive(message: ThreadMessage): void {
    const request = this.pending.get(message.id);
    if (!request) return;
    if (message.done) {
      this.settle(message.id);
      request.resolve();
      return;
    }
    try {
      request.onBatch(message);
    } catch (error) {
      // The rest of this request's batches are dropped as they arrive.
      this.settle(message.id);
      request.reject(error as Error);
    }
  }

  private settle(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(message: string, closed = false): void {
    if (this.gone) return;
    if (!closed) console.warn(`[construct-studio] warning: ${message}; org files are read on the main thread`);
    this.gone = true;
    this.ready = false;
    for (const [id, request] of this.pending) {
      this.settle(id);
      request.reject(new ReaderThreadGone(message));
    }
  }

  close(): Promise<number> {
    this.fail("the org reader thread was closed", true);
    return this.worker.terminate();
  }
}

export type { ReaderThread };

// One thread per process: Next.js bundles a module once per route, and each copy would start its own.
const SLOT = Symbol.for("construct-studio.reader-thread");
const slot = globalThis as { [SLOT]?: ReaderThread };

/** The process's reader thread when it is up and running, else null (and nothing is started). */
export function readerThread(): ReaderThread | null {
  const thread = slot[SLOT];
  return thread?.ready ? thread : null;
}

/**
 * Starts the reader thread if it is not running, for the loads after this one; resolves true once
 * it is up. Starting takes tens of milliseconds on another core, so the load that asks goes on
 * without it.
 */
export function startReaderThread(): Promise<boolean> {
  let thread = slot[SLOT];
  if (!thread || thread.gone) {
    try {
      thread = new ReaderThread();
    } catch (error) {
      console.warn(
        `[construct-studio] warning: the org reader thread cannot start (${(error as Error).message}); org files are read on the main thread`,
      );
      return Promise.resolve(false);
    }
    slot[SLOT] = thread;
  }
  return thread.online;
}

/** Resolves true once a started reader thread is up, false when none was started or it failed. */
export function readerThreadOnline(): Promise<boolean> {
  return slot[SLOT]?.online ?? Promise.resolve(false);
}

/** Stops the reader thread; the next big load starts another. */
export async function stopReaderThread(): Promise<void> {
  const thread = slot[SLOT];
  slot[SLOT] = undefined;
  await thread?.close();
}
