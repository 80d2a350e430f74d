import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { contributesText } from "@/lib/packs/contributes";
import { renderText } from "@/lib/plan/render";
import type { PackTier } from "@/schemas/pack-manifest";
import type { PackPreview } from "@/schemas/pack-preview";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { expandHome, type InstallSource } from "../packs/pack-install";
import { UsageError } from "./output";

export function renderPreview(p: PackPreview): string {
  const lines: string[] = [];
  const from = p.installed ? `${p.installed.version ?? "?"} → ${p.version}` : p.version;
  lines.push(
    p.action === "enable"
      ? `enable ${p.id}@${p.version} (${p.tier}, ${p.source})`
      : `install ${p.id} ${from} from ${p.source} into the ${p.tier} tier: ${p.versionChange}`,
  );
  if (!p.appliesNow) lines.push("the pack is installed disabled; this is what enabling it would do:");
  for (const w of p.warnings) lines.push(`warning: ${w}`);
  lines.push(renderText(p.plan).trimEnd());
  if (p.prompts.length) {
    lines.push("", "Prompts:");
    for (const m of p.prompts) lines.push(`  ~ ${m.specialist}: ${m.before ?? "(none)"} → ${m.after ?? "(none)"}`);
  }
  if (p.tests.length) {
    lines.push("", "Org tests that would fail:");
    for (const t of p.tests) lines.push(`  ✗ ${t.name} (${t.file}): ${t.detail}`);
  }
  if (p.errors.length) {
    lines.push("", `${p.errors.length} error(s) introduced:`);
    for (const e of p.errors) lines.push(`  ${e.id}: ${e.message}${e.path ? ` (${e.path})` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

/** `--dry-run` prints the preview and exits 0, or 1 when it would introduce errors or fails; nothing is written. */
export async function packsChangeCommand(sub: "enable" | "install", args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      root: { type: "string" },
      format: { type: "string", default: "text" },
      tier: { type: "string", default: "project" },
      "dry-run": { type: "boolean" },
      force: { type: "boolean" },
    },
  });
  const dryRun = values["dry-run"];
  const usage = (message: string): never => {
    throw new UsageError(message);
  };
  if (positionals.length !== 1)
    return usage(sub === "enable" ? "packs enable takes one pack id" : "packs install takes one folder or .zip file");
  if (values.format !== "text" && values.format !== "json") return usage(`unknown --format ${values.format}`);
  if (values.tier !== "project" && values.tier !== "user") return usage(`unknown --tier ${values.tier}`);
  if (values.root && !existsSync(values.root)) return usage(`--root ${values.root} does not exist`);
  const tier: PackTier = values.tier;
  const previews = composeServices({ root: values.root }).packPreview;
  const print = (preview: PackPreview) =>
    process.stdout.write(values.format === "json" ? `${JSON.stringify(preview, null, 2)}\n` : renderPreview(preview));
  const typed = positionals[0];
  try {
    let source: InstallSource | null = null;
    if (sub === "install")
      source = typed.endsWith(".zip") ? { zip: await readFile(expandHome(typed)) } : { folder: typed };
    if (dryRun) {
      const preview = source ? await previews.previewInstall(source, tier, typed) : await previews.previewEnable(typed);
      print(preview);
      // Errors the change would introduce are findings; a change alone is what a preview shows.
      return preview.errors.length ? 1 : 0;
    }
    if (!source) {
      await previews.enable(typed, { force: values.force });
      process.stdout.write(`${typed} enabled\n`);
      return 0;
    }
    const result = await previews.install(source, tier, typed, { force: values.force });
    process.stdout.write(
      `installed ${result.id}@${result.version} into ${result.path}${result.replaced ? ` (replaced the previous copy: ${result.versionChange})` : ""}\n`,
    );
    for (const w of result.warnings) process.stdout.write(`warning: ${w}\n`);
    return 0;
  } catch (error) {
    if (!isAppError(error) && (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    if (isAppError(error)) for (const e of error.errors ?? []) process.stderr.write(`  ${e.id}: ${e.message}\n`);
    return 1;
  }
}

export async function packsCommand(args: string[]): Promise<number> {
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
      const { adapter, construct } = services.paths;
      const core = adapter.packs.compatLine(construct, packs.coreVersion);
      process.stdout.write(`${core}, ${listed.mode} mode, ${rows.length} pack(s)\n`);
      for (const p of rows) {
        const state = p.shadowedBy ? `shadowed by ${p.shadowedBy}` : p.enabled ? "enabled" : "disabled";
        process.stdout.write(
          `${p.id}@${p.version ?? "?"}  ${p.tier}  ${state}  compat ${p.compat.range ?? "?"} ${p.compat.ok ? "ok" : "NOT satisfied"}  ${p.path}\n`,
        );
        process.stdout.write(`  ${contributesText(p)}\n`);
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
