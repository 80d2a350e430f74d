import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { exitOf, UsageError } from "./output";

/**
 * Rewrites the `.gitignore` rule that hides the project tier from git, printing the diff first.
 * Exit codes: 0 fixed, nothing to fix, or a dry run that shows the change; 1 a refusal.
 */
export async function fixIgnoreCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { root: { type: "string" }, "dry-run": { type: "boolean" } } });
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  const services = composeServices({ root: values.root });
  const status = await services.gitIgnore.status({ fresh: true });
  if (!status.ignored) {
    process.stdout.write(
      `git does not ignore what the studio writes in ${status.tier.replace(/\/org$/, "")}/: nothing to fix\n`,
    );
    return 0;
  }
  if (!status.diff || !status.etag) {
    process.stderr.write(`${status.problem?.message ?? status.unfixable?.message}\n`);
    return 1;
  }
  process.stdout.write(status.diff);
  if (values["dry-run"]) {
    process.stdout.write(`dry run: ${status.file} is unchanged; run without --dry-run to apply this\n`);
    return 0;
  }
  try {
    const result = await services.fixGitIgnore({ ifMatch: status.etag });
    if (result.status.ignored) {
      process.stderr.write(
        `${status.file} was changed, but git still ignores ${result.status.hidden.join(", ")}: ${result.status.problem?.message}\n`,
      );
      return 1;
    }
    process.stdout.write(
      `${status.file} changed: git sees ${status.hidden.join(", ")} again; the rest of ${status.tier.replace(/\/org$/, "")}/ stays ignored\n`,
    );
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    return exitOf(error);
  }
}
