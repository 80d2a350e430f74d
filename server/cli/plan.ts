import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { isEmptyPlan } from "@/lib/plan/plan";
import { renderGithub, renderMarkdown, renderText } from "@/lib/plan/render";
import type { Plan } from "@/schemas/plan";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { exitOf, UsageError } from "./output";

const FORMATS = ["text", "json", "github", "markdown"] as const;
const FAIL_ON = ["change", "widen", "reach", "errors"] as const;

/** Exits 0 when planned, 1 when a `--fail-on` gate trips (`change`: any change at all) or the plan fails. */
export async function planCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      root: { type: "string" },
      against: { type: "string" },
      format: { type: "string", default: "text" },
      "fail-on": { type: "string", multiple: true },
    },
  });
  const format = values.format as (typeof FORMATS)[number];
  const failOn = (values["fail-on"] ?? []).flatMap((v) => v.split(",")).filter(Boolean);
  if (!FORMATS.includes(format)) throw new UsageError(`unknown --format ${values.format}`);
  for (const f of failOn)
    if (!(FAIL_ON as readonly string[]).includes(f)) throw new UsageError(`unknown --fail-on ${f}`);
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);

  const services = composeServices({ root: values.root });
  let plan: Plan;
  try {
    plan = await services.plan.plan(values.against, { cwd: process.cwd() });
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`plan: ${error.message}\n`);
    return exitOf(error);
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
  if (failOn.includes("change") && !isEmptyPlan(plan)) failures.push("the org changed (--fail-on change)");
  if (failOn.includes("widen") && plan.summary.widens)
    failures.push(`${plan.summary.widens} specialist(s) gain access (--fail-on widen)`);
  if (failOn.includes("reach") && plan.summary.reachWidens)
    failures.push(
      `${plan.summary.reachWidens} specialist(s) reach more through handoffs and contracts (--fail-on reach)`,
    );
  if (failOn.includes("errors") && plan.summary.errorsIntroduced)
    failures.push(`${plan.summary.errorsIntroduced} validation error(s) introduced (--fail-on errors)`);
  for (const f of failures) process.stderr.write(`plan: ${f}\n`);
  return failures.length ? 1 : 0;
}
