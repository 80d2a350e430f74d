import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { construct, constructInit, installConstruct } from "@/test/support/construct-package";
import { runCli } from "@/test/support/processes";
import { type TempProject, tempProject } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";
import { composeServices, type Services } from "../../compose";

/**
 * What a Construct 2.1.1 user meets on the studio's surfaces, each judged by Construct's own CLI: a
 * record read back validates, a create's defaults are its defaults, an edit keeps what Construct
 * shows truthful, what it accepts is never refused, and every file the studio writes is seen by git.
 */

let project: TempProject;
let services: Services;
const run = (args: string[]) => construct(args, { cwd: project.root, home: project.home });
const git = (args: string[]) => execFileSync("git", args, { cwd: project.root, encoding: "utf8" });
const profileFile = (id: string) => path.join(project.root, ".construct", "org", "worker-profiles", `${id}.json`);
const fresh = () => {
  services?.close();
  services = composeServices({ root: project.root });
  return services;
};
const cli = (args: string[]) =>
  runCli([...args, "--root", project.root], {
    cwd: project.base,
    env: { CONSTRUCT_HOME: path.join(project.home, ".construct"), HOME: project.home },
  });

beforeAll(() => {
  project = tempProject({ prefix: "cs-c2-surfaces-" });
  installConstruct(project.root);
  expect(constructInit(project.root, project.home).status).toBe(0);
  process.env.CONSTRUCT_HOME = path.join(project.home, ".construct");
  git(["init", "-q"]);
  git(["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "start"]);
  fresh();
}, 180_000);

afterAll(() => {
  services?.close();
  project?.remove();
});

describe("validate agrees with what a read returns and what a write does", () => {
  it("every registry worker profile, validated exactly as it is read, is valid, as the org says", async () => {
    const { org } = fresh();
    const { items } = await org.listEntities("worker-profile");
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      const row = await org.getEntity("worker-profile", item.id);
      const result = await org.validateDraft("worker-profile", row?.record ?? {});
      const own = row?.errors ?? [];
      expect({ id: item.id, ok: result.ok, problems: [...result.errors, ...result.warnings] }).toEqual({
        id: item.id,
        ok: true,
        problems: [...own.filter((p) => p.severity === "error"), ...own.filter((p) => p.severity === "warning")],
      });
    }
  });

  it("a record read back and sent as an update writes nothing", async () => {
    const { org } = fresh();
    const before = snapshotContent(project.root);
    const row = await org.getEntity("worker-profile", "architect");
    const result = await org.updateEntity("worker-profile", "architect", row?.record ?? {}, {});
    expect(result).toMatchObject({ ok: true, etag: row?.etag });
    expect(snapshotContent(project.root)).toEqual(before);
  });

  it("a draft with only what Construct requires validates as the create writes it, and Construct agrees", async () => {
    const { org } = fresh();
    const draft = {
      id: "docs-keeper",
      description: "Keeps every README and decision record of the project current",
      skills: ["docs/adr-writing"],
      fence: { allowedPaths: ["docs/**"] },
    };
    const checked = await org.validateDraft("worker-profile", draft);
    expect(checked).toMatchObject({ ok: true, errors: [] });
    await org.createEntity("worker-profile", draft);
    const theirs = run(["worker-profile", "validate", `--file=${profileFile("docs-keeper")}`]);
    expect(theirs.status, theirs.stdout + theirs.stderr).toBe(0);
  });

  it("a description edit keeps `construct worker-profile show` and `list` truthful", async () => {
    expect(
      run([
        "worker-profile",
        "create",
        "notes-bot",
        "--description=Takes the notes of every planning meeting",
        "--skills=docs/adr-writing",
      ]).status,
    ).toBe(0);
    const { org } = fresh();
    const text = "Files the notes of each planning meeting";
    const row = await org.getEntity("worker-profile", "notes-bot");
    await org.updateEntity("worker-profile", "notes-bot", { description: text }, { ifMatch: row?.etag });
    const shown = run(["worker-profile", "show", "notes-bot"]).stdout;
    expect(shown).toContain(text);
    expect(shown).not.toContain("Takes the notes of every planning meeting");
    expect(run(["worker-profile", "list"]).stdout).toContain(text);
    // A displayName the user chose is theirs: a later description does not replace it.
    await org.updateEntity("worker-profile", "notes-bot", { displayName: "Note taker" });
    await org.updateEntity("worker-profile", "notes-bot", { description: `${text}, kept for a year` });
    expect(JSON.parse(readFileSync(profileFile("notes-bot"), "utf8")).displayName).toBe("Note taker");
  });
});

describe("the studio never refuses what Construct accepts", () => {
  it("a cx- id: created with a warning, the same warning in validate, and Construct validates, lists and shows it", async () => {
    const { org } = fresh();
    const created = await org.createEntity("worker-profile", {
      id: "cx-scribe",
      description: "Writes release notes from the merged pull requests",
      skills: ["docs/adr-writing"],
      fence: { allowedPaths: ["CHANGELOG.md"] },
    });
    const warning = created.warnings.find((w) => w.id === "prefixed-worker-profile-id");
    expect(warning?.message).toContain('"cx-scribe" starts with "cx-"');
    const all = await fresh().org.validateAll();
    expect(all.problems.filter((p) => p.id === "prefixed-worker-profile-id")).toEqual([
      expect.objectContaining({ message: warning?.message, severity: "warning" }),
    ]);
    expect(run(["worker-profile", "validate", `--file=${profileFile("cx-scribe")}`]).status).toBe(0);
    expect(run(["worker-profile", "list"]).stdout).toContain("cx-scribe");
    expect(run(["worker-profile", "show", "cx-scribe"]).status).toBe(0);
  });

  it("Construct's own default fence (`.`) draws no warning", async () => {
    expect(
      run([
        "worker-profile",
        "create",
        "plain-bot",
        "--description=A profile made with every default of the CLI",
        "--skills=docs/adr-writing",
      ]).status,
    ).toBe(0);
    expect(JSON.parse(readFileSync(profileFile("plain-bot"), "utf8")).fence).toEqual({ allowedPaths: ["."] });
    const { problems } = await fresh().org.validateAll();
    expect(problems.filter((p) => p.location.startsWith("#/worker-profiles/plain-bot"))).toEqual([]);
  });
});

describe("previews take worker profiles", () => {
  it("route preview ranks them and the access graph knows them", async () => {
    const { org } = fresh();
    const { candidates } = await org.previewRoute({
      description: "make the trade-offs explicit before implementation",
    });
    expect(candidates.map((c) => c.id)).toContain("architect");
    const reach = await org.access("architect");
    expect(reach.id).toBe("architect");
  });
});

describe("git sees every file the studio writes, and nothing else", () => {
  it("after fix-ignore, a pack enabled, a capability enabled and a profile written are all there to commit", async () => {
    const s = fresh();
    const fix = await cli(["fix-ignore"]);
    expect(fix.code, fix.stderr).toBe(0);
    await s.embed.enable("pm-feedback");
    await s.org.createEntity("worker-profile", {
      id: "git-visible",
      description: "A profile written to see that git shows it",
      skills: ["docs/adr-writing"],
      fence: { allowedPaths: ["docs/**"] },
    });
    const changed = git(["status", "--porcelain", "--untracked-files=all"])
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
    expect(changed).toEqual(
      expect.arrayContaining([
        ".construct/org/worker-profiles/git-visible.json",
        ".construct/org/prompts/git-visible.md",
        ".construct/procedures/pm-feedback.manifest.json",
      ]),
    );
    // Construct's own state stays ignored: its launcher, its context, its records of what agents did.
    expect(
      changed.filter((p) => p.startsWith(".construct/") && !/^\.construct\/(org|procedures|packs)/.test(p)),
    ).toEqual([]);
    const stillIgnored = git(["check-ignore", "--no-index", ".construct/audit-trail.jsonl", ".construct/context.md"]);
    expect(stillIgnored.trim().split("\n")).toHaveLength(2);
  });
});

describe("validate says which validators answered", () => {
  it("the studio's rules before the project's install is trusted, Construct's own after, in text and JSON", async () => {
    const before = await cli(["validate", "--format", "json"]);
    expect(JSON.parse(before.stdout).checkedBy).toMatchObject({ by: "studio" });
    expect((await cli(["validate"])).stdout).toContain("checked by the studio's restatement of Construct's rules");
    expect((await cli(["trust"])).code).toBe(0);
    const after = await cli(["validate", "--format", "json"]);
    expect(JSON.parse(after.stdout).checkedBy).toMatchObject({ by: "construct", version: "2.1.1" });
    expect((await cli(["validate"])).stdout).toContain("checked by Construct 2.1.1's own validator");
  });
});
