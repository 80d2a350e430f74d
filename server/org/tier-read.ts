import { type Dirent, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fieldError } from "@/lib/org/field-error";
import type { Scope, Section } from "@/schemas/kinds";
import { parsedListedText, readJsonFileSync, readListedJsonFileSync } from "../store/read";
import { type ReaderThread, ReaderThreadGone, readerThread, startReaderThread } from "../store/reader-thread";
import {
  ALL_FOLDERS,
  addEntry,
  byFileName,
  displayPath,
  emptyTier,
  isRecordFileName,
  type TierData,
  type TierFolder,
} from "./tiers";

// Tiers are read with synchronous calls, in slices of this many ms, so requests and events still run.
const SLICE_MS = 10;

/** A folder of a tier to read: its section, where it is, and the prefixes of its files' paths. */
type FolderJob = { section: Section; dir: string; shownPrefix: string; filePrefix: string };

// A tier this big makes the process start its reader thread, for the loads that follow.
const THREAD_MIN_FILES = 1000;

/**
 * Reads `<dir>/<folder>/<id>.json` for each of `folders` (by default every section); a broken file
 * becomes a FieldError naming it, and the rest loads. Through the process's reader thread when it
 * runs; `thread: null` reads on this thread only.
 */
export async function loadTier(
  scope: Scope,
  dir: string,
  displayBase: string,
  folders: readonly TierFolder[] = ALL_FOLDERS,
  thread: ReaderThread | null = readerThread(),
): Promise<TierData> {
  const tier = emptyTier(scope, dir);
  const jobs = tierJobs(tier, folders, displayBase);
  if (!thread) {
    await readHere(tier, jobs);
    return tier;
  }
  try {
    await readWithThread(thread, tier, jobs);
    return tier;
  } catch (error) {
    if (!(error instanceof ReaderThreadGone)) throw error;
    // The thread went away mid-read: read the whole tier here instead.
    return loadTier(scope, dir, displayBase, folders, null);
  }
}

/** The folders to read; a linked tier or folder becomes a FieldError instead. */
function tierJobs(tier: TierData, folders: readonly TierFolder[], displayBase: string): FolderJob[] {
  const isLink = (p: string) => {
    try {
      return lstatSync(p).isSymbolicLink();
    } catch {
      return false;
    }
  };
  const tierLinked = isLink(tier.dir);
  const jobs: FolderJob[] = [];
  for (const { section, folder } of folders) {
    const sectionDir = path.join(tier.dir, folder);
    // readdir follows a linked folder, whose files would then pass as regular files of this tier.
    const linked = tierLinked ? tier.dir : isLink(sectionDir) ? sectionDir : null;
    if (linked) {
      const shown = displayPath(linked, displayBase);
      tier.problems.push({
        ...fieldError(
          "folder-symlink",
          "error",
          `${shown}: is a symbolic link; org folders must be real folders inside their tier, so the ${section} in it are ignored until it is fixed`,
          section,
          "",
        ),
        path: shown,
      });
      continue;
    }
    // Each file's paths join one prefix per folder to its name: one string piece per file, not two.
    jobs.push({
      section,
      dir: sectionDir,
      shownPrefix: `${displayPath(sectionDir, displayBase)}/`,
      filePrefix: `${sectionDir}${path.sep}`,
    });
  }
  return jobs;
}

async function readHere(tier: TierData, jobs: readonly FolderJob[]): Promise<void> {
  let listed = 0;
  for (const job of jobs) {
    let entries: Dirent[];
    try {
      entries = readdirSync(job.dir, { withFileTypes: true }).filter((e) => isRecordFileName(e.name));
    } catch {
      continue;
    }
    entries.sort(byFileName);
    listed += entries.length;
    let sliceStart = performance.now();
    for (const entry of entries) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      const name = entry.name;
      const file = job.filePrefix + name;
      // Anything but a regular file (a link, a folder, a FIFO) goes the careful way, which names it.
      addEntry(tier, job.section, job.shownPrefix + name, name, file, () =>
        entry.isFile() ? readListedJsonFileSync(file) : readJsonFileSync(file),
      );
    }
  }
  if (listed >= THREAD_MIN_FILES) void startReaderThread();
}

/** The reader thread lists and reads; each batch is parsed here as it arrives, while the thread reads the next. */
function readWithThread(thread: ReaderThread, tier: TierData, jobs: readonly FolderJob[]): Promise<void> {
  return thread.read(
    jobs.map((job) => job.dir),
    ({ folder, names, texts }) => {
      const job = jobs[folder];
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const file = job.filePrefix + name;
        const text = texts[i];
        // What the thread did not read (not a regular file, gone) goes the careful way, which names it.
        addEntry(tier, job.section, job.shownPrefix + name, name, file, () =>
          text === null ? readJsonFileSync(file) : parsedListedText(text, file),
        );
      }
    },
  );
}
