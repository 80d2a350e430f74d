import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { renderTestRun } from "@/lib/org-tests/run";
import { composeServices } from "../compose";

export const TEST_USAGE = "  construct-studio test [--root DIR] [--format text|json|github]";

/** `test`: runs every org test; exit 1 when any case fails or is malformed, 0 when all pass. */
export async function testCommand(args: string[]): Promise<number> {
  let values: { root?: string; format?: string };
  try {
    values = parseArgs({
      args,
      options: { root: { type: "string" }, format: { type: "string", default: "text" } },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage:\n${TEST_USAGE}\n`);
    return 2;
  }
  const format = values.format ?? "text";
  if (!["text", "json", "github"].includes(format)) {
    process.stderr.write(`unknown --format ${format}\nusage:\n${TEST_USAGE}\n`);
    return 2;
  }
  if (values.root && !existsSync(values.root)) {
    process.stderr.write(`--root ${values.root} does not exist\n`);
    return 2;
  }
  // The same services as the server, from the one composition root.
  const service = composeServices({ root: values.root }).tests;
  const run = await service.run();
  process.stdout.write(
    format === "json" ? `${JSON.stringify(run, null, 2)}\n` : renderTestRun(run, format as "text" | "github"),
  );
  if (!run.results.length && !run.problems.length) process.stderr.write(`no org tests in ${service.testsDir}\n`);
  return run.summary.failed || run.summary.invalid ? 1 : 0;
}
