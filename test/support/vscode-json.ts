import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Diagnostic, DiagnosticSeverity, getLanguageService, TextDocument } from "vscode-json-languageservice";
import { runCli } from "./processes";

/**
 * VS Code's own JSON engine (`vscode-json-languageservice`) set up as a user would set up VS Code:
 * `construct-studio schemas` writes the schemas into the workspace and prints the `json.schemas`
 * setting, which is used as printed, relative URLs resolved against the workspace folder.
 */

export type Finding = { severity: "error" | "warning"; line: number; character: number; text: string; message: string };

export type VscodeJson = {
  /** What the engine reports for `text` as the file at `file` (which need not exist). */
  check: (file: string, text: string) => Promise<Finding[]>;
};

export async function vscodeJson(workspace: string): Promise<VscodeJson> {
  const run = await runCli(["schemas"], { cwd: workspace });
  if (run.code !== 0) throw new Error(`construct-studio schemas failed: ${run.stderr}`);
  const printed = JSON.parse(run.stdout) as { "json.schemas": { fileMatch: string[]; url: string }[] };
  const folder = pathToFileURL(`${workspace}/`).href;
  const service = getLanguageService({
    schemaRequestService: (uri) => readFile(fileURLToPath(uri), "utf8"),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: printed["json.schemas"].map(({ fileMatch, url }) => ({ uri: new URL(url, folder).href, fileMatch })),
  });
  return {
    async check(file, text) {
      const doc = TextDocument.create(pathToFileURL(path.resolve(file)).href, "json", 1, text);
      // Schema problems as errors: a warning then comes only from what the schema itself marks a warning.
      const found: Diagnostic[] = await service.doValidation(doc, service.parseJSONDocument(doc), {
        schemaValidation: "error",
        comments: "error",
        trailingCommas: "error",
      });
      return found.map((d) => ({
        severity: d.severity === DiagnosticSeverity.Warning ? "warning" : "error",
        line: d.range.start.line,
        character: d.range.start.character,
        text: doc.getText(d.range),
        message: typeof d.message === "string" ? d.message : d.message.value,
      }));
    },
  };
}
