import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { FILE_KIND_SPECS, FILE_KINDS, fileJsonSchema } from "@/schemas/file-kinds";

const DEFAULT_OUT = path.join(".vscode", "construct-schemas");

export function vscodeSchemaMapping(outDir: string, cwd: string): { fileMatch: string[]; url: string }[] {
  const rel = path.relative(cwd, outDir);
  const inside = rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  return FILE_KINDS.map((kind) => {
    const file = path.join(outDir, `${kind}.schema.json`);
    const url = inside
      ? `./${path.relative(cwd, file).split(path.sep).join("/")}`
      : new URL(`file://${path.resolve(file)}`).href;
    return { fileMatch: FILE_KIND_SPECS[kind].fileMatch, url };
  });
}

/** Messages go to stderr, so stdout is the `json.schemas` setting alone. */
export async function schemasCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  const cwd = process.cwd();
  const outDir = path.resolve(cwd, values.out ?? DEFAULT_OUT);
  await mkdir(outDir, { recursive: true });
  for (const kind of FILE_KINDS)
    await writeFile(path.join(outDir, `${kind}.schema.json`), `${JSON.stringify(fileJsonSchema(kind), null, 2)}\n`);
  process.stderr.write(
    `wrote ${FILE_KINDS.length} JSON Schemas to ${path.relative(cwd, outDir) || "."}; add this to .vscode/settings.json:\n`,
  );
  process.stdout.write(`${JSON.stringify({ "json.schemas": vscodeSchemaMapping(outDir, cwd) }, null, 2)}\n`);
  return 0;
}
