import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { construct, installConstruct } from "@/test/support/construct-package";
import { runCli } from "@/test/support/processes";
import { specialistRecord, type TempProject, tempProject, writeFiles } from "@/test/support/temp-project";
import { snapshotContent } from "@/test/support/tree";

/** `construct-studio migrate --to 2`, run for real, judged by the real Construct 2.1.1 CLI. */

let project: TempProject;
afterEach(() => project?.remove());

// The studio's user tier is CONSTRUCT_HOME/org; Construct's is ~/.construct/org: the same folder here.
const constructHome = () => path.join(project.home, ".construct");
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    cwd: project.root,
    env: { CONSTRUCT_HOME: constructHome(), XDG_CONFIG_HOME: project.xdg, HOME: project.home, ...env },
  });

const ORG = ".construct/org";

/** An ADR-era project tier: two specialists of its own (one with a prompt), an override of a built-in one, and records 2.x has no place for. */
function adrProject(): void {
  project = tempProject({ prefix: "cs-migrate-" });
  project.write({
    [`${ORG}/specialists/cx-widget.json`]: specialistRecord("cx-widget", {
      name: "widget",
      role: "widget",
      team: "platform-team",
      groupId: "eng-group",
      handoffCandidates: ["cx-gadget", "reviewer"],
      claudeTools: "Read,Grep,Glob,cx_trace,list_teams",
    }),
    [`${ORG}/specialists/gadget.json`]: specialistRecord("gadget", { team: "platform-team" }),
    [`${ORG}/specialists/cx-architect.json`]: { id: "cx-architect", modelTier: "standard" },
    [`${ORG}/teams/platform-team.json`]: { id: "platform-team", name: "Platform" },
    [`${ORG}/groups/eng-group.json`]: { id: "eng-group", name: "Engineering" },
    [`${ORG}/contracts/widget-to-gadget.json`]: { id: "widget-to-gadget", producer: "cx-widget" },
    [`${ORG}/policies/widget-approval.json`]: { id: "widget-approval" },
    ".construct/prompts/cx-widget.md": "---\nrole: widget\n---\n# Widget\n\nYou build widgets.\n",
  });
}

const tree = () => snapshotContent(project.root);

// Each case runs the real bin (and Construct's) several times; under a full parallel run that takes more than 30 s.
describe("construct-studio migrate --to 2", { timeout: 180_000 }, () => {
  it("--dry-run reports and writes nothing; the run writes profiles Construct 2.1.1 validates and lists", async () => {
    adrProject();
    installConstruct(project.root);
    const before = tree();
    const dry = await cli(["migrate", "--to", "2", "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(tree()).toEqual(before);
    expect(dry.stderr).toBe(
      "construct-studio: Construct 2.1.1 (worker profiles) from node_modules/@geraldmaron/construct\n",
    );
    expect(dry.stdout).toContain("cx-widget → widget  .construct/org/worker-profiles/widget.json");
    expect(dry.stdout).toContain("gadget → gadget");
    expect(dry.stdout).toMatch(/Kept back \(1\):\n {2}cx-architect .*overrides the built-in specialist/);
    for (const line of ["team platform-team", "group eng-group", "contract widget-to-gadget", "policy widget-approval"])
      expect(dry.stdout).toContain(line);
    expect(dry.stdout).toContain('dropped "list_teams"');
    expect(dry.stdout).toContain('"cx-gadget" is "gadget"');
    expect(dry.stdout).toContain("would create  .construct/org/prompts/widget.md");
    expect(dry.stdout).toContain("Dry run: nothing written");

    const run = await cli(["migrate", "--to", "2"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("migrate never deletes them");
    expect(run.stdout).toContain("git rm -r .construct/org/specialists");
    const after = tree();
    for (const [rel, content] of Object.entries(before)) expect(after[rel], rel).toBe(content);
    const written = Object.keys(after).filter((rel) => !(rel in before) && !rel.endsWith("/"));
    expect(written.sort()).toEqual([
      ".construct/org/prompts/widget.md",
      ".construct/org/worker-profiles/gadget.json",
      ".construct/org/worker-profiles/widget.json",
    ]);
    expect(readFileSync(path.join(project.root, ".construct/org/prompts/widget.md"), "utf8")).toContain("# Widget");
    const widget = JSON.parse(
      readFileSync(path.join(project.root, ".construct/org/worker-profiles/widget.json"), "utf8"),
    );
    expect(widget).toMatchObject({
      name: "widget",
      team: "platform-team",
      handoffCandidates: ["gadget", "reviewer"],
      claudeTools: "Read,Grep,Glob,construct_trace",
      promptFile: ".construct/org/prompts/widget.md",
    });

    const home = project.home;
    for (const file of ["widget", "gadget"]) {
      const check = construct(["worker-profile", "validate", `--file=.construct/org/worker-profiles/${file}.json`], {
        cwd: project.root,
        home,
      });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain(`Worker Profile "${file}" is valid.`);
    }
    const list = construct(["worker-profile", "list"], { cwd: project.root, home });
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^widget\s.*\[project\]$/m);
    expect(list.stdout).toMatch(/^gadget\s.*\[project\]$/m);

    const again = await cli(["migrate", "--to", "2"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("unchanged  .construct/org/worker-profiles/widget.json");
    expect(tree()).toEqual(after);
  });

  it("--scope user moves the user tier's specialists into ~/.construct/org/worker-profiles", async () => {
    project = tempProject({ prefix: "cs-migrate-" });
    const userTier = path.join(constructHome(), "org");
    writeFiles(userTier, { "specialists/helper.json": specialistRecord("helper") });
    installConstruct(project.root);
    const run = await cli(["migrate", "--to", "2", "--scope", "user"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("helper → helper  ~/.construct/org/worker-profiles/helper.json (no prompt)");
    const file = path.join(userTier, "worker-profiles", "helper.json");
    const check = construct(["worker-profile", "validate", `--file=${file}`], {
      cwd: project.root,
      home: project.home,
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const list = construct(["worker-profile", "list"], { cwd: project.root, home: project.home });
    expect(list.stdout).toMatch(/^helper\s.*\[user\]$/m);
  });

  const refusals: [string, () => void, string][] = [
    [
      "a profile that exists with different content",
      () => project.write({ [`${ORG}/worker-profiles/gadget.json`]: { name: "gadget", note: "hand-made" } }),
      ".construct/org/worker-profiles/gadget.json already exists with different content",
    ],
    [
      "an id 2.x cannot take",
      () => project.write({ [`${ORG}/specialists/9-lives.json`]: specialistRecord("9-lives") }),
      '"9-lives" becomes "9-lives", an id Construct 2.x cannot take',
    ],
    [
      "a description 2.x refuses",
      () =>
        project.write({ [`${ORG}/specialists/gadget.json`]: specialistRecord("gadget", { description: "Gadgets." }) }),
      'field "description" of "gadget": "description" must be at least 20 characters',
    ],
    [
      "a file it cannot read",
      () => project.write({ [`${ORG}/specialists/broken.json`]: "{ not json" }),
      ".construct/org/specialists/broken.json",
    ],
  ];

  it.each(refusals)("refuses %s, naming it, and writes nothing", async (_what, arrange, message) => {
    adrProject();
    arrange();
    const before = tree();
    for (const args of [["--dry-run"], []]) {
      const run = await cli(["migrate", "--to", "2", ...args]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toContain("migrate: refused, nothing written:");
      expect(run.stderr).toContain(message);
      expect(tree()).toEqual(before);
    }
  });

  it("moves an earlier org kept in .cx/ into .construct/org and says .cx/ is not read after it", async () => {
    project = tempProject({
      prefix: "cs-migrate-",
      files: {
        ".cx/org/specialists/gadget.json": specialistRecord("gadget"),
        ".cx/prompts/gadget.md": "# Gadget\n",
      },
    });
    const run = await cli(["migrate", "--to", "2"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("the earlier org in .cx/org → Construct 2.x worker profiles in .construct/org");
    expect(run.stdout).toContain(".cx/ (its packs.json, layout and embed overlays) is not read after this");
    expect(run.stdout).toContain("git rm -r .cx/org/specialists .cx/prompts");
    expect(readFileSync(path.join(project.root, ".construct/org/prompts/gadget.md"), "utf8")).toBe("# Gadget\n");
  });

  it("refuses a Construct version the studio does not know, writing nothing", async () => {
    adrProject();
    const before = tree();
    const run = await cli(["migrate", "--to", "2", "--construct-version", "2.2.0"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Construct 2.2.0 is a version the studio does not know");
    expect(tree()).toEqual(before);
  });

  it("refuses a tier with no specialists to move, and a call without --to 2", async () => {
    project = tempProject({ prefix: "cs-migrate-", files: { [`${ORG}/teams/solo.json`]: { id: "solo" } } });
    const before = tree();
    const empty = await cli(["migrate", "--to", "2"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("no specialists to move");
    const usage = await cli(["migrate"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("migrate needs --to 2");
    expect(tree()).toEqual(before);
  });
});

describe("--construct-version on every command", { timeout: 180_000 }, () => {
  it("names the generation on stderr and keeps JSON on stdout parseable", async () => {
    project = tempProject({ prefix: "cs-generation-" });
    const adr = await cli(["validate", "--format", "json"]);
    expect(adr.stderr).toBe("construct-studio: the earlier org (specialists, teams) — no Construct 2.x found\n");
    expect(JSON.parse(adr.stdout)).toMatchObject({ ok: true });
    const v2 = await cli(["validate", "--format", "json", "--construct-version", "2.1.1"]);
    expect(v2.stderr.split("\n")[0]).toBe(
      "construct-studio: Construct 2.1.1 (worker profiles) — its package is not installed (--construct-version 2.1.1)",
    );
    expect(JSON.parse(v2.stdout)).toHaveProperty("problems");
    const missing = await cli(["export", "--construct-version"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--construct-version takes a version");
  });
});
