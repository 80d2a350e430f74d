import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { sinceTime } from "@/lib/activity/record";
import { summaryText, verdictText } from "@/lib/activity/render";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { exitOf, UsageError } from "./output";

/** `--since` checked before anything is read, so a typo is a usage mistake (exit 2), not a finding. */
export function checkSince(since: string | undefined): string | undefined {
  if (since === undefined) return undefined;
  try {
    sinceTime(since, new Date());
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`);
  }
  return since;
}

/**
 * `activity`: what Construct's agents did, read from the project's activity records (or the trails
 * named) against the org. `--verify` prints each trail's chain verdict alone and exits 1 when one is
 * broken. Never writes.
 */
export async function activityCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      root: { type: "string" },
      since: { type: "string" },
      profile: { type: "string" },
      tool: { type: "string" },
      path: { type: "string" },
      trail: { type: "string", multiple: true },
      verify: { type: "boolean", default: false },
      limit: { type: "string" },
      format: { type: "string", default: "text" },
    },
  });
  if (values.format !== "text" && values.format !== "json") throw new UsageError(`unknown --format ${values.format}`);
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  if (values.limit !== undefined && !/^\d{1,7}$/.test(values.limit))
    throw new UsageError(`--limit ${values.limit} is not a whole number of events`);
  const since = checkSince(values.since);
  const { activity, org } = composeServices({ root: values.root });
  try {
    const summary = await activity.summary({
      since,
      profile: values.profile ?? null,
      tool: values.tool ?? null,
      path: values.path ?? null,
      trails: values.trail,
      limit: values.limit === undefined ? undefined : Number(values.limit),
    });
    const broken = summary.trails.some((t) => !t.ok);
    if (values.verify) {
      process.stdout.write(
        values.format === "json"
          ? `${JSON.stringify({ ok: !broken, trails: summary.trails, notes: summary.notes }, null, 2)}\n`
          : `${summary.trails.map(verdictText).join("\n")}\n`,
      );
      return broken ? 1 : 0;
    }
    process.stdout.write(values.format === "json" ? `${JSON.stringify(summary, null, 2)}\n` : summaryText(summary));
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`activity: ${error.message}\n`);
    return error.code === "bad_request" ? 2 : exitOf(error);
  } finally {
    org.close();
  }
}
