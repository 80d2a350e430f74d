import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { treeOf } from "@/test/support/tree";
import { composeServices } from "../compose";
import { TreeFiles } from "./tree-files";

/** Real git repositories in temporary folders: git itself lists the working tree the globs are checked against. */

let project: TempProject;

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "init.defaultBranch=main", ...args], { cwd: project.root, stdio: "pipe" });

const fence = { allowedPaths: ["docs/security/**", "src/**", "build/**", "later/**", "src/{a}/**"] };

beforeEach(() => {
  project = tempProject({
    prefix: "cs-tree-",
    files: {
      ".cx/org/specialists/cx-security.json": { id: "cx-security", fence },
      "docs/security/model.md": "# threats\n",
      "src/new.ts": "export {};\n",
      "build/out.js": "",
      ".gitignore": "build/\n",
    },
  });
});

afterEach(() => project.remove());

const nothingAt = async () =>
  (await composeServices({ root: project.root }).org.validateAll()).problems.filter(
    (p) => p.id === "fence-glob-matches-nothing",
  );

describe("fence-glob-matches-nothing", () => {
  it("names each glob of the project's fence that matches no tracked or untracked, unignored file", async () => {
    git("init", "-q");
    git("add", "docs");
    const found = await nothingAt();
    // build/ is ignored and later/ does not exist; src/new.ts is untracked, which counts.
    expect(found.map((p) => p.location)).toEqual([
      "#/specialists/cx-security/fence/allowedPaths/2",
      "#/specialists/cx-security/fence/allowedPaths/3",
    ]);
    expect(found[0]).toMatchObject({ severity: "warning", path: ".cx/org/specialists/cx-security.json" });
    expect(found[1].message).toContain(`"later/**" matches no file in the project's working tree today`);

    project.write({ "later/plan.md": "soon\n" });
    expect((await nothingAt()).map((p) => p.location)).toEqual(["#/specialists/cx-security/fence/allowedPaths/2"]);
  });

  it("is left out of a draft's validation, which runs on every keystroke", async () => {
    git("init", "-q");
    const { org } = composeServices({ root: project.root });
    const draft = { id: "cx-security", ...(await org.getEntity("specialist", "cx-security"))!.record };
    const result = await org.validateDraft("specialist", { ...draft, fence: { allowedPaths: ["nowhere/**"] } });
    expect([...result.errors, ...result.warnings].filter((p) => p.id === "fence-glob-matches-nothing")).toEqual([]);
  });

  it("says nothing about the built-in org's globs, written for every project", async () => {
    git("init", "-q");
    project.write({ ".cx/org/specialists/cx-security.json": { id: "cx-security", description: "x".repeat(30) } });
    expect(await nothingAt()).toEqual([]);
  });

  it("says nothing outside a git repository, and writes nothing", async () => {
    const before = await treeOf(project.base);
    expect(await nothingAt()).toEqual([]);
    expect(await treeOf(project.base)).toEqual(before);
  });
});

describe("the working tree's listing", () => {
  it("is kept while the tree is unchanged and read again when a file is added, removed or unignored", async () => {
    git("init", "-q");
    const tree = new TreeFiles(project.root);
    const first = await tree.listing();
    expect(first?.files.sort()).toEqual([
      ".cx/org/specialists/cx-security.json",
      ".gitignore",
      "docs/security/model.md",
      "src/new.ts",
    ]);
    expect(await tree.listing()).toBe(first);

    project.write({ "src/deep/er/x.ts": "" });
    const second = await tree.listing();
    expect(second).not.toBe(first);
    expect(second?.files).toContain("src/deep/er/x.ts");

    project.write({ ".gitignore": "" });
    expect((await tree.listing())?.files).toContain("build/out.js");
  });

  it("is null outside a repository", async () => {
    expect(await new TreeFiles(project.root).listing()).toBeNull();
  });
});
