import { performance } from "node:perf_hooks";

/** The value below which `p` percent of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs `fn` `warmup` times untimed, then `runs` times timed, and returns the milliseconds of each
 * timed run. A full collection before each run (when `--expose-gc` is on) keeps one run's garbage
 * out of the next one's figure.
 */
export async function sample(
  fn: () => unknown,
  opts: { runs: number; warmup?: number; collect?: boolean },
): Promise<number[]> {
  for (let i = 0; i < (opts.warmup ?? 1); i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    if (opts.collect !== false) gc?.();
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

/**
 * Samples functions in turn (a, b, c, a, b, c, …) so that all of them see the same state of the
 * machine (page cache, CPU frequency, other load) and their ratios are fair.
 */
export async function sampleAlternately(
  fns: readonly (() => unknown)[],
  opts: { runs: number; warmup?: number },
): Promise<number[][]> {
  const out = fns.map(() => [] as number[]);
  for (let i = 0; i < (opts.warmup ?? 1); i++) for (const fn of fns) await fn();
  for (let i = 0; i < opts.runs; i++) {
    for (const [k, fn] of fns.entries()) {
      gc?.();
      const start = performance.now();
      await fn();
      out[k].push(performance.now() - start);
    }
  }
  return out;
}

export const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);
