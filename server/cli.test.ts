import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "@/test/support/processes";
import { APP_DIR, makeTmpDirs, specialistRecord, writeRecord } from "@/test/support/temp-project";
import { filesUnder, treeOf } from "@/test/support/tree";
import { resolvePaths } from "./config";

/** The real command, run as a user would: `node bin/construct-studio.mjs …` from another directory. */

let base: string;
let home: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  const tmp = await makeTmpDirs("cs-cli-");
  ({ base, home, cleanup } = tmp);
});

afterEach(async () => {
  await cleanup();
});

function cli(args: string[], cwd = base) {
  return runCli(args, { cwd, env: { CONSTRUCT_HOME: home, XDG_CONFIG_HOME: path.join(base, "xdg") } });
}

/** A small org tree that validates alone: one team and its owner. */
async function writeTree(dir: string): Promise<void> {
  await writeRecord(dir, "teams", {
    id: "solo-team",
    kind: "squad",
    name: "Solo",
    owner: "solo-lead",
    roles: ["solo-lead"],
    charter: "A one-person team for the CLI tests.",
  });
  await writeRecord(
    dir,
    "specialists",
    specialistRecord("solo-lead", { team: "solo-team", skills: ["quality/code-review"] }),
  );
}

describe("validate --tree", () => {
  it("a tree with an error: exit 1, the file path and the pointer are printed", async () => {
    const tree = path.join(base, "tree");
    await writeTree(tree);
    await writeRecord(tree, "specialists", specialistRecord("lost-one", { team: "nowhere-team" }));
    const run = await cli(["validate", "--tree", "tree"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tree/specialists/lost-one.json  #/specialists/lost-one/team");
    expect(run.stdout).toContain("error specialist-unknown-team");
    expect(run.stdout).toMatch(/3 entities in .*: 1 error\(s\)/);
  });

  it("--format json prints one parseable document", async () => {
    const tree = path.join(base, "tree");
    await writeTree(tree);
    await writeRecord(tree, "specialists", specialistRecord("lost-one", { team: "nowhere-team" }));
    const run = await cli(["validate", "--tree", "tree", "--format", "json"]);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout) as {
      ok: boolean;
      problems: { id: string; severity: string; location: string; file?: string }[];
    };
    expect(doc.ok).toBe(false);
    expect(doc.problems).toContainEqual(
      expect.objectContaining({
        id: "specialist-unknown-team",
        severity: "error",
        location: "#/specialists/lost-one/team",
        file: "tree/specialists/lost-one.json",
      }),
    );
  });

  it("--format github prints workflow-command annotations", async () => {
    const tree = path.join(base, "tree");
    await writeTree(tree);
    await writeRecord(tree, "specialists", specialistRecord("lost-one", { team: "nowhere-team" }));
    const run = await cli(["validate", "--tree", "tree", "--format", "github"]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::error file=tree\/specialists\/lost-one\.json,title=specialist-unknown-team::.*\(#\/specialists\/lost-one\/team\)$/,
      ),
    );
  });

  it("a clean tree exits 0", async () => {
    await writeTree(path.join(base, "tree"));
    const run = await cli(["validate", "--tree", "tree"]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain("2 entities");
    expect(run.stdout).toContain("0 error(s)");
  });

  it("a broken file is printed with a path that resolves from the working directory, like every other problem", async () => {
    const tree = path.join(base, "tree");
    await writeTree(tree);
    await fs.writeFile(path.join(tree, "specialists", "broken-one.json"), '{"id": "broken-one",');
    for (const format of ["text", "github", "json"]) {
      const run = await cli(["validate", "--tree", "tree", "--format", format]);
      expect(run.code).toBe(1);
      const named =
        format === "json"
          ? (JSON.parse(run.stdout) as { problems: { id: string; file?: string }[] }).problems.find(
              (p) => p.id === "file-syntax",
            )?.file
          : run.stdout.match(
              format === "github"
                ? /^::error file=([^,]+),title=file-syntax/m
                : /^(\S+)\s+#\/specialists\/broken-one$/m,
            )?.[1];
      expect(named, `${format} names the file`).toBeDefined();
      expect(path.resolve(base, named!), format).toBe(path.join(tree, "specialists", "broken-one.json"));
    }
  });

  it("a tree that does not exist is an error, not a clean pass", async () => {
    const run = await cli(["validate", "--tree", "no-such-dir"]);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("no-such-dir");
  });
});

describe("validate --root", () => {
  it("merges the built-in, user and project tiers", async () => {
    const root = path.join(base, "project");
    const projectOrg = path.join(root, ".cx", "org");
    await writeRecord(projectOrg, "specialists", {
      id: "cx-architect",
      description: "Architect, as overridden by this project only.",
    });
    await writeRecord(projectOrg, "specialists", specialistRecord("proj-one"));
    await writeRecord(path.join(home, "org"), "specialists", specialistRecord("user-one"));
    const clean = await cli(["validate", "--root", root]);
    expect(clean.code, clean.stdout).toBe(0);
    // The built-in tier plus the two new specialists (the architect override adds no entity).
    const builtin = (
      await Promise.all(
        ["groups", "teams", "specialists", "contracts", "policies"].map((s) =>
          fs.readdir(path.join(APP_DIR, "specialists", "org", s)),
        ),
      )
    )
      .flat()
      .filter((n) => n.endsWith(".json")).length;
    expect(clean.stdout).toContain(`${builtin + 2} entities in the merged org of ${root}: 0 error(s)`);

    await writeRecord(projectOrg, "specialists", specialistRecord("proj-two", { team: "nowhere-team" }));
    const broken = await cli(["validate", "--root", root]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(".cx/org/specialists/proj-two.json  #/specialists/proj-two/team");
    expect(broken.stdout).toContain(`${builtin + 3} entities`);
  });
});

describe("validate --root, missing directory", () => {
  it("a --root that does not exist is refused rather than validated as the built-in org alone", async () => {
    const run = await cli(["validate", "--root", "no-such-project"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no-such-project");
  });
});

describe("export and import", () => {
  it("export from one root, then import --dry-run and import into another", async () => {
    const rootA = path.join(base, "a");
    const rootB = path.join(base, "b");
    await fs.mkdir(rootB);
    const orgA = path.join(rootA, ".cx", "org");
    await writeRecord(orgA, "specialists", {
      id: "cx-architect",
      description: "Architect, as overridden by project A for the export.",
    });
    await writeRecord(orgA, "specialists", specialistRecord("port-one"));
    await writeRecord(orgA, "contracts", {
      id: "port-contract",
      producer: "port-one",
      consumer: "cx-qa",
      input: { mustContain: ["diff"] },
    });

    const out = path.join(base, "org.json");
    const exported = await cli(["export", "--root", rootA, "--out", out]);
    expect(exported.code, exported.stderr).toBe(0);
    const payload = JSON.parse(await fs.readFile(out, "utf8")) as Record<string, Record<string, unknown>>;
    expect(Object.keys(payload.specialists).sort()).toEqual(["cx-architect", "port-one"]);
    expect(Object.keys(payload.contracts)).toEqual(["port-contract"]);
    expect(payload.scope).toBe("project");

    const toStdout = await cli(["export", "--root", rootA]);
    expect(JSON.parse(toStdout.stdout).specialists["port-one"]).toEqual(payload.specialists["port-one"]);

    const dry = await cli(["import", out, "--root", rootB, "--dry-run"]);
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toContain("would create  .cx/org/specialists/port-one.json");
    expect(dry.stdout).toContain("would create  .cx/org/contracts/port-contract.json");
    expect(dry.stdout).toContain("dry run: nothing written");
    expect(await filesUnder(rootB)).toEqual([]);

    const real = await cli(["import", out, "--root", rootB]);
    expect(real.code, real.stdout + real.stderr).toBe(0);
    expect(real.stdout).toContain("3 file(s) written");
    const pathsA = resolvePaths({ root: rootA, home, appDir: APP_DIR });
    const pathsB = resolvePaths({ root: rootB, home, appDir: APP_DIR });
    expect(await treeOf(pathsB.projectOrgDir)).toEqual(await treeOf(pathsA.projectOrgDir));

    const again = await cli(["import", out, "--root", rootB, "--dry-run"]);
    expect(again.stdout).toMatch(/unchanged\s+\.cx\/org\/specialists\/port-one\.json/);
    expect(again.stdout).not.toMatch(/create/);
  });

  it("an import merges over a hand-written record unless --replace names it; the dry run shows each field", async () => {
    const root = path.join(base, "partial-root");
    await fs.mkdir(root);
    const readJson = async (file: string) => JSON.parse(await fs.readFile(file, "utf8"));
    const org = path.join(root, ".cx", "org");
    const hand = (id: string) => specialistRecord(id, { displayName: `Hand ${id}`, handoffCandidates: ["qa"] });
    await writeRecord(org, "specialists", hand("hand-one"));
    await writeRecord(org, "specialists", hand("hand-two"));
    const description = "The specialist as another project describes its fixtures.";
    const file = path.join(base, "partial.json");
    await fs.writeFile(
      file,
      JSON.stringify({
        specialists: {
          "hand-one": specialistRecord("hand-one", { description }),
          "hand-two": specialistRecord("hand-two", { description }),
        },
      }),
    );
    const before = await treeOf(root);
    const dry = await cli(["import", file, "--root", root, "--dry-run", "--replace", "specialists/hand-one"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("would update (replace)  .cx/org/specialists/hand-one.json");
    expect(dry.stdout).toContain("- displayName: removed by replace");
    expect(dry.stdout).toContain("would update (merge)  .cx/org/specialists/hand-two.json");
    expect(dry.stdout).toContain("= displayName: kept by merge");
    expect(dry.stdout).toContain("~ description: ");
    const bad = await cli(["import", file, "--root", root, "--mode", "overwrite"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--mode takes merge or replace, not "overwrite"');
    expect(await treeOf(root)).toEqual(before);

    expect((await cli(["import", file, "--root", root, "--replace", "specialists/hand-one"])).code).toBe(0);
    expect(await readJson(path.join(org, "specialists", "hand-one.json"))).toEqual(
      specialistRecord("hand-one", { description }),
    );
    expect(await readJson(path.join(org, "specialists", "hand-two.json"))).toEqual({
      ...hand("hand-two"),
      description,
    });
  });

  it("an import with an invalid entity exits 1 and writes nothing", async () => {
    const file = path.join(base, "bad.json");
    await fs.writeFile(
      file,
      JSON.stringify({
        specialists: {
          "ok-one": specialistRecord("ok-one"),
          "bad-one": { ...specialistRecord("bad-one"), modelTier: "huge" },
        },
      }),
    );
    const root = path.join(base, "project");
    await fs.mkdir(root);
    const run = await cli(["import", file, "--root", root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("#/specialists/bad-one/modelTier");
    expect(run.stdout).toContain("import failed");
    expect(await filesUnder(root)).toEqual([]);
  });

  it("an import file that is not JSON, or not an org payload, exits 1", async () => {
    const root = path.join(base, "project");
    await fs.mkdir(root);
    await fs.writeFile(path.join(base, "not-json.json"), "{ nope");
    await fs.writeFile(path.join(base, "not-org.json"), JSON.stringify({ specialists: ["a"] }));
    for (const name of ["not-json.json", "not-org.json"]) {
      const run = await cli(["import", name, "--root", root]);
      expect(run.code, name).toBe(1);
      expect(run.stderr).toContain(name);
    }
    expect(await filesUnder(root)).toEqual([]);
  });
});

describe("usage", () => {
  it.each([
    ["an unknown command", ["frobnicate"]],
    ["an unknown format", ["validate", "--format", "xml"]],
    ["--root and --tree together", ["validate", "--root", "a", "--tree", "b"]],
    ["an unknown option", ["validate", "--bogus"]],
    ["import without a file", ["import"]],
    ["an unknown scope", ["export", "--scope", "everything"]],
  ])("%s exits 2 and shows the usage", async (_what, args) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toContain("usage:");
  });

  it("help exits 0", async () => {
    const run = await cli(["help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("construct-studio validate");
  });
});
