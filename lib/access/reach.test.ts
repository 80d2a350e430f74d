import { describe, expect, it } from "vitest";
import { emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { accessGraph } from "./graph";
import { reachesAction, reachOf } from "./reach";
import { reachChanges, reachKeysAll } from "./reach-all";
import { team, workerProfileOrg } from "./reach-org.fixture";

const spec = (
  id: string,
  role: string,
  teamId: string | undefined,
  paths: string[],
  handoffs: string[] = [],
  more = {},
) => ({
  id,
  name: id,
  role,
  ...(teamId ? { team: teamId } : {}),
  fence: { allowedPaths: paths, ...more },
  handoffCandidates: handoffs,
});

/** reviewer (docs) → engineer (src, git push with approval) → tester (test) → reviewer: a cycle. */
function org(): OrgRecords {
  return {
    ...emptyOrg(),
    teams: {
      eng: team("eng", ["reviewer", "engineer", "tester"]),
      lead: team("lead", ["lead"]),
    },
    specialists: {
      "cx-reviewer": spec("cx-reviewer", "reviewer", "eng", ["docs/**"], ["engineer"]),
      "cx-engineer": spec("cx-engineer", "engineer", "eng", ["src/**"], ["tester"], { approvalRequired: ["push"] }),
      "cx-tester": spec("cx-tester", "tester", "eng", ["test/**"], ["reviewer"]),
      "cx-lead": spec("cx-lead", "lead", "lead", ["**"]),
    },
  };
}

describe("reachOf", () => {
  it("follows a chain of handoffs and names the path that grants each entry", () => {
    const reach = reachOf(accessGraph(org()), "cx-reviewer");
    expect(reach?.reached.map((r) => r.id)).toEqual(["cx-reviewer", "cx-engineer", "cx-tester"]);
    const texts = reach?.entries.map((e) => e.text);
    expect(texts).toContain("cx-reviewer: edit docs/**");
    expect(texts).toContain("cx-reviewer → handoff → cx-engineer: edit src/**");
    expect(texts).toContain("cx-reviewer → handoff → cx-engineer → handoff → cx-tester: edit test/**");
    expect(texts).toContain("cx-reviewer → handoff → cx-engineer: push with approval");
    expect(reach?.edges).toEqual(["handoff:cx-reviewer:engineer:cx-engineer", "handoff:cx-engineer:tester:cx-tester"]);
  });

  it("terminates on a cycle and reaches the same from every member of it", () => {
    const g = accessGraph(org());
    const all = reachKeysAll(g);
    expect(all.get("cx-tester")).toBe(all.get("cx-reviewer"));
    expect([...(all.get("cx-engineer") ?? [])].sort()).toEqual(
      ["allowedPaths\tdocs/**", "allowedPaths\tsrc/**", "allowedPaths\ttest/**", "approvalRequired\tpush"].sort(),
    );
    expect(all.get("cx-lead")).toEqual(new Set(["allowedPaths\t**"]));
  });

  it("fans a role out to every holder", () => {
    const o = org();
    o.specialists["cx-engineer-2"] = spec("cx-engineer-2", "engineer", "eng", ["infra/**"]);
    const reach = reachOf(accessGraph(o), "cx-reviewer");
    expect(reach?.entries.find((e) => e.entry === "infra/**")?.text).toBe(
      "cx-reviewer → handoff → cx-engineer-2: edit infra/**",
    );
  });

  it("narrows each holder by its team and grants nothing for a specialist in no team", () => {
    const o = org();
    o.teams.eng = team("eng", ["reviewer", "engineer", "tester"], { forbiddenDecisions: ["push"] });
    o.specialists["cx-tester"] = spec("cx-tester", "tester", undefined, ["test/**"], ["reviewer"]);
    const reach = reachOf(accessGraph(o), "cx-reviewer");
    expect(reach?.entries.map((e) => e.entry)).toEqual(["docs/**", "src/**"]);
    expect(reach?.notes).toEqual([
      { id: "cx-tester", message: "the specialist has no team, so the effective fence is empty (deny by default)" },
    ]);
  });

  it("leaves invalid globs out and names them", () => {
    const o = org();
    o.specialists["cx-engineer"] = spec("cx-engineer", "engineer", "eng", ["src/**", "/etc/**", "{a,b}/**"]);
    const reach = reachOf(accessGraph(o), "cx-reviewer");
    expect(reach?.entries.map((e) => e.entry)).not.toContain("/etc/**");
    expect(reach?.invalid.map((i) => [i.holder, i.entry])).toEqual([
      ["cx-engineer", "/etc/**"],
      ["cx-engineer", "{a,b}/**"],
    ]);
  });

  it("shows escalations apart, with the path that escalates", () => {
    const o = org();
    o.teams.eng = team("eng", ["reviewer", "engineer", "tester"], { escalationPath: ["lead"] });
    const reach = reachOf(accessGraph(o), "cx-reviewer");
    expect(reach?.entries.map((e) => e.entry)).not.toContain("**");
    expect(reach?.escalations.map((e) => e.text)).toEqual(["cx-reviewer → escalation → cx-lead: edit **"]);
    expect(reachesAction(accessGraph(o), "cx-reviewer", "edit", "etc/passwd")?.grant?.text).toBe(
      'cx-reviewer → escalation → cx-lead: edit etc/passwd by allowedPaths[0] "**"',
    );
  });

  it("follows contracts from producer to consumer", () => {
    const o = org();
    o.contracts.review = { id: "review", producer: "cx-lead", consumer: "cx-tester", input: {} };
    const reach = reachOf(accessGraph(o), "cx-lead");
    expect(reach?.entries.find((e) => e.entry === "test/**")?.text).toBe(
      "cx-lead → contract → cx-tester: edit test/**",
    );
  });

  it("keeps the ends of a long path and counts the steps between", () => {
    const o = emptyOrg();
    for (let i = 0; i < 20; i++)
      o.specialists[`s${i}`] = spec(`s${i}`, `r${i}`, "eng", [`area-${i}/**`], i < 19 ? [`r${i + 1}`] : []);
    o.teams.eng = team(
      "eng",
      Array.from({ length: 20 }, (_, i) => `r${i}`),
    );
    const reach = reachOf(accessGraph(o), "s0");
    const last = reach?.entries.find((e) => e.entry === "area-19/**");
    expect(last?.elided).toBe(7);
    expect(last?.path.map((s) => s.to)).toEqual([
      "s1",
      "s2",
      "s3",
      "s4",
      "s5",
      "s6",
      "s14",
      "s15",
      "s16",
      "s17",
      "s18",
      "s19",
    ]);
    expect(last?.text).toBe(
      "s0 → handoff → s1 → handoff → s2 → handoff → s3 → handoff → s4 → handoff → s5 → handoff → s6 → … 7 more steps … → handoff → s14 → handoff → s15 → handoff → s16 → handoff → s17 → handoff → s18 → handoff → s19: edit area-19/**",
    );
    expect(reach?.reached.at(-1)).toMatchObject({ id: "s19", hops: 19, step: { from: "s18", to: "s19" } });
    expect(reach?.entries.find((e) => e.entry === "area-12/**")?.elided).toBeUndefined();
  });

  it("leaves out a push line in allowedCommands: a push is granted by approvalRequired alone", () => {
    const o = org();
    o.specialists["cx-engineer"] = spec("cx-engineer", "engineer", "eng", ["src/**"], [], {
      allowedCommands: ["npm test", "git push origin main"],
    });
    const reach = reachOf(accessGraph(o), "cx-reviewer");
    expect(reach?.entries.map((e) => e.entry)).toContain("npm test");
    expect(reach?.entries.map((e) => e.entry)).not.toContain("git push origin main");
    expect(reach?.invalid).toEqual([
      {
        holder: "cx-engineer",
        list: "allowedCommands",
        entry: "git push origin main",
        message: 'a push is allowed only through approvalRequired "push", never by a command prefix',
      },
    ]);
  });

  it("names a handoff to a role nobody holds", () => {
    const o = org();
    o.specialists["cx-reviewer"] = spec(
      "cx-reviewer",
      "reviewer",
      "eng",
      ["docs/**"],
      ["engineer", "ghost", "reviewer"],
    );
    expect(reachOf(accessGraph(o), "cx-reviewer")?.notes).toEqual([
      { id: "cx-reviewer", message: 'the handoff to "ghost" reaches no one: nobody holds that role' },
    ]);
  });

  it("answers null for an id the org does not have", () => {
    expect(reachOf(accessGraph(org()), "nobody")).toBeNull();
  });
});

describe("reachesAction", () => {
  it("finds the first path that grants an action, counting approvals", () => {
    const g = accessGraph(org());
    expect(reachesAction(g, "cx-reviewer", "edit", "src/app.ts")?.grant?.text).toBe(
      'cx-reviewer → handoff → cx-engineer: edit src/app.ts by allowedPaths[0] "src/**"',
    );
    expect(reachesAction(g, "cx-reviewer", "push")?.grant).toMatchObject({
      holder: "cx-engineer",
      decision: "needs-approval",
    });
    expect(reachesAction(g, "cx-lead", "edit", "src/app.ts")?.grant?.holder).toBe("cx-lead");
    const o = org();
    o.specialists["cx-reviewer"] = spec("cx-reviewer", "reviewer", "eng", ["docs/**"]);
    expect(reachesAction(accessGraph(o), "cx-reviewer", "edit", "src/app.ts")).toEqual({
      reachable: false,
      grant: null,
    });
  });
});

describe("reachChanges", () => {
  it("reports a widening that comes only from a new handoff, on a specialist the change never touched", () => {
    const before = org();
    before.specialists["cx-engineer"] = spec("cx-engineer", "engineer", "eng", ["src/**"]);
    const after = org();
    after.specialists["cx-engineer"] = spec("cx-engineer", "engineer", "eng", ["src/**"], ["lead"]);
    const changes = reachChanges(accessGraph(before), accessGraph(after));
    const reviewer = changes.filter((c) => c.id === "cx-reviewer");
    expect(reviewer).toEqual([
      {
        action: "widen",
        id: "cx-reviewer",
        list: "allowedPaths",
        entry: "**",
        holder: "cx-lead",
        text: "cx-reviewer → handoff → cx-engineer → handoff → cx-lead: edit **",
      },
    ]);
    // cx-tester hands off to cx-reviewer, so it widens too.
    expect(changes.map((c) => c.id).sort()).toEqual(["cx-engineer", "cx-reviewer", "cx-tester"]);
  });

  it("reports narrowing, and leaves a principal's own fence changes to the fence diff", () => {
    const before = org();
    const after = org();
    after.specialists["cx-reviewer"] = spec("cx-reviewer", "reviewer", "eng", ["docs/**", "src/**"], []);
    const changes = reachChanges(accessGraph(before), accessGraph(after));
    const reviewer = changes.filter((c) => c.id === "cx-reviewer");
    expect(reviewer.map((c) => [c.action, c.entry])).toEqual([
      ["narrow", "test/**"],
      ["narrow", "push"],
    ]);
  });
});

describe("Construct 2.x worker profiles", () => {
  it("reach through handoffCandidates naming an id or a role, with each profile's own fence", () => {
    // writer (docs) hands off by id to a registry builder, whose fence sits in policyFence.
    const o = workerProfileOrg();
    const reach = reachOf(accessGraph(o), "writer");
    expect(reach?.kind).toBe("worker-profile");
    expect(reach?.entries.map((e) => e.text)).toEqual([
      "writer: edit docs/**",
      "writer → handoff → builder: edit src/**",
      "writer → handoff → builder: run npm test",
    ]);
  });
});
