import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { UPSTREAM_ORG_DIR } from "@/test/support/upstream";
import { resolvePaths, type StudioPaths } from "../config";
import { OrgApi } from "./org-api";

// The original project's org, copied into a temp project and committed: a save through the API
// must change only the edited field of its files.
let root: string;
let paths: StudioPaths;
let api: OrgApi;
let cleanup: () => Promise<void>;

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

beforeAll(async () => {
  const tmp = await makeTmpDirs("cs-upstream-save-");
  ({ root, cleanup } = tmp);
  paths = resolvePaths({ root, home: tmp.home, appDir: APP_DIR });
  await fs.cp(UPSTREAM_ORG_DIR, paths.projectOrgDir, { recursive: true });
  await fs.rm(path.join(paths.projectOrgDir, "README.md"), { force: true });
  // The contracts' output.schema files live outside the fixture; a project that uses them has them
  // (a missing one is an error that refuses the save).
  for (const name of ["decision", "implementation", "review-report", "test-report"]) {
    await fs.mkdir(path.join(root, "lib", "contract-schemas"), { recursive: true });
    await fs.writeFile(path.join(root, "lib", "contract-schemas", `${name}.json`), '{ "type": "object" }\n');
  }
  git("init", "-q");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", "-A");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "upstream org");
  api = new OrgApi(paths);
});

afterAll(async () => {
  api.close();
  await cleanup();
});

describe("saving one field of the original project's org files", () => {
  const sections = ["specialists", "teams", "groups", "contracts", "policies"] as const;
  const kinds = {
    specialists: "specialist",
    teams: "team",
    groups: "group",
    contracts: "contract",
    policies: "policy",
  };

  it.each(sections)("%s: appending a sentence to a description or charter is a one-line git diff", async (section) => {
    const files = (await fs.readdir(path.join(paths.projectOrgDir, section))).sort();
    const refused: string[] = [];
    for (const name of files) {
      const file = path.join(paths.projectOrgDir, section, name);
      const before = await fs.readFile(file, "utf8");
      const value = JSON.parse(before) as Record<string, unknown>;
      // Keyed by its own id where it names one (two upstream contracts differ from their file name).
      const id = typeof value.id === "string" ? value.id : name.replace(/\.json$/, "");
      const field = typeof value.description === "string" ? "description" : "charter";
      if (typeof value[field] !== "string") continue;
      const next = `${value[field] as string} Always cite two sources.`.slice(0, 500);
      // A refusal is thrown as AppError; it is collected, not fatal, so every refusal is listed.
      const refusal = await api.updateEntity(kinds[section] as never, id, { [field]: next }).then(
        () => null,
        (error: Error) => error.message,
      );
      if (refusal !== null) {
        refused.push(`${name}: ${refusal}`);
        continue;
      }
      const numstat = git("diff", "--numstat", "--", `.cx/org/${section}/${name}`).trim();
      expect(numstat, `${section}/${name}`).toBe(`1\t1\t.cx/org/${section}/${name}`);
      const after = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, unknown>;
      expect(Object.keys(after), `${section}/${name} key order`).toEqual(Object.keys(value));
      expect({ ...after, [field]: value[field] }).toEqual(value);
      await fs.writeFile(file, before);
    }
    expect(refused).toEqual([]);
  });

  it("the issue's case: cx-architect keeps its permissions, its key order and its lack of an id", async () => {
    const file = path.join(paths.projectOrgDir, "specialists", "cx-architect.json");
    const before = await fs.readFile(file, "utf8");
    const value = JSON.parse(before) as Record<string, unknown>;
    expect(value).not.toHaveProperty("id");
    expect(value.permissions).toEqual({});
    const result = await api.updateEntity("specialist", "cx-architect", {
      description: `${value.description as string} Cites two sources.`,
    });
    expect(result.ok).toBe(true);
    expect(git("diff", "--numstat").trim()).toBe("1\t1\t.cx/org/specialists/cx-architect.json");
    // permissions is a field Construct defines: kept, and no unknown-field warning.
    if (result.ok) expect(result.warnings.filter((w) => w.id === "unknown-field")).toEqual([]);
    expect(JSON.parse(await fs.readFile(file, "utf8")).permissions).toEqual({});
    await fs.writeFile(file, before);
  });
});
