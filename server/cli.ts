import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { currentSkipReason, skipNotice } from "@/lib/embed/skip-notice";
import { JsonProblem, parseJsonStrict } from "@/lib/json/safe-json";
import { parsePointer } from "@/lib/org/field-error";
import { orgPayloadSchema } from "@/schemas/api";
import type { FieldError } from "@/schemas/field-error";
import { SCOPES, type Scope, type Section } from "@/schemas/org";
import { PACKS_CHANGE_USAGE, packsChangeCommand } from "./cli/packs";
import { PLAN_USAGE, planCommand } from "./cli/plan";
import { TEST_USAGE, testCommand } from "./cli/test";
import { composeServices } from "./compose";
import type { CapabilityView } from "./embed/embed-service";
import { isAppError } from "./errors";
import { type ImportOk, validateTree } from "./org/org-api";

/**
 * `construct-studio`: the command-line twin of the HTTP API, for CI and scripts.
 * Exit codes: 0 clean (warnings allowed), 1 errors found or the operation failed, 2 usage.
 */

const USAGE = `usage:
  construct-studio validate [--root DIR | --tree DIR [--schemas-root DIR]] [--format text|json|github]
  construct-studio export [--root DIR] [--scope project|user|builtin] [--out FILE]
  construct-studio import FILE [--root DIR] [--scope project|user] [--dry-run]
  construct-studio packs list [--root DIR] [--format text|json]
  construct-studio packs disable ID [--root DIR]
${PACKS_CHANGE_USAGE}
  construct-studio embed list [--root DIR] [--format text|json]
  construct-studio embed enable|disable|status|dry-run|tick ID [--root DIR] [--format text|json]
  construct-studio mcp [--root DIR]
  construct-studio schemas [--out DIR]
${PLAN_USAGE}
${TEST_USAGE}`;

type Format = "text" | "json" | "github";

class UsageError extends Error {}

function fileFor(error: FieldError, locate: (section: Section, id: string) => string | undefined): string | undefined {
  if (error.path) return error.path;
  const [section, id] = parsePointer(error.location);
  return section && id ? locate(section as Section, id) : undefined;
}

function print(
  problems: FieldError[],
  format: Format,
  locate: (section: Section, id: string) => string | undefined,
  summary: string,
): void {
  const rows = problems.map((p) => ({ ...p, file: fileFor(p, locate) }));
  if (format === "json") {
    process.stdout.write(
      `${JSON.stringify({ ok: !rows.some((r) => r.severity === "error"), problems: rows }, null, 2)}\n`,
    );
    return;
  }
  for (const row of rows) {
    if (format === "github") {
      const file = row.file ? `file=${row.file},` : "";
      process.stdout.write(`::${row.severity} ${file}title=${row.id}::${row.message} (${row.location})\n`);
    } else {
      process.stdout.write(`${row.file ?? "-"}  ${row.location}\n  ${row.severity} ${row.id}: ${row.message}\n`);
    }
  }
  process.stdout.write(`${summary}\n`);
}

function summarize(problems: FieldError[], what: string): string {
  const errors = problems.filter((p) => p.severity === "error").length;
  return `${what}: ${errors} error(s), ${problems.length - errors} warning(s)`;
}

async function validate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      root: { type: "string" },
      tree: { type: "string" },
      "schemas-root": { type: "string" },
      format: { type: "string", default: "text" },
    },
  });
  const format = values.format as Format;
  if (!["text", "json", "github"].includes(format)) throw new UsageError(`unknown --format ${format}`);
  if (values.root && values.tree) throw new UsageError("give --root or --tree, not both");
  if (values.tree) {
    const dir = path.resolve(values.tree);
    if (!existsSync(dir)) throw new UsageError(`--tree ${values.tree} does not exist`);
    const schemasRoot = values["schemas-root"] ? path.resolve(values["schemas-root"]) : undefined;
    if (schemasRoot && !existsSync(schemasRoot))
      throw new UsageError(`--schemas-root ${values["schemas-root"]} does not exist`);
    const result = await validateTree(dir, { schemasRoot });
    for (const problem of result.problems)
      if (problem.path) problem.path = path.relative(process.cwd(), path.join(dir, problem.path));
    const rel = (section: Section, id: string) => path.relative(process.cwd(), path.join(dir, section, `${id}.json`));
    print(
      result.problems,
      format,
      rel,
      summarize(result.problems, `${Object.values(result.counts).reduce((a, b) => a + b, 0)} entities in ${dir}`),
    );
    return result.ok ? 0 : 1;
  }
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  const api = composeServices({ root: values.root }).org;
  const result = await api.validateAll();
  const snap = await api.snapshot();
  const locate = (section: Section, id: string) => snap.rows[section]?.get(id)?.path;
  const count = Object.values(snap.rows).reduce((n, rows) => n + rows.size, 0);
  print(
    result.problems,
    format,
    locate,
    summarize(result.problems, `${count} entities in the merged org of ${api.paths.root}`),
  );
  return result.ok ? 0 : 1;
}

function scopeOf(raw: string | undefined, fallback: Scope): Scope {
  const scope = (raw ?? fallback) as Scope;
  if (!SCOPES.includes(scope)) throw new UsageError(`unknown --scope ${raw}`);
  return scope;
}

async function exportCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { root: { type: "string" }, scope: { type: "string" }, out: { type: "string" } },
  });
  const api = composeServices({ root: values.root }).org;
  const { errors, ...payload } = await api.exportOrg({ scope: scopeOf(values.scope, "project") });
  for (const e of errors) process.stderr.write(`${e.severity} ${e.id}: ${e.message}\n`);
  const text = `${JSON.stringify(payload, null, 2)}\n`;
  if (values.out) await writeFile(values.out, text);
  else process.stdout.write(text);
  return 0;
}

async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { root: { type: "string" }, scope: { type: "string" }, "dry-run": { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new UsageError("import takes one FILE");
  let raw: unknown;
  try {
    raw = parseJsonStrict(await readFile(positionals[0], "utf8"), { allowBom: true });
  } catch (error) {
    const message =
      error instanceof JsonProblem
        ? error.message
        : (error as NodeJS.ErrnoException).code === "ENOENT"
          ? "no such file"
          : null;
    if (message === null) throw error;
    process.stderr.write(`${positionals[0]}: ${message}\n`);
    return 1;
  }
  const parsed = orgPayloadSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(
      `${positionals[0]}: not an org payload: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}\n`,
    );
    return 1;
  }
  const api = composeServices({ root: values.root }).org;
  let result: ImportOk;
  try {
    result = await api.importOrg(parsed.data, { scope: scopeOf(values.scope, "project"), dryRun: values["dry-run"] });
  } catch (error) {
    if (!isAppError(error)) throw error;
    print(error.errors ?? [], "text", () => undefined, `import failed: ${error.message}`);
    return 1;
  }
  for (const file of result.files)
    process.stdout.write(
      `${result.dryRun && file.action !== "unchanged" ? "would " : ""}${file.action}  ${file.path}\n`,
    );
  process.stdout.write(`${result.dryRun ? "dry run: nothing written" : `${result.written.length} file(s) written`}\n`);
  return 0;
}

async function packsCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "enable" || sub === "install") return packsChangeCommand(sub, rest);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      root: { type: "string" },
      format: { type: "string", default: "text" },
      tier: { type: "string", default: "project" },
    },
  });
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  const services = composeServices({ root: values.root });
  const packs = services.packs;
  if (sub === "list") {
    const listed = await packs.list();
    const rows = listed.packs.map(({ dir: _d, manifest: _m, org: _o, ...row }) => row);
    if (values.format === "json") {
      process.stdout.write(
        `${JSON.stringify(
          {
            mode: listed.mode,
            coreVersion: packs.coreVersion,
            errors: listed.errors,
            warnings: listed.warnings,
            packs: rows,
          },
          null,
          2,
        )}\n`,
      );
    } else {
      process.stdout.write(`core ${packs.coreVersion}, ${listed.mode} mode, ${rows.length} pack(s)\n`);
      for (const p of rows) {
        const state = p.shadowedBy ? `shadowed by ${p.shadowedBy}` : p.enabled ? "enabled" : "disabled";
        process.stdout.write(
          `${p.id}@${p.version ?? "?"}  ${p.tier}  ${state}  compat ${p.compat.range ?? "?"} ${p.compat.ok ? "ok" : "NOT satisfied"}  ${p.path}\n`,
        );
        process.stdout.write(
          `  contributes: ${p.contributes.specialists.length} specialists, ${p.contributes.teams.length} teams, ${p.contributes.contracts.length} contracts, ${p.contributes.prompts.length} prompts, ${p.contributes.workflows.length} workflows\n`,
        );
        for (const e of p.errors) process.stdout.write(`  error: ${e}\n`);
        for (const w of p.warnings) process.stdout.write(`  warning: ${w}\n`);
      }
      for (const e of listed.errors) process.stdout.write(`error: ${e}\n`);
      for (const w of listed.warnings) process.stdout.write(`warning: ${w}\n`);
    }
    return listed.errors.length || listed.packs.some((p) => p.enabled && p.errors.length) ? 1 : 0;
  }
  if (sub === "disable") {
    if (positionals.length !== 1) throw new UsageError(`packs ${sub} takes one pack id`);
    try {
      await services.setPackEnabled(positionals[0], false);
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
    process.stdout.write(`${positionals[0]} ${sub}d\n`);
    return 0;
  }
  throw new UsageError(`unknown packs command "${sub ?? ""}"`);
}

function describeTick(view: Pick<CapabilityView, "lastTick" | "lastTickProblem">): string {
  const t = view.lastTick;
  if (!t) return view.lastTickProblem ? `unreadable record: ${view.lastTickProblem}` : "never ticked";
  return `${t.status}${t.reason ? ` (${t.reason})` : ""} at ${t.startedAt}, ${t.durationMs} ms, ${t.trigger}${t.proposals?.length ? `, ${t.proposals.length} proposal(s)` : ""}`;
}

function printCapability(c: CapabilityView): void {
  const rt = c.runtime;
  process.stdout.write(
    `${c.id}  ${c.enabled ? "enabled" : "disabled"}  ${c.source.tier}${c.source.pack ? ` ${c.source.pack}` : ""}  ${c.source.path}${c.overlay ? ` + ${c.overlay.path}` : ""}\n`,
  );
  process.stdout.write(
    `  specialist ${c.specialist}; providers ${c.providerBindings.map((b) => `${b.id}${b.available ? "" : " (unavailable)"}`).join(", ")}\n`,
  );
  process.stdout.write(
    `  cadence ${c.cadence ? `${c.cadence.every} (every ${c.cadence.description})` : "(event-driven only)"}; next tick ${c.nextTickAt ?? "-"}\n`,
  );
  process.stdout.write(
    `  runtime ${rt.declared} → ${rt.resolved}${rt.reason ? ` (${rt.reason})` : ""}: ${rt.detail}\n`,
  );
  process.stdout.write(`  last tick: ${describeTick(c)}\n`);
  const notice = skipNotice(currentSkipReason(c), { runtimeDetail: rt.detail });
  if (notice && notice.reason !== "no-runtime") process.stdout.write(`  ticks skip: ${notice.text} ${notice.fix}\n`);
  for (const e of c.errors) process.stdout.write(`  error ${e.id}: ${e.message}\n`);
  for (const w of c.warnings) process.stdout.write(`  warning ${w.id}: ${w.message}\n`);
}

async function embedCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { root: { type: "string" }, format: { type: "string", default: "text" } },
  });
  if (values.root && !existsSync(values.root)) throw new UsageError(`--root ${values.root} does not exist`);
  const json = values.format === "json";
  const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const embed = composeServices({ root: values.root }).embed;
  if (sub === "list") {
    const listed = await embed.list();
    if (json) out(listed);
    else {
      for (const c of listed.capabilities) printCapability(c);
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
        else printCapability(view);
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
            `  specialist      ${c.specialist.id}  prompt ${prompt && "error" in prompt ? `ERROR ${prompt.error}` : `${prompt?.source} ${prompt?.path ?? ""}${prompt?.degraded ? " (degraded)" : ""}`}\n`,
          );
          process.stdout.write(
            `  providers       ${c.providerBindings.map((b) => `${b.id}${b.available ? "" : ` (${b.reason})`}`).join(", ")}\n`,
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
            `  runtime         ${c.runtime.declared} → ${c.runtime.resolved}${c.runtime.reason ? ` (${c.runtime.reason})` : ""}: ${c.runtime.detail}\n`,
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
            `${id}: ${record.status}${record.reason ? ` (${record.reason})` : ""} in ${record.durationMs} ms on ${record.runtime}\n`,
          );
          if (record.detail) process.stdout.write(`  ${record.detail}\n`);
          for (const p of record.proposals ?? []) process.stdout.write(`  proposal ${p.id}: ${p.title}\n`);
        }
        return record.status === "error" ? 1 : 0;
      }
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    for (const e of error.errors ?? []) process.stderr.write(`  ${e.id}: ${e.message}\n`);
    return 1;
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "validate":
        return await validate(rest);
      case "export":
        return await exportCommand(rest);
      case "import":
        return await importCommand(rest);
      case "packs":
        return await packsCommand(rest);
      case "embed":
        return await embedCommand(rest);
      case "plan":
        return await planCommand(rest);
      case "test":
        return await testCommand(rest);
      case "mcp":
        return await (await import("./mcp/mcp-command")).mcpCommand(rest);
      case "schemas":
        return await (await import("./mcp/schemas-command")).schemasCommand(rest);
      case undefined:
      case "help":
      case "--help":
        process.stdout.write(`${USAGE}\n`);
        return command ? 0 : 2;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
