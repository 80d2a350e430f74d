import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { JsonProblem, parseJsonStrict } from "@/lib/json/safe-json";
import { orgPayloadSchema } from "@/schemas/api";
import { IMPORT_MODES, type ImportFile, type ImportMode, type ImportResult } from "@/schemas/api/org";
import { SCOPES, type Scope, type Section } from "@/schemas/kinds";
import { composeServices } from "../compose";
import { isAppError } from "../errors";
import { validateTree } from "../org/validate-tree";
import { exitOf, type Format, print, summarize, UsageError } from "./output";

/** `validate`, `export` and `import`: the org commands, on the services of the one composition root. */

export async function validateCommand(args: string[]): Promise<number> {
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
      result.checkedBy,
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
    result.checkedBy,
  );
  return result.ok ? 0 : 1;
}

function scopeOf(raw: string | undefined, fallback: Scope): Scope {
  const scope = (raw ?? fallback) as Scope;
  if (!SCOPES.includes(scope)) throw new UsageError(`unknown --scope ${raw}`);
  return scope;
}

export async function exportCommand(args: string[]): Promise<number> {
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

export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      root: { type: "string" },
      scope: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      mode: { type: "string" },
      replace: { type: "string", multiple: true },
      merge: { type: "string", multiple: true },
    },
  });
  if (positionals.length !== 1) throw new UsageError("import takes one FILE");
  const mode = values.mode ?? "merge";
  if (!(IMPORT_MODES as readonly string[]).includes(mode))
    throw new UsageError(`--mode takes ${IMPORT_MODES.join(" or ")}, not "${mode}"`);
  const modes: Record<string, ImportMode> = {};
  for (const key of values.merge ?? []) modes[key] = "merge";
  for (const key of values.replace ?? []) modes[key] = "replace";
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
  let result: ImportResult;
  try {
    result = await api.importOrg(parsed.data, {
      scope: scopeOf(values.scope, "project"),
      dryRun: values["dry-run"],
      mode: mode as ImportMode,
      modes,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    print(error.errors ?? [], "text", () => undefined, `import failed: ${error.message}`);
    return exitOf(error);
  }
  for (const file of result.files) {
    const how = file.mode && file.action === "update" ? ` (${file.mode})` : "";
    process.stdout.write(
      `${result.dryRun && file.action !== "unchanged" ? "would " : ""}${file.action}${how}  ${file.path}\n`,
    );
    for (const line of diffLines(file)) process.stdout.write(`    ${line}\n`);
  }
  process.stdout.write(`${result.dryRun ? "dry run: nothing written" : `${result.written.length} file(s) written`}\n`);
  return 0;
}

/** An updated record's fields as the dry run lists them; a field the import lacks says what its mode does with it. */
function diffLines(file: ImportFile): string[] {
  const shown = (v: unknown) => {
    const text = JSON.stringify(v);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  };
  return (file.diff ?? []).map((c) =>
    c.change === "added"
      ? `+ ${c.field}: ${shown(c.after)}`
      : c.change === "changed"
        ? `~ ${c.field}: ${shown(c.before)} -> ${shown(c.after)}`
        : `${file.mode === "replace" ? "- " : "= "}${c.field}: ${file.mode === "replace" ? "removed by replace" : "kept by merge"}`,
  );
}
