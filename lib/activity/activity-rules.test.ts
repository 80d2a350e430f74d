import { describe, expect, it } from "vitest";
import { globMatch } from "@/lib/org/fence-glob";
import type { ActivityEvent } from "@/schemas/activity";
import type { EffectiveFence } from "@/schemas/fence";
import { Chain } from "./chain";
import { generalise, proposeFence } from "./fence-from-use";
import { entriesOf, judge } from "./fence-use";
import { normalizePosix, profileOf, projectPath, sinceTime } from "./record";

const fence = (f: Partial<EffectiveFence>): EffectiveFence => ({
  allowedPaths: [],
  allowedCommands: [],
  allowedBdLabels: [],
  approvalRequired: [],
  deniedActions: [],
  ...f,
});

const event = (e: Partial<ActivityEvent>): ActivityEvent => ({
  kind: "mutation",
  at: { file: ".construct/audit-trail.jsonl", line: 1 },
  ts: "2026-11-01T00:00:00.000Z",
  agent: "cx-engineer",
  profile: "engineer",
  tool: "Edit",
  path: null,
  command: null,
  outcome: null,
  description: null,
  ...e,
});

describe("records as the fence sees them", () => {
  it("names the profile an agent stands for, and paths relative to the project", () => {
    expect([profileOf("cx-architect"), profileOf("subagent"), profileOf(null)]).toEqual([
      "architect",
      "subagent",
      null,
    ]);
    expect(projectPath("/p/src/a.ts", "/p", ["/p"])).toBe("src/a.ts");
    expect(projectPath("../src/./b.ts", "/p/docs", ["/p"])).toBe("src/b.ts");
    expect(projectPath("/elsewhere/x", "/p", ["/p"])).toBe("/elsewhere/x");
    expect(projectPath("/real/p/x", null, ["/p", "/real/p"])).toBe("x");
    expect(normalizePosix("a//b/../c/")).toBe("a/c");
  });

  it("reads a window's start from a span or a date, and refuses anything else with the forms it takes", () => {
    const now = new Date("2026-12-07T00:00:00.000Z");
    expect(sinceTime("90d", now).toISOString()).toBe("2026-09-08T00:00:00.000Z");
    expect(sinceTime("2w", now).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(sinceTime("2026-01-31", now).toISOString()).toBe("2026-01-31T00:00:00.000Z");
    expect(() => sinceTime("last week", now)).toThrow(/neither a span \(90d, 12h, 2w, 30m\) nor an ISO date/);
  });
});

describe("fence use, counted by the studio's one fence checker", () => {
  const f = fence({ allowedPaths: ["docs/**", "src/**"], allowedCommands: ["npm test"], approvalRequired: ["push"] });

  it("names the entries a decision's rule gives", () => {
    expect(entriesOf('allowedCommands[0] "npm test", allowedCommands[2] "npm run lint"')).toEqual([
      ["allowedCommands", 0],
      ["allowedCommands", 2],
    ]);
  });

  it("uses the entry that allows an action, and calls a refused one a breach with its rule", () => {
    const used: [string, number, string | null][] = [];
    const onUse = (list: string, index: number, path: string | null) => used.push([list, index, path]);
    expect(judge(f, null, event({ path: "src/a.ts" }), onUse)).toBeNull();
    expect(judge(f, null, event({ tool: "Bash", command: "git push origin main" }), onUse)).toBeNull();
    const breach = judge(f, null, event({ path: "lib/x.ts" }), onUse);
    expect(used).toEqual([
      ["allowedPaths", 1, "src/a.ts"],
      ["approvalRequired", 0, null],
    ]);
    expect(breach).toMatchObject({ id: "activity-breach", rule: "no allowedPaths glob matches", profile: "engineer" });
    // Judged by the fence of the time when there is one: allowed then, a breach only by today's.
    expect(judge(fence({ allowedPaths: ["lib/**"] }), f, event({ path: "lib/x.ts" }), () => {})).toMatchObject({
      message: expect.stringContaining("its fence of the time refuses"),
    });
  });
});

describe("a fence from use", () => {
  it("generalises touched files to the smallest globs, folder by folder", () => {
    expect(generalise(["docs/a.md", "docs/b.md"])).toEqual(["docs/a.md", "docs/b.md"]);
    expect(generalise(["d/1.md", "d/2.md", "d/3.md", "d/4.md"])).toEqual(["d/*.md"]);
    expect(generalise(["d/1.md", "d/2.ts", "d/3.md", "d/4.md", "top.md"])).toEqual(["top.md", "d/*"]);
  });

  it("is never broader than the entry it narrows, drops what was not used, and keeps labels and denials", () => {
    const today = fence({
      allowedPaths: ["docs/*.md", "src/**"],
      allowedCommands: ["npm test", "npm run lint"],
      allowedBdLabels: ["triage"],
      approvalRequired: ["push"],
      deniedActions: ["edit:src/secret/**"],
    });
    const touched = new Map([[0, new Set(["docs/a.md", "docs/b.md", "docs/c.md", "docs/d.md"])]]);
    const entries = [
      { list: "allowedPaths" as const, entry: "docs/*.md", uses: 4, lastUse: null },
      { list: "allowedPaths" as const, entry: "src/**", uses: 0, lastUse: null },
      { list: "allowedCommands" as const, entry: "npm test", uses: 2, lastUse: null },
      { list: "allowedCommands" as const, entry: "npm run lint", uses: 0, lastUse: null },
      { list: "approvalRequired" as const, entry: "push", uses: 0, lastUse: null },
    ];
    const p = proposeFence(today, entries, touched);
    expect(p.patch.fence).toEqual({
      allowedPaths: ["docs/*.md"],
      allowedCommands: ["npm test"],
      allowedBdLabels: ["triage"],
      deniedActions: ["edit:src/secret/**"],
    });
    expect(p.removed).toEqual([
      { list: "allowedPaths", entry: "src/**" },
      { list: "allowedCommands", entry: "npm run lint" },
      { list: "approvalRequired", entry: "push" },
    ]);
    for (const file of touched.get(0) ?? [])
      expect(p.patch.fence.allowedPaths.some((g) => globMatch(g, file))).toBe(true);
  });

  it('proposes ["."], which matches no file, for a profile that edited nothing', () => {
    const p = proposeFence(
      fence({ allowedPaths: ["docs/**"] }),
      [{ list: "allowedPaths", entry: "docs/**", uses: 0, lastUse: null }],
      new Map(),
    );
    expect(p.patch.fence.allowedPaths).toEqual(["."]);
    expect(globMatch(".", "docs/a.md")).toBe(false);
    expect(p.note).toMatch(/matches no file/);
  });
});

describe("the chain, fed line by line", () => {
  const hash = (n: number) => n.toString(16).padStart(64, "0");
  const line = (n: number, prev: string | null, extra: object = {}) => ({
    text: `line ${n}`,
    hash: hash(n),
    parsed: true,
    value: { prev_line_hash: prev, ...extra },
  });

  it("checks each link, forgets what came before the last reset, and counts per file", () => {
    const c = new Chain();
    c.startFile("a.jsonl", false);
    c.feed(line(1, "anything"));
    c.feed(line(2, hash(9)));
    c.feed(line(3, hash(2)));
    expect(c.verdict("a.jsonl", "a.jsonl")).toMatchObject({
      ok: false,
      verified: 3,
      issues: [{ line: 2, expected: hash(1) }],
    });
    c.feed(line(4, "x", { chain_reset: true }));
    c.feed(line(5, hash(4)));
    expect(c.verdict("a.jsonl", "a.jsonl")).toMatchObject({ ok: true, verified: 2, legacy: 3 });
    c.startFile("b.jsonl");
    c.feed(line(6, hash(1)));
    const v = c.verdict("a.jsonl", "b.jsonl");
    expect(v.issues).toEqual([expect.objectContaining({ file: "b.jsonl", line: 1, expected: hash(5) })]);
    // Construct reads one file and never checks its first line: its own verdict stays intact.
    expect(v.construct).toEqual({ ok: true, verified: 1, text: "Audit chain OK — 1 records verified." });
  });
});
