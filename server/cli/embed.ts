import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { currentSkipReason, skipNotice } from "@/lib/embed/skip-notice";
import type { CapabilityView } from "@/schemas/embed";
import { ENTITY_KIND_SPECS } from "@/schemas/kinds";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { exitOf, UsageError } from "./output";

/** `embed list|enable|disable|status|dry-run|tick`: the embed service from the command line. */

function describeTick(view: Pick<CapabilityView, "lastTick" | "lastTickUnreadable">): string {
  const t = view.lastTick;
  if (!t) return view.lastTickUnreadable ? `unreadable record: ${view.lastTickUnreadable.message}` : "never ticked";
  return `${t.status}${t.code ? ` (${t.code})` : ""} at ${t.startedAt}, ${t.durationMs} ms, ${t.trigger}${t.proposals?.length ? `, ${t.proposals.length} proposal(s)` : ""}`;
}

function printCapability(c: CapabilityView, runner: string): void {
  const rt = c.runtime;
  process.stdout.write(
    `${c.id}  ${c.enabled ? "enabled" : "disabled"}  ${c.source.tier}${c.source.pack ? ` ${c.source.pack}` : ""}  ${c.source.path}${c.overlay && c.overlay.path !== c.source.path ? ` + ${c.overlay.path}` : ""}\n`,
  );
  process.stdout.write(
    `  ${runner} ${c.specialist}; providers ${c.providerBindings.map((b) => `${b.id}${b.available ? "" : " (unavailable)"}`).join(", ")}\n`,
  );
  process.stdout.write(
    `  cadence ${c.cadence ? `${c.cadence.every} (every ${c.cadence.description})` : "(event-driven only)"}; next tick ${c.nextTickAt ?? "-"}\n`,
  );
  process.stdout.write(`  runtime ${rt.declared} → ${rt.resolved}${rt.code ? ` (${rt.code})` : ""}: ${rt.message}\n`);
  process.stdout.write(`  last tick: ${describeTick(c)}\n`);
  const notice = skipNotice(currentSkipReason(c), { runtimeDetail: rt.message });
  if (notice && notice.code !== "no-runtime") process.stdout.write(`  ticks skip: ${notice.message} ${notice.fix}\n`);
  for (const e of c.errors) process.stdout.write(`  error ${e.id}: ${e.message}\n`);
  for (const w of c.warnings) process.stdout.write(`  warning ${w.id}: ${w.message}\n`);
}

export async function embedCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { root: { type: "string" }, format: { type: "string", default: "text" } },
  });
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  const json = values.format === "json";
  const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const services = composeServices({ root: values.root });
  const embed = services.embed;
  // Who runs a capability: a specialist, or a worker profile.
  const runner = ENTITY_KIND_SPECS[services.paths.adapter.principal].title.toLowerCase();
  if (sub === "list") {
    const listed = await embed.list();
    if (json) out(listed);
    else {
      for (const c of listed.capabilities) printCapability(c, runner);
      for (const p of listed.problems) process.stdout.write(`${p.severity} ${p.id}: ${p.message}\n`);
      process.stdout.write(
        `${listed.capabilities.length} capability(ies), ${listed.capabilities.filter((c) => c.enabled).length} enabled\n`,
      );
    }
    return listed.problems.some((p) => p.severity === "error") ||
      listed.capabilities.some((c) => c.enabled && c.errors.length)
      ? 1
      : 0;
  }
  if (!["enable", "disable", "status", "dry-run", "tick"].includes(sub ?? ""))
    throw new UsageError(`unknown embed command "${sub ?? ""}"`);
  if (positionals.length !== 1) throw new UsageError(`embed ${sub} takes one capability id`);
  const id = positionals[0];
  try {
    switch (sub) {
      case "enable":
      case "disable": {
        const result = sub === "enable" ? await embed.enable(id) : await embed.disable(id);
        if (json) out(result);
        else process.stdout.write(`${id} ${sub}d${result.path ? ` (${result.path})` : ""}\n`);
        return 0;
      }
      case "status": {
        const view = await embed.status(id);
        if (json) out(view);
        else printCapability(view, runner);
        return view.lastTick?.status === "error" ? 1 : 0;
      }
      case "dry-run": {
        const plan = await embed.dryRun(id);
        if (json) out(plan);
        else {
          const c = plan.chain;
          const prompt = c.specialist.prompt;
          process.stdout.write(`dry-run of ${id} (executes nothing)\n`);
          process.stdout.write(
            `  ${runner.padEnd(15)} ${c.specialist.id}  prompt ${prompt && "error" in prompt ? `ERROR ${prompt.error}` : `${prompt?.source} ${prompt?.path ?? ""}${prompt?.degraded ? " (degraded)" : ""}`}\n`,
          );
          process.stdout.write(
            `  providers       ${c.providerBindings.map((b) => `${b.id}${b.available ? "" : ` (${b.code})`}`).join(", ")}\n`,
          );
          process.stdout.write(`  filter          ${c.filter ? JSON.stringify(c.filter) : "(none)"}\n`);
          process.stdout.write(`  framework       ${c.framework.id} ${c.framework.path ?? "(missing)"}\n`);
          process.stdout.write(
            `  output contract ${c.outputContract.id} (${c.outputContract.producer} → ${c.outputContract.consumer})\n`,
          );
          process.stdout.write(`  authority       ${c.proposalAuthority}\n`);
          process.stdout.write(
            `  cadence         ${c.cadence ? `${c.cadence.every} (every ${c.cadence.description})` : "(event-driven only)"}\n`,
          );
          process.stdout.write(
            `  runtime         ${c.runtime.declared} → ${c.runtime.resolved}${c.runtime.code ? ` (${c.runtime.code})` : ""}: ${c.runtime.message}\n`,
          );
          for (const r of c.reads ?? [])
            process.stdout.write(
              `  reads ${r.provider.padEnd(10)}${r.items.length ? r.items.map((item) => `${item.label}${item.new ? " (new)" : ""}`).join(", ") : "(no items)"}\n`,
            );
          process.stdout.write(`  a tick now would ${plan.wouldSkip ? `skip: ${plan.wouldSkip}` : "run"}\n`);
          for (const e of plan.errors) process.stdout.write(`  error ${e.id}: ${e.message}\n`);
        }
        return plan.ok ? 0 : 1;
      }
      default: {
        const record = await embed.tick(id, "manual");
        if (json) out(record);
        else {
          process.stdout.write(
            `${id}: ${record.status}${record.code ? ` (${record.code})` : ""} in ${record.durationMs} ms on ${record.runtime}\n`,
          );
          if (record.message) process.stdout.write(`  ${record.message}\n`);
          for (const p of record.proposals ?? []) process.stdout.write(`  proposal ${p.id}: ${p.title}\n`);
        }
        return record.status === "error" ? 1 : 0;
      }
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    for (const e of error.errors ?? []) process.stderr.write(`  ${e.id}: ${e.message}\n`);
    return exitOf(error);
  }
}
