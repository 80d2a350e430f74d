import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { composeServices } from "../compose";
import { changeTrust, constructStatus } from "../construct/status";
import { AppError, isAppError } from "../errors";
import { exitOf, UsageError } from "./output";

/**
 * `trust`: lets the project's own Construct install run its validators (once per project and package),
 * `--revoke` forgets it, `--status` only says where things stand. Exit 0 done, 1 refused.
 */
export async function trustCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      root: { type: "string" },
      revoke: { type: "boolean", default: false },
      status: { type: "boolean", default: false },
      format: { type: "string", default: "text" },
    },
  });
  if (values.format !== "text" && values.format !== "json") throw new UsageError(`unknown --format ${values.format}`);
  if (values.revoke && values.status) throw new UsageError("give --revoke or --status, not both");
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  const { paths } = composeServices({ root: values.root }).org;
  let status: ReturnType<typeof constructStatus>;
  try {
    // Where there is no package to trust, even asking where trust stands has no answer.
    const absent = paths.adapter.absent.trust;
    if (absent) throw new AppError("not_in_generation", absent);
    status = values.status ? constructStatus(paths) : await changeTrust(paths, { revoke: values.revoke });
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`trust: ${error.message}\n`);
    return exitOf(error);
  }
  if (values.format === "json") process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else {
    const pkg = status.version ? `Construct ${status.version} (${status.source})` : "no Construct 2.x package";
    process.stdout.write(`${pkg} in ${paths.root}: ${status.trusted ? "trusted" : "not trusted"}; ${status.trust}\n`);
  }
  return 0;
}
