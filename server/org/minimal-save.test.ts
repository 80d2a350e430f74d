import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { APP_DIR, makeTmpDirs } from "@/test/support/temp-project";
import { resolvePaths, type StudioPaths } from "../config";
import { OrgApi } from "./org-api";

/** A project file as a person wrote it: no "id", its own key order, an inline array, fields we do not know. */
const HAND_WRITTEN = `{
  "role": "chronicler",
  "name": "chronicler",
  "description": "Keeps the project's changelog honest and in order.",
  "modelTier": "standard",
  "skills": ["development/testing-strategy"],
  "team": "engineering-team",
  "fence": { "allowedPaths": ["CHANGELOG.md"] },
  "permissions": {},
  "ticketQueue": "ops"
}
`;

let root: string;
let paths: StudioPaths;
let api: OrgApi;
let cleanup: () => Promise<void>;
let file: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-minimal-save-");
  ({ root, cleanup } = tmp);
  paths = resolvePaths({ root, home: tmp.home, appDir: APP_DIR });
  api = new OrgApi(paths);
  file = path.join(paths.projectOrgDir, "specialists", "chronicler.json");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, HAND_WRITTEN);
  git("init", "-q");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", "-A");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "hand-written");
});

afterEach(async () => {
  api.close();
  await cleanup();
});

describe("a save changes only what the user changed", () => {
  it("a one-field edit is a one-line git diff: order, formatting, unknown fields and the missing id kept", async () => {
    const description = "Keeps the project's changelog honest and in order. Always cites two sources.";
    const result = await api.updateEntity("specialist", "chronicler", { description });
    expect(result.ok).toBe(true);
    expect(git("diff", "--numstat").trim()).toBe(`1\t1\t.cx/org/specialists/chronicler.json`);
    expect(await fs.readFile(file, "utf8")).toBe(HAND_WRITTEN.replace(/"Keeps[^"]*"/, JSON.stringify(description)));
    // permissions is Construct's own field; ticketQueue nobody defines.
    if (result.ok) expect(result.warnings.map((w) => w.field)).toEqual(["ticketQueue"]);
  });

  it("a new field is appended after the existing ones, the rest untouched", async () => {
    const result = await api.updateEntity("specialist", "chronicler", { reasoningEffort: "high" });
    expect(result.ok).toBe(true);
    expect(git("diff", "--numstat").trim()).toBe(`2\t1\t.cx/org/specialists/chronicler.json`);
    const text = await fs.readFile(file, "utf8");
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe("reasoningEffort");
    expect(text).toContain('"fence": { "allowedPaths": ["CHANGELOG.md"] }');
  });

  it("a one-key fence edit touches only that key's line", async () => {
    await fs.writeFile(
      file,
      HAND_WRITTEN.replace(
        '"fence": { "allowedPaths": ["CHANGELOG.md"] },',
        '"fence": {\n    "allowedPaths": ["CHANGELOG.md"],\n    "approvalRequired": ["commit"]\n  },',
      ),
    );
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "fence on lines");
    const result = await api.updateEntity("fence", "chronicler", { allowedPaths: ["CHANGELOG.md", "docs/**"] });
    expect(result.ok).toBe(true);
    const diff = git("diff", "-U0")
      .split("\n")
      .filter((l) => /^[-+][^-+]/.test(l));
    expect(diff).toHaveLength(2);
    expect(JSON.parse(await fs.readFile(file, "utf8")).fence).toEqual({
      allowedPaths: ["CHANGELOG.md", "docs/**"],
      approvalRequired: ["commit"],
    });
  });

  it("an invalid edit writes nothing and says why", async () => {
    await expect(api.updateEntity("specialist", "chronicler", { description: "short" })).rejects.toMatchObject({
      code: "invalid",
      errors: expect.arrayContaining([expect.objectContaining({ field: "description" })]),
    });
    expect(git("status", "--porcelain")).toBe("");
  });
});
