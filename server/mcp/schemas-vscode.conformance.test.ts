import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTmpDirs } from "@/test/support/temp-project";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";
import { type VscodeJson, vscodeJson } from "@/test/support/vscode-json";

/**
 * VS Code's JSON engine with the printed mapping on Construct's own org: every record, without an
 * `id` where Construct leaves it out, is clean where Construct keeps it (its `specialists/org/` tree)
 * and as a project tier's files.
 */

let base: string;
let cleanup: () => Promise<void>;
let editor: VscodeJson;

beforeAll(async () => {
  ({ base, cleanup } = await makeTmpDirs("cs-vscode-conf-"));
  editor = await vscodeJson(base);
}, 60_000);

afterAll(async () => {
  await cleanup?.();
});

const SECTIONS = ["specialists", "teams", "groups", "contracts", "policies"];

describe.each([
  ["in Construct's own tree", "construct/specialists/org"],
  ["as a project tier", "project/.cx/org"],
])("Construct's own org %s", (_where, tierDir) => {
  it("raises nothing in any of its 98 files", async () => {
    const found: string[] = [];
    let files = 0;
    for (const section of SECTIONS)
      for (const name of readdirSync(path.join(UPSTREAM_ORG_DIR, section)).filter((f) => f.endsWith(".json"))) {
        files++;
        const text = readFileSync(path.join(UPSTREAM_ORG_DIR, section, name), "utf8");
        for (const f of await editor.check(path.join(base, tierDir, section, name), text))
          found.push(`${section}/${name}:${f.line + 1} ${f.severity} ${f.message}`);
      }
    expect(files).toBe(98);
    expect(found).toEqual([]);
  });

  it("still reports a broken copy of one of them (the mapping reaches these files)", async () => {
    const architect = JSON.parse(readFileSync(path.join(UPSTREAM_ORG_DIR, "specialists", "cx-architect.json"), "utf8"));
    const text = `${JSON.stringify({ ...architect, modelTier: 5, permision: {} }, null, 2)}\n`;
    const found = await editor.check(path.join(base, tierDir, "specialists", "cx-architect.json"), text);
    expect(found.map((f) => `${f.severity} ${f.text}`)).toEqual(
      expect.arrayContaining(["error 5", 'warning "permision": {}']),
    );
  });
});
