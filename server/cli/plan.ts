import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { isEmptyPlan } from "@/lib/plan/plan";
import { renderGithub, renderMarkdown, renderText } from "@/lib/plan/render";
import type { Plan } from "@/schemas/plan";
import { composeServices } from "../compose";
import { isAppError } from "../errors";

export const PLAN_USAGE =
  "  construct-studio plan [--root DIR] [--against REF|EXPORT.json] [--format text|json|github|markdown] [--fail-on widen|reach|errors]";

const FORMATS = ["text", "json", "github", "markdown"] as const;
const FAIL_ON = ["widen", "reach", "errors"] as const;

/** Exits 0 on no change, 2 on a change (terraform's -detailed-exitcode), 1 on an error, `--fail-on` or bad usage. */
export async function planCommand(args: string[]): Promise<number> {
  let values: { root?: string; against?: string; format?: string; "fail-on"?: string[] };
  try {
    values = parseArgs({
      args,
      options: {
        root: { type: "string" },
        against: { type: "string" },
        format: { type: "string", default: "text" },
        "fail-on": { type: "string", multiple: true },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage:\n${PLAN_USAGE}\n`);
    return 1;
  }
  const format = values.format as (typeof FORMATS)[number];
  const failOn = (values["fail-on"] ?? []).flatMap((v) => v.split(",")).filter(Boolean);
  const usage = (message: string) => {
    process.stderr.write(`${message}\nusage:\n${PLAN_USAGE}\n`);
    return 1;
  };
  if (!FORMATS.includes(format)) return usage(`unknown --format ${values.format}`);
  for (const f of failOn) if (!(FAIL_ON as readonly string[]).includes(f)) return usage(`unknown --fail-on ${f}`);
  if (values.root && !existsSync(values.root)) return usage(`--root ${values.root} does not exist`);

  const services = composeServices({ root: values.root });
  let plan: Plan;
  try {
    plan = await services.plan.plan(values.against, { cwd: process.cwd() });
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`plan: ${error.message}\n`);
    return 1;
  }
  const text =
    format === "json"
      ? `${JSON.stringify(plan, null, 2)}\n`
      : format === "github"
        ? renderGithub(plan)
        : format === "markdown"
          ? renderMarkdown(plan)
          : renderText(plan);
  process.stdout.write(text);
  const failures: string[] = [];
  if (failOn.includes("widen") && plan.summary.widens)
    failures.push(`${plan.summary.widens} specialist(s) gain access (--fail-on widen)`);
  if (failOn.includes("reach") && plan.summary.reachWidens)
    failures.push(
      `${plan.summary.reachWidens} specialist(s) reach more through handoffs and contracts (--fail-on reach)`,
    );
  if (failOn.includes("errors") && plan.summary.errorsIntroduced)
    failures.push(`${plan.summary.errorsIntroduced} validation error(s) introduced (--fail-on errors)`);
  for (const f of failures) process.stderr.write(`plan: ${f}\n`);
  if (failures.length) return 1;
  return isEmptyPlan(plan) ? 0 : 2;
}
