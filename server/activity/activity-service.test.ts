import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globCovers } from "@/lib/org/fence-cover";
import { cliInProcess } from "@/test/support/cli-in-process";
import { construct2Project, type ParityProject } from "@/test/support/parity";
import { snapshotContent } from "@/test/support/tree";
import { composeServices, type Services } from "../compose";
import { appendDispatches, appendMutations, constructVerify, dispatch, hook } from "./test-support/construct-records";

// A project Construct 2.1.1 prepared (`construct init`, a custom docs-keeper, git), its records
// written by Construct's own hooks and writer, read through the services every surface uses.

let p: ParityProject;
let s: Services;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const git = (args: string[], date?: string) =>
  execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], {
    cwd: p.root,
    stdio: "pipe",
    env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
  });
const profileFile = () => path.join(p.root, ".construct", "org", "worker-profiles", "docs-keeper.json");

beforeAll(async () => {
  p = construct2Project();
  process.env.CONSTRUCT_HOME = p.home;
  process.env.XDG_CONFIG_HOME = p.xdg;
  // `construct init` ignores all of .construct/; the studio's fix lets git see the org.
  expect((await cliInProcess(["fix-ignore", "--root", p.root])).code).toBe(0);
  // History: docs-keeper may edit docs/** from 200 days ago, and src/** too from 100 days ago.
  git(["add", "-A"]);
  git(["commit", "-q", "--amend", "--no-edit", "--reset-author"], ago(200));
  const record = JSON.parse(readFileSync(profileFile(), "utf8"));
  writeFileSync(
    profileFile(),
    `${JSON.stringify({ ...record, fence: { allowedPaths: ["docs/**", "src/**"] } }, null, 2)}\n`,
  );
  git(["commit", "-qam", "docs-keeper edits src too"], ago(100));

  const readme = path.join(p.root, "docs", "readme.md");
  hook(p, "audit-trail", { tool_name: "Write", tool_input: { file_path: readme, content: "# docs\n" } });
  dispatch(p, "cx-docs-keeper", "Update the README for sessions", "Completed: README updated");
  hook(p, "audit-trail", { tool_name: "Edit", tool_input: { file_path: readme, old_string: "#", new_string: "##" } });
  dispatch(p, "cx-architect", "Review the module boundaries", "Review failed: 2 errors");
  dispatch(p, "cx-architect", "Sketch the storage layer", "Drafted. Note: one warning about naming");
  appendMutations(p, [
    { ts: ago(150), agent: "cx-docs-keeper", tool: "Edit", target: "src/early.ts" },
    { ts: ago(50), agent: "cx-docs-keeper", tool: "Write", target: "src/later.ts" },
    { ts: ago(40), agent: "cx-docs-keeper", tool: "Bash", target: "git push origin main" },
    { ts: ago(30), agent: "cx-docs-keeper", tool: "Edit", target: "docs/guide/a.md" },
    { ts: ago(20), agent: "cx-ghost", tool: "Write", target: "src/ghost.ts" },
    { ts: ago(400), agent: "cx-docs-keeper", tool: "Edit", target: "docs/ancient.md" },
  ]);
  appendDispatches(p, [{ timestamp: ago(10), agent: "cx-ghost", outcome: "success" }]);
  s = composeServices({ root: p.root });
}, 180_000);

afterAll(() => {
  s?.close();
  p?.remove();
});

describe("activity against the org", { timeout: 120_000 }, () => {
  it("counts mutations and dispatches per worker profile, with paths relative to the project", async () => {
    const before = snapshotContent(p.root);
    const a = await s.activity.summary({ since: "365d" });
    expect(snapshotContent(p.root)).toEqual(before);
    const keeper = a.profiles.find((x) => x.id === "docs-keeper");
    expect(keeper).toMatchObject({ mutations: 5, byTool: { Edit: 3, Write: 1, Bash: 1 } });
    expect(keeper?.dispatches).toMatchObject({ count: 1, success: 1, error: 0, errorRate: 0 });
    const architect = a.profiles.find((x) => x.id === "architect");
    expect(architect?.dispatches).toMatchObject({ count: 2, warning: 1, error: 1, errorRate: 0.5 });
    const paths = a.timeline.filter((e) => e.profile === "docs-keeper" && e.path).map((e) => e.path);
    expect(paths).toEqual(["src/early.ts", "src/later.ts", "docs/guide/a.md", "docs/readme.md"]);
    expect(a.others).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ agent: "construct", kind: "main-thread", mutations: 1 }),
        expect.objectContaining({ agent: "cx-ghost", kind: "unknown", mutations: 1, dispatches: 1 }),
      ]),
    );
    expect(a.findings.filter((f) => f.id === "activity-unknown-agent").map((f) => f.message)).toEqual([
      expect.stringContaining('"cx-ghost" is in the records'),
    ]);
    expect(a.findings).toContainEqual(expect.objectContaining({ id: "profile-idle", profile: "qa" }));
    expect(a.findings).toContainEqual(expect.objectContaining({ id: "access-unused", profile: "architect" }));
    expect(a.findings.some((f) => f.id === "access-unused" && f.profile === "docs-keeper")).toBe(false);
    expect(a.trails[0]).toMatchObject({ ok: true, trail: ".construct/audit-trail.jsonl" });
    expect(a.trails[0].construct.text).toBe(constructVerify(p).text);
  });

  it("keeps to the window and the filters", async () => {
    const all = await s.activity.summary({ since: "500d" });
    const recent = await s.activity.summary();
    expect(all.timeline.some((e) => e.path === "docs/ancient.md")).toBe(true);
    expect(recent.timeline.some((e) => e.path === "docs/ancient.md" || e.path === "src/early.ts")).toBe(false);
    const bash = await s.activity.summary({ since: "365d", tool: "Bash" });
    expect(bash.timeline.map((e) => e.command)).toEqual(["git push origin main"]);
    const docs = await s.activity.summary({ since: "365d", path: "docs/**", profile: "docs-keeper" });
    expect(docs.timeline.map((e) => e.path)).toEqual(["docs/guide/a.md", "docs/readme.md"]);
    expect(docs.profiles.map((x) => x.id)).toEqual(["docs-keeper"]);
    await expect(s.activity.summary({ since: "soon" })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("finds breaches by the fence as git had it at the time", async () => {
    const a = await s.activity.summary({ since: "365d", profile: "docs-keeper" });
    const breaches = a.findings.filter((f) => f.id === "activity-breach");
    // src/early.ts was outside docs/** then, though today's fence allows it; the push needed an approval no fence gives.
    expect(breaches.map((b) => [b.at?.line, b.rule])).toEqual([
      [3, "no allowedPaths glob matches"],
      [5, '"git push origin main" is a push, and "push" is not in approvalRequired'],
    ]);
    expect(breaches[0].message).toMatch(/edited src\/early\.ts .* its fence of the time refuses/);
  });

  it("says which fence entries were used and proposes a narrower fence the plan applies", async () => {
    const u = await s.activity.unused("architect", { since: "365d" });
    expect(u.dispatches.count).toBe(2);
    expect(u.findings.filter((f) => f.id === "access-unused").length).toBe(u.entries.filter((e) => !e.uses).length);
    const keeper = await s.activity.unused("docs-keeper", { since: "365d" });
    expect(keeper.entries).toEqual([
      { list: "allowedPaths", entry: "docs/**", uses: 2, lastUse: expect.any(String) },
      { list: "allowedPaths", entry: "src/**", uses: 2, lastUse: expect.any(String) },
    ]);
    const fence = keeper.proposal?.patch.fence;
    expect(fence?.allowedPaths).toEqual(["docs/readme.md", "docs/guide/a.md", "src/early.ts", "src/later.ts"]);
    for (const glob of fence?.allowedPaths ?? [])
      expect(["docs/**", "src/**"].some((e) => globCovers(e, glob))).toBe(true);
    const record = (await s.org.snapshot()).rows["worker-profiles"].get("docs-keeper")?.record;
    const plan = await s.plan.planDraft({ kind: "worker-profile", record: { ...record, ...keeper.proposal?.patch } });
    // The plan compares entries as text: each entry it adds is one the old entries cover.
    expect(plan.summary).toMatchObject({ errorsIntroduced: 0, problemsIntroduced: 0, reachWidens: 0 });
    const added = plan.changes.flatMap((c) => (c.kind === "access" && c.action === "widen" ? [c.entry] : []));
    expect(added.length).toBe(4);
    for (const entry of added) expect(["docs/**", "src/**"].some((e) => globCovers(e, entry))).toBe(true);
    await expect(s.activity.unused("nobody")).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers the same on the command line, and refuses a bad --since as a usage mistake", async () => {
    const cli = await cliInProcess([
      "access",
      "docs-keeper",
      "--unused",
      "--since",
      "2026-01-01",
      "--root",
      p.root,
      "--format",
      "json",
    ]);
    expect(cli.code).toBe(0);
    const { window: _w, ...fromCli } = JSON.parse(cli.stdout);
    const { window: _v, ...fromService } = await s.activity.unused("docs-keeper", { since: "2026-01-01" });
    expect(fromCli).toEqual(JSON.parse(JSON.stringify(fromService)));
    expect((await cliInProcess(["activity", "--since", "soon", "--root", p.root])).code).toBe(2);
    expect((await cliInProcess(["activity", "--verify", "--root", p.root])).code).toBe(0);
  });
});

describe("bad input: named by file and line, read past, nothing written", { timeout: 120_000 }, () => {
  it("notes a non-JSON line, a line over 1 MB and a time in the future, and reads the rest", async () => {
    const log = path.join(p.root, ".construct", "agent-log.jsonl");
    appendDispatches(p, [{ timestamp: "2099-01-01T00:00:00.000Z", agent: "cx-architect", outcome: "success" }]);
    // What a crashed or foreign writer leaves: not Construct's lines, appended beside them.
    appendFileSync(
      log,
      `this is not json\n{"timestamp":"${ago(1)}","agent":"cx-architect","description":"${"x".repeat(1_100_000)}"}\n`,
    );
    appendDispatches(p, [{ timestamp: ago(1), agent: "cx-qa", outcome: "error" }]);
    const lines = readFileSync(log, "utf8").split("\n").filter(Boolean).length;
    const before = snapshotContent(p.root);
    const a = await s.activity.summary({ since: "365d" });
    expect(snapshotContent(p.root)).toEqual(before);
    const at = ".construct/agent-log.jsonl";
    expect(a.notes).toEqual(
      expect.arrayContaining([
        { file: at, line: lines - 3, message: "dated 2099-01-01T00:00:00.000Z, in the future" },
        { file: at, line: lines - 2, message: 'not JSON: "this is not json"' },
        { file: at, line: lines - 1, message: expect.stringMatching(/bytes long, over 1 MB: not read/) },
      ]),
    );
    expect(a.profiles.find((x) => x.id === "qa")?.dispatches).toMatchObject({ count: 1, error: 1, errorRate: 1 });
  });
});

describe("following the records", { timeout: 120_000 }, () => {
  it("reads only the bytes appended since the last answer, and says the same in text", async () => {
    const trail = path.join(p.root, ".construct", "audit-trail.jsonl");
    const first = await s.activity.summary({ since: "30d" });
    const size = statSync(trail).size;
    appendMutations(p, [{ ts: ago(1), agent: "cx-docs-keeper", tool: "Edit", target: "docs/new.md" }]);
    const second = await s.activity.summary({ since: "30d" });
    expect(second.read.bytes - first.read.bytes).toBe(statSync(trail).size - size);
    expect(second.read.lines - first.read.lines).toBe(1);
    expect([first, second].map((a) => a.timeline.some((e) => e.path === "docs/new.md"))).toEqual([false, true]);
    expect(second.trails[0].construct.text).toBe(constructVerify(p).text);
    const text = await cliInProcess(["activity", "--since", "30d", "--root", p.root]);
    expect(text.stdout).toMatch(/\.construct\/audit-trail\.jsonl: chain intact — \d+ records verified/);
    expect(text.stdout).toContain("docs-keeper:");
  });

  it("pages through the timeline without reading the records again", async () => {
    const file = path.join(p.root, "team", "dave", "audit-trail.jsonl");
    mkdirSync(path.dirname(file), { recursive: true });
    const row = (i: number) => ({
      ts: ago(4 - i / 100),
      agent: "cx-docs-keeper",
      tool: "Edit" as const,
      target: `docs/d${i}.md`,
    });
    appendMutations(
      p,
      Array.from({ length: 8 }, (_, i) => row(i)),
      { file },
    );
    const one = await s.activity.summary({ since: "30d", trails: [file], limit: 1 });
    expect(one.trails[0].ok).toBe(true);
    // An edit far behind what was read, of the same length, is seen only by a fresh read: the
    // second page is answered from what the first read kept.
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace("docs/d0.md", "docs/x0.md"));
    const more = await s.activity.summary({ since: "30d", trails: [file], limit: 400 });
    expect(one.timeline).toHaveLength(1);
    expect(more.timeline.map((e) => e.path)).toEqual(Array.from({ length: 8 }, (_, i) => `docs/d${i}.md`));
    expect(more.trails[0].ok).toBe(true);
    const fresh = await composeServices({ root: p.root }).activity.summary({ since: "30d", trails: [file] });
    expect(fresh.trails[0].ok).toBe(false);
  });

  it("keeps each entry's file and line right when the file it was read from rotates", async () => {
    const file = path.join(p.root, "team", "carol", "audit-trail.jsonl");
    mkdirSync(path.dirname(file), { recursive: true });
    const row = (i: number) => ({
      ts: ago(5 - i / 100),
      agent: "cx-docs-keeper",
      tool: "Edit" as const,
      target: `docs/r${i}.md`,
    });
    appendMutations(p, [0, 1, 2].map(row), { file });
    const first = await s.activity.summary({ since: "30d", trails: [file] });
    expect(first.timeline.map((e) => e.at.file)).toEqual(Array(3).fill("team/carol/audit-trail.jsonl"));
    appendMutations(
      p,
      Array.from({ length: 12 }, (_, i) => row(i + 3)),
      { file, env: { CONSTRUCT_AUDIT_TRAIL_MAX_MB: "0.001" } },
    );
    const second = await s.activity.summary({ since: "30d", trails: [file] });
    expect(second.timeline).toHaveLength(15);
    // Each entry names the file and line that hold it now: the first three moved into a segment.
    for (const e of second.timeline) {
      const lines = readFileSync(path.join(p.root, e.at.file), "utf8").split("\n").filter(Boolean);
      expect(path.relative(p.root, JSON.parse(lines[e.at.line - 1]).target)).toBe(e.path);
    }
    expect(second.timeline[0].at.file).toMatch(/^team\/carol\/audit-trail\.\d+\.jsonl$/);
  });

  it("reads the records again against a fence that changed", async () => {
    const before = readFileSync(profileFile(), "utf8");
    const record = JSON.parse(before);
    await s.activity.unused("docs-keeper", { since: "365d" });
    writeFileSync(profileFile(), JSON.stringify({ ...record, fence: { allowedPaths: ["docs/**", "notes/**"] } }));
    try {
      const after = await s.activity.unused("docs-keeper", { since: "365d" });
      expect(after.entries.map((e) => [e.entry, e.uses > 0])).toEqual([
        ["docs/**", true],
        ["notes/**", false],
      ]);
    } finally {
      writeFileSync(profileFile(), before);
    }
  });
});

describe("a team's trails", { timeout: 120_000 }, () => {
  it("verifies each on its own and merges them by time", async () => {
    const dir = (who: string) => path.join(p.base, "team", who);
    for (const who of ["alice", "bob"]) mkdirSync(dir(who), { recursive: true });
    const at = (who: string) => path.join(dir(who), "audit-trail.jsonl");
    appendMutations(
      p,
      [0, 2, 4].map((i) => ({
        ts: ago(9 - i),
        agent: "cx-docs-keeper",
        tool: "Edit" as const,
        target: `docs/a${i}.md`,
      })),
      { file: at("alice") },
    );
    appendMutations(
      p,
      [1, 3, 5].map((i) => ({ ts: ago(9 - i), agent: "cx-architect", tool: "Edit" as const, target: `docs/b${i}.md` })),
      { file: at("bob") },
    );
    writeFileSync(at("bob"), readFileSync(at("bob"), "utf8").replace("docs/b1.md", "docs/b7.md"));
    const a = await s.activity.summary({ trails: [at("alice"), at("bob")] });
    expect(a.trails.map((t) => [t.ok, t.issues.map((i) => i.line)])).toEqual([
      [true, []],
      [false, [2]],
    ]);
    expect(a.timeline.map((e) => e.path)).toEqual([
      "docs/a0.md",
      "docs/b7.md",
      "docs/a2.md",
      "docs/b3.md",
      "docs/a4.md",
      "docs/b5.md",
    ]);
    const shown = path.relative(p.root, at("bob"));
    expect(a.findings).toContainEqual(
      expect.objectContaining({ id: "activity-chain-broken", at: { file: shown, line: 2 } }),
    );
    const cli = await cliInProcess([
      "activity",
      "--verify",
      "--trail",
      at("alice"),
      "--trail",
      at("bob"),
      "--root",
      p.root,
    ]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`${shown}: chain BROKEN — 1 issue(s)`);
  });
});
