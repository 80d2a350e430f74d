import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { historyText } from "@/lib/access/history";
import { unusedText } from "@/lib/activity/render";
import type { Reach } from "@/schemas/access";
import { parseLimit } from "../access/history";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { checkSince } from "./activity";
import { exitOf, UsageError } from "./output";

function renderReach(reach: Reach): string {
  const who = reach.kind === "worker-profile" ? "worker profile" : "specialist";
  const out = [`${reach.id} (${who}) can reach, through handoffs and contracts:`];
  for (const e of reach.entries) out.push(`  ${e.text}`);
  if (!reach.entries.length) out.push("  nothing: no one on the way grants anything");
  if (reach.escalations.length) {
    out.push("escalating, also:");
    for (const e of reach.escalations) out.push(`  ${e.text}`);
  }
  if (reach.invalid.length) {
    out.push("left out, granting nothing:");
    for (const i of reach.invalid) out.push(`  ${i.holder} ${i.list} ${JSON.stringify(i.entry)}: ${i.message}`);
  }
  for (const n of reach.notes) out.push(`note: ${n.id}: ${n.message}`);
  const others = reach.reached.length - 1;
  out.push(
    `${reach.entries.length} entr${reach.entries.length === 1 ? "y" : "ies"} through ${others} other${others === 1 ? "" : "s"}` +
      (reach.escalatedTo.length
        ? `; ${reach.escalations.length} more by escalating to ${reach.escalatedTo.length}`
        : ""),
  );
  return `${out.join("\n")}\n`;
}

/**
 * `access ID`: what a task that starts with one specialist can end up doing; `--history`, the commits
 * that widened or narrowed it; `--unused`, its fence entries' recorded use. Exit 0 answered (outside git too, with a note), 1 unknown id.
 */
export async function accessCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      root: { type: "string" },
      format: { type: "string", default: "text" },
      history: { type: "boolean", default: false },
      limit: { type: "string" },
      unused: { type: "boolean", default: false },
      since: { type: "string" },
    },
  });
  if (values.format !== "text" && values.format !== "json") throw new UsageError(`unknown --format ${values.format}`);
  if (positionals.length !== 1) throw new UsageError("access takes one specialist (or worker profile) id");
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  if (values.limit !== undefined && !values.history) throw new UsageError("--limit goes with --history");
  if (values.unused && values.history) throw new UsageError("give --unused or --history, not both");
  if (values.since !== undefined && !values.unused) throw new UsageError("--since goes with --unused");
  const since = checkSince(values.since);
  let limit: number | undefined;
  try {
    limit = parseLimit(values.limit);
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`);
  }
  const { org, accessHistory, activity } = composeServices({ root: values.root });
  try {
    if (values.unused) {
      const unused = await activity.unused(positionals[0], { since });
      process.stdout.write(values.format === "json" ? `${JSON.stringify(unused, null, 2)}\n` : unusedText(unused));
      return 0;
    }
    if (values.history) {
      const history = await accessHistory.history(positionals[0], { limit });
      process.stdout.write(values.format === "json" ? `${JSON.stringify(history, null, 2)}\n` : historyText(history));
      return 0;
    }
    const reach = await org.access(positionals[0]);
    process.stdout.write(values.format === "json" ? `${JSON.stringify(reach, null, 2)}\n` : renderReach(reach));
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`access: ${error.message}\n`);
    return exitOf(error);
  } finally {
    org.close();
  }
}
