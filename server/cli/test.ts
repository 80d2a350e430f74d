import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { belowMinCoverage, formatPercent, renderCoverage } from "@/lib/org-tests/coverage";
import { renderTestRun } from "@/lib/org-tests/run";
import { composeServices } from "../compose";
import { UsageError } from "./output";

/** `--min-coverage`'s value as a number, or why it is not a percentage. */
function minCoverageOf(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  return n >= 0 && n <= 100 ? n : `--min-coverage takes a percentage from 0 to 100, not ${JSON.stringify(value)}`;
}

/**
 * `test`: runs every org test; exit 1 when any case fails or is malformed, or when fence coverage is
 * below `--min-coverage`; 0 when all pass.
 */
export async function testCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      root: { type: "string" },
      format: { type: "string", default: "text" },
      coverage: { type: "boolean" },
      "min-coverage": { type: "string" },
    },
  });
  const format = values.format ?? "text";
  if (!["text", "json", "github"].includes(format)) throw new UsageError(`unknown --format ${format}`);
  const min = minCoverageOf(values["min-coverage"]);
  if (typeof min === "string") throw new UsageError(min);
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  // The same services as the server, from the one composition root.
  const service = composeServices({ root: values.root }).tests;
  const run = await service.run(undefined, { coverage: values.coverage || min !== undefined });
  const coverage = run.coverage;
  if (format === "json") process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
  else
    process.stdout.write(renderTestRun(run, format as "text" | "github") + (coverage ? renderCoverage(coverage) : ""));
  if (!run.results.length && !run.problems.length) process.stderr.write(`no org tests in ${service.testsDir}\n`);
  const below = coverage && min !== undefined && belowMinCoverage(coverage, min);
  if (below) {
    const message = `fence coverage ${formatPercent(coverage.percent)} is below --min-coverage ${min}%`;
    process.stderr.write(`${message}\n`);
    if (format === "github") process.stdout.write(`::error title=org test coverage::${message}\n`);
  }
  return run.summary.failed || run.summary.invalid || below ? 1 : 0;
}
