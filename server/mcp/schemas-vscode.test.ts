import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKind } from "@/schemas/org";
import { UNKNOWN_FIELD_MESSAGE } from "@/schemas/tier-json-schema";
import { APP_DIR, BUILTIN_ORG_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { type Finding, type VscodeJson, vscodeJson } from "@/test/support/vscode-json";
import { resolvePaths } from "../config";
import { OrgApi } from "../org/org-api";

/**
 * VS Code's JSON engine with the mapping `construct-studio schemas` prints: silent on every built-in
 * file and on every override the studio writes, and reporting a broken file at the broken place, as
 * an error where the studio refuses and as a warning where the studio warns.
 */

let base: string;
let root: string;
let home: string;
let cleanup: () => Promise<void>;
let editor: VscodeJson;

beforeAll(async () => {
  ({ base, root, home, cleanup } = await makeTmpDirs("cs-vscode-json-"));
  editor = await vscodeJson(base);
}, 60_000);

afterAll(async () => {
  await cleanup?.();
});

const jsonFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFilesUnder(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
  );

/** Where `needle` starts in `text`, as the engine counts: zero-based line and character. */
function at(text: string, needle: string, occurrence = 0): { line: number; character: number } {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} is not in the text`);
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** Each place reported, once and in reading order: a value may break two keywords of its schema (a type and an enum). */
const brief = (found: Finding[]) =>
  [
    ...new Map(
      found.map((f) => [`${f.line}:${f.character}`, { severity: f.severity, line: f.line, character: f.character }]),
    ).values(),
  ].sort((a, b) => a.line - b.line || a.character - b.character);

describe("VS Code's JSON engine with the printed mapping", () => {
  it("finds nothing in any file of the built-in org", async () => {
    const files = jsonFilesUnder(BUILTIN_ORG_DIR);
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files)
      for (const f of await editor.check(file, readFileSync(file, "utf8")))
        found.push(`${path.relative(BUILTIN_ORG_DIR, file)}:${f.line + 1} ${f.severity} ${f.message}`);
    expect(found).toEqual([]);
  });

  it("finds nothing in the overrides the studio writes, in the project and the user tier", async () => {
    const api = new OrgApi(resolvePaths({ root, home, appDir: APP_DIR, configHome: path.join(base, "xdg") }));
    try {
      const edits: [ApiKind, string, Record<string, unknown>, "project" | "user"][] = [
        ["specialist", "cx-architect", { modelTier: "fast" }, "project"],
        ["specialist", "cx-engineer", { fence: { allowedPaths: ["src/**", "docs/**/*.md"] } }, "project"],
        ["team", "design-team", { name: "Design and research" }, "project"],
        ["group", "engineering-group", { charter: "Builds, ships and runs everything the product needs." }, "project"],
        ["contract", "architect-to-engineer", { description: "The architect's decision, ready to build." }, "project"],
        ["policy", "action-approval", { mode: "approval" }, "project"],
        ["specialist", "cx-qa", { reasoningEffort: "high" }, "user"],
      ];
      const written: string[] = [];
      for (const [kind, id, patch, scope] of edits) {
        const result = await api.updateEntity(kind, id, patch, { scope });
        written.push(path.join(scope === "user" ? home : root, result.path.replace(/^~\//, "")));
      }
      const overrideOf = JSON.parse(readFileSync(written[0], "utf8"));
      expect(overrideOf).toEqual({ id: "cx-architect", modelTier: "fast" });
      const found: string[] = [];
      for (const file of written)
        for (const f of await editor.check(file, readFileSync(file, "utf8")))
          found.push(`${file}:${f.line + 1} ${f.severity} ${f.message}`);
      expect(found).toEqual([]);
    } finally {
      api.close();
    }
  });

  const projectFile = (section: string, id: string) => path.join(root, ".cx", "org", section, `${id}.json`);
  const show = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  it("an override needs no id, since its file name gives it", async () => {
    expect(await editor.check(projectFile("specialists", "cx-architect"), show({ modelTier: "fast" }))).toEqual([]);
  });

  it("a misspelt field is a warning at the field, as the studio's unknown-field is", async () => {
    const text = show({ id: "cx-architect", descripton: "Designs the system and records its decisions." });
    const found = await editor.check(projectFile("specialists", "cx-architect"), text);
    expect(brief(found)).toEqual([{ severity: "warning", ...at(text, '"descripton"') }]);
    expect(found[0].message).toBe(UNKNOWN_FIELD_MESSAGE);
  });

  it("a glob the fence grammar refuses is an error at the glob", async () => {
    const text = show({
      fence: {
        allowedPaths: ["docs/**", "/etc/**", "src/**.ts", "{lib,bin}/**"],
        approvalRequired: ["commit", "lib/**", "edit:lib/**"],
        deniedActions: ["edit:./secrets/**"],
      },
    });
    const found = await editor.check(projectFile("specialists", "cx-engineer"), text);
    expect(brief(found)).toEqual(
      [
        at(text, '"/etc/**"'),
        at(text, '"src/**.ts"'),
        at(text, '"{lib,bin}/**"'),
        at(text, '"lib/**"'),
        at(text, '"edit:./secrets/**"'),
      ].map((place) => ({ severity: "error", ...place })),
    );
    expect(found[0].message).toMatch(/relative to the project root/);
    expect(found[3].message).toMatch(/edit:<glob>/);
  });

  it("a value of the wrong type is an error at the value", async () => {
    const text = show({ modelTier: 5, skills: "development/typescript", fence: { allowedPaths: "src/**" } });
    const found = await editor.check(projectFile("specialists", "cx-engineer"), text);
    expect(brief(found)).toEqual(
      [at(text, "5"), at(text, '"development/typescript"'), at(text, '"src/**"')].map((place) => ({
        severity: "error",
        ...place,
      })),
    );
  });

  it("a value Construct accepts and the studio only warns about is a warning", async () => {
    const text = show({ reasoningEffort: "extreme", when_to_use: "ADRs." });
    const found = await editor.check(projectFile("specialists", "cx-architect"), text);
    expect(brief(found)).toEqual([
      { severity: "warning", ...at(text, '"reasoningEffort"') },
      { severity: "warning", ...at(text, '"when_to_use"') },
    ]);
  });

  it("a built-in file is a whole record: a missing required field is an error, a missing id is not", async () => {
    const builtin = (id: string) => path.join(base, "pkg", "specialists", "org", "specialists", `${id}.json`);
    const whole = JSON.parse(readFileSync(path.join(BUILTIN_ORG_DIR, "specialists", "cx-architect.json"), "utf8"));
    const { id: _, ...withoutId } = whole;
    expect(await editor.check(builtin("cx-architect"), show(withoutId))).toEqual([]);
    const { description: __, ...withoutDescription } = whole;
    const found = await editor.check(builtin("cx-architect"), show(withoutDescription));
    expect(found.map((f) => [f.severity, f.message])).toEqual([["error", 'Missing property "description".']]);
  });
});
