import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { GENERATIONS } from "@/schemas/kinds";
import { composeServices } from "../compose";
import { generationAdapter } from "../config";
import type { Migration } from "../generations/adapter";
import { UsageError } from "./output";

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
  // The generation to move to is one whose adapter takes an earlier org in.
  const to = GENERATIONS.find((g) => g === values.to && generationAdapter(g).migration);
  if (!to) throw new UsageError("migrate needs --to 2: the generation to move the org to");
  if (values.scope !== "project" && values.scope !== "user") throw new UsageError(`unknown --scope ${values.scope}`);
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  return { root: values.root, scope: values.scope as "project" | "user", dryRun: values["dry-run"], to };
}

/**
 * `migrate --to 2`: the tier's specialists become custom worker profiles, written all together or not
 * at all; the earlier org's files are left in place. Exit 0 when written (or on a clean dry run), 1 on a refusal.
 */
export async function migrateCommand(args: string[]): Promise<number> {
  const { root, scope, dryRun, to } = parse(args);
  const { paths } = composeServices({ root });
  const outcome = await (generationAdapter(to).migration as Migration).run(paths, { scope, dryRun });
  process.stdout.write(outcome.report);
  if (outcome.refused.length) {
    process.stderr.write(
      `migrate: refused, nothing written:\n${outcome.refused.map((r) => `  ${r.message}\n`).join("")}`,
    );
    return 1;
  }
  if (outcome.written) process.stdout.write(`${outcome.written} file(s) written\n`);
  return 0;
}
