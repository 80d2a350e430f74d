import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { validateDraft, validateOrg } from "@/lib/org/validate";
import { SECTIONS } from "@/schemas/kinds";
import type { StudioPaths } from "@/server/config";
import { OrgApi } from "@/server/org/org-api";
import { readerThreadOnline, stopReaderThread } from "@/server/store/reader-thread";
import { specialistId } from "./generate-org";
import { median, sample, sampleAlternately } from "./stats";

export type InProcess = {
  coldLoadMs: number;
  floorMs: number;
  /** Median of each cold load over the floor measured right after it: steadier than a ratio of medians on a busy machine. */
  coldOverFloor: number;
  /** The floor keeping every parsed value, as a load must: the garbage collector's share of holding the org. */
  floorKeepMs: number;
  /** A cold load that reads every file on the main thread, as the first load of a process does, and one of a small org. */
  mainThreadMs: number;
  /** Whether the cold loads read through the reader thread (a tier of at least a thousand files starts it). */
  threaded: boolean;
  fullValidateMs: number;
  draftValidateMs: number;
  /** `OrgApi.validateDraft` on a cached org: what the validate route does besides HTTP. */
  inProcessValidateMs: number;
  filesRead: number;
  errors: number;
  warnings: number;
};

/**
 * The floor for a cold load: list, read and `JSON.parse` the same files `loadTier` and
 * `loadSkills` read, in a plain synchronous loop, with nothing else. With `keep`, the parsed
 * values are kept in an array instead of dropped.
 */
export function floorLoad(paths: StudioPaths, keep = false): number {
  const kept: unknown[] = [];
  let files = 0;
  for (const dir of [paths.builtinOrgDir, paths.userOrgDir, paths.projectOrgDir]) {
    for (const section of SECTIONS) {
      let names: string[];
      try {
        names = readdirSync(path.join(dir, section));
      } catch {
        continue;
      }
      for (const name of names) {
        if (!name.endsWith(".json")) continue;
        const value = JSON.parse(readFileSync(path.join(dir, section, name), "utf8"));
        if (keep) kept.push(value);
        files++;
      }
    }
  }
  // Construct 2.x's skills folder also holds files beside its bundles.
  for (const bundle of readdirSync(paths.skillsDir, { withFileTypes: true })) {
    if (!bundle.isDirectory()) continue;
    for (const name of readdirSync(path.join(paths.skillsDir, bundle.name))) {
      const text = readFileSync(path.join(paths.skillsDir, bundle.name, name), "utf8");
      if (keep) kept.push(text);
      files++;
    }
  }
  return files;
}

/** A specialist of the middle of the org, edited as a form would: a new description and one more handoff. */
export function editedSpecialist(record: Record<string, unknown>, specialists: number): Record<string, unknown> {
  const other = specialistId(Math.max(1, Math.floor(specialists / 3))).replace(/^cx-/, "");
  const handoffs = (record.handoffCandidates as string[] | undefined) ?? [];
  return {
    ...record,
    description: `${record.description as string} Edited in the benchmark.`,
    handoffCandidates: [...handoffs.filter((r) => r !== other), other],
  };
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

export type ColdLoad = Pick<
  InProcess,
  "coldLoadMs" | "floorMs" | "coldOverFloor" | "floorKeepMs" | "mainThreadMs" | "threaded" | "filesRead"
>;

/**
 * A cold load (a new façade, nothing cached) against the floor, run alternately. The process has
 * loaded this org once, as a running server has before any reload: if the org is big enough to
 * start the reader thread, the thread is up.
 */
export async function measureColdLoad(paths: StudioPaths, runs: number): Promise<ColdLoad> {
  await stopReaderThread();
  // The first load of a process reads on the main thread; each run here stops the thread first.
  const mainThread: number[] = [];
  for (let i = 0; i <= runs; i++) {
    await stopReaderThread();
    collect();
    const start = performance.now();
    await new OrgApi(paths).snapshot();
    if (i > 0) mainThread.push(performance.now() - start);
  }
  const threaded = await readerThreadOnline();
  const [cold, floor, floorKeep] = await sampleAlternately(
    [
      async () => {
        // A new façade each time: nothing cached, as when the server starts.
        const api = new OrgApi(paths);
        await api.snapshot();
      },
      () => floorLoad(paths),
      () => floorLoad(paths, true),
    ],
    { runs, warmup: 1 },
  );
  return {
    coldLoadMs: median(cold),
    floorMs: median(floor),
    coldOverFloor: median(cold.map((c, i) => c / floor[i])),
    floorKeepMs: median(floorKeep),
    mainThreadMs: median(mainThread),
    threaded,
    filesRead: floorLoad(paths),
  };
}

export async function measureInProcess(paths: StudioPaths, specialists: number, runs: number): Promise<InProcess> {
  const load = await measureColdLoad(paths, runs);
  const api = new OrgApi(paths, { cache: true });
  try {
    const snap = await api.snapshot();
    const all = await api.validateAll();
    const full = await sample(() => validateOrg(snap.index), { runs, warmup: 1 });

    const target = snap.rows.specialists.get(specialistId(Math.ceil(specialists / 2)))!;
    const draft = editedSpecialist(target.record, specialists);
    const check = validateDraft(snap.index, "specialist", draft);
    if (!check.ok)
      throw new Error(`the benchmark's draft does not validate: ${check.errors.map((e) => e.message).join("; ")}`);
    // Draft checks take microseconds: many timed runs, no forced collection between them.
    const draftRuns = await sample(() => validateDraft(snap.index, "specialist", draft), {
      runs: 200,
      warmup: 20,
      collect: false,
    });
    const viaApi = await sample(() => api.validateDraft("specialist", draft), {
      runs: 200,
      warmup: 20,
      collect: false,
    });

    return {
      ...load,
      fullValidateMs: median(full),
      draftValidateMs: median(draftRuns),
      inProcessValidateMs: median(viaApi),
      errors: all.errors.length,
      warnings: all.warnings.length,
    };
  } finally {
    api.close();
  }
}
