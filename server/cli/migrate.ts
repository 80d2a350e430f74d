import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { composeServices } from "../compose";
import { generationAdapter } from "../config";
import { UsageError } from "./output";

export const MIGRATE_USAGE = "  construct-studio migrate --to 2 [--root DIR] [--scope project|user] [--dry-run]";

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      root: { type: "string" },
      to: { type: "string" },
      scope: { type: "string", default: "project" },
      "dry-run": { type: "boolean", default: false },
    },
  });
  if (positionals.length) throw new UsageError(`migrate takes no positional arguments (got ${positionals[0]})`);
  if (values.to !== "2") throw new UsageError("migrate needs --to 2: the generation to move the org to");
  if (values.scope !== "project" && values.scope !== "user") throw new UsageError(`unknown --scope ${values.scope}`);
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  return { root: values.root, scope: values.scope as "project" | "user", dryRun: values["dry-run"] };
}

/**
 * `migrate --to 2`: the tier's specialists become custom worker profiles, written all together or not
 * at all; the earlier org's files are left in place. Exit 0 when written (or on a clean dry run), 1 on a refusal.
 */
export async function migrateCommand(args: string[]): Promise<number> {
  const { root, scope, dryRun } = parse(args);
  const { paths } = composeServices({ root });
  const migration = generationAdapter("2").migration;
  if (!migration) throw new UsageError("this build of the studio cannot move an org to Construct 2.x");
  const outcome = await migration.run(paths, { scope, dryRun });
  process.stdout.write(outcome.report);
  if (outcome.refusals.length) {
    process.stderr.write(`migrate: refused, nothing written:\n${outcome.refusals.map((l) => `  ${l}\n`).join("")}`);
    return 1;
  }
  if (outcome.written) process.stdout.write(`${outcome.written} file(s) written\n`);
  return 0;
}
