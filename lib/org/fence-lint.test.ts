import { describe, expect, it } from "vitest";
import { fenceLint, globsMatchingNothing } from "@/lib/org/fence-lint";
import { withoutLintedEntry } from "@/lib/org/fence-lint-rules";
import { buildIndex } from "@/lib/org/org-index";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { validateDraft, validateOrg } from "@/lib/org/validate";
import type { EntityRecord } from "@/schemas/kinds";

const at = (lints: ReturnType<typeof fenceLint>) => lints.map((l) => `${l.id} ${l.path.join("/")}`);
const team = (...forbiddenDecisions: string[]) => ({ id: "core-team", forbiddenDecisions });

describe("fence-rule-shadowed", () => {
  it("warns on a glob a broader one in the same list covers, naming the broader one", () => {
    const lints = fenceLint({ allowedPaths: ["docs/adr/**", "src/**", "docs/**"] });
    expect(at(lints)).toEqual(["fence-rule-shadowed allowedPaths/0"]);
    expect(lints[0].message).toContain('"docs/adr/**" is already allowed by "docs/**" (allowedPaths[2])');
  });

  it("warns on the later of two exact duplicates only", () => {
    const lints = fenceLint({ allowedPaths: ["docs/**", "src/**", "docs/**"] });
    expect(at(lints)).toEqual(["fence-rule-shadowed allowedPaths/2"]);
    expect(lints[0].message).toContain("listed twice (allowedPaths[0])");
  });

  it("says nothing on near-misses: siblings, a folder beside its contents, a glob the grammar refuses", () => {
    expect(fenceLint({ allowedPaths: ["docs/**", "docs"] })).toEqual([]);
    expect(fenceLint({ allowedPaths: ["docs/*", "docs/**"] })).toEqual([]);
    expect(fenceLint({ allowedPaths: ["src/*.ts", "src/*.tsx", "lib/**"] })).toEqual([]);
    expect(fenceLint({ allowedPaths: ["src/{a,b}/**", "src/{a,b}/x/**"] })).toEqual([]);
  });

  it("warns on a command prefix another prefix already allows, as checkAction matches prefixes", () => {
    expect(at(fenceLint({ allowedPaths: ["x"], allowedCommands: ["npm test", "npm", "npmx"] }))).toEqual([
      "fence-rule-shadowed allowedCommands/0",
    ]);
    expect(fenceLint({ allowedPaths: ["x"], allowedCommands: ["npm test", "npm run"] })).toEqual([]);
  });
});

describe("fence-rule-ineffective", () => {
  it("warns on an approval the team's forbiddenDecisions drops, naming the team", () => {
    const lints = fenceLint(
      { allowedPaths: ["x"], approvalRequired: ["commit", "product-scope"] },
      team("product-scope"),
    );
    expect(at(lints)).toEqual(["fence-rule-ineffective approvalRequired/1"]);
    expect(lints[0].message).toContain('team "core-team" forbids "product-scope"');
    expect(fenceLint({ allowedPaths: ["x"], approvalRequired: ["product-scope"] }, team("architecture"))).toEqual([]);
  });

  it("warns on an approval for an action deniedActions always denies", () => {
    const lints = fenceLint({ allowedPaths: ["x"], approvalRequired: ["push", "commit"], deniedActions: ["push"] });
    expect(at(lints)).toEqual(["fence-rule-ineffective approvalRequired/0"]);
    expect(lints[0].message).toContain('deniedActions "push" denies every push');
    expect(
      at(fenceLint({ allowedPaths: ["x"], approvalRequired: ["edit:src/a/**"], deniedActions: ["edit:src/**"] })),
    ).toEqual(["fence-rule-ineffective approvalRequired/0"]);
    // Near-misses: a denial of some pushes only, and a write denial an edit approval outlives.
    expect(fenceLint({ allowedPaths: ["x"], approvalRequired: ["push"], deniedActions: ["push:origin/*"] })).toEqual(
      [],
    );
    expect(fenceLint({ allowedPaths: ["x"], approvalRequired: ["edit:src/**"], deniedActions: ["write"] })).toEqual([]);
  });

  it("warns on an approval for edits allowedPaths already allows outright, which is never consulted", () => {
    const lints = fenceLint({ allowedPaths: ["lib/**"], approvalRequired: ["edit:lib/setup.mjs", "edit:bin/**"] });
    expect(at(lints)).toEqual(["fence-rule-ineffective approvalRequired/0"]);
    expect(lints[0].message).toContain('already allowed by "lib/**" (allowedPaths[0])');
    expect(fenceLint({ allowedPaths: ["lib/*"], approvalRequired: ["edit:lib/**"] })).toEqual([]);
  });

  it("warns on an allowedCommands entry that is a git push or commit", () => {
    const lints = fenceLint({
      allowedPaths: ["x"],
      allowedCommands: ["git push origin", "git -C repo commit", "git status"],
    });
    expect(at(lints)).toEqual(["fence-rule-ineffective allowedCommands/0", "fence-rule-ineffective allowedCommands/1"]);
    expect(lints[0].message).toContain('add "push" to approvalRequired');
  });

  it("warns on an allowed path every edit of which a denial denies, from the fence or the team", () => {
    expect(at(fenceLint({ allowedPaths: ["src/secret/**", "src/**"], deniedActions: ["edit:src/secret/**"] }))).toEqual(
      ["fence-rule-ineffective allowedPaths/0"],
    );
    expect(at(fenceLint({ allowedPaths: ["docs/**"] }, team("edit")))).toEqual([
      "fence-rule-ineffective allowedPaths/0",
    ]);
    expect(fenceLint({ allowedPaths: ["src/**"], deniedActions: ["edit:src/secret/**", "write"] })).toEqual([]);
  });
});

describe("fence-glob-matches-nothing", () => {
  it("warns on a valid glob that matches no file, and on no other", () => {
    const files = ["docs/a.md", "src/x.ts"];
    const lints = globsMatchingNothing({ allowedPaths: ["docs/**", "lib/**", "src/{a}/**"] }, (g) =>
      files.some((f) => new RegExp(`^${g.replace("/**", "/.+")}$`).test(f)),
    );
    expect(at(lints)).toEqual(["fence-glob-matches-nothing allowedPaths/1"]);
  });
});

describe("the lint in the validator, for both generations", () => {
  it("points at the specialist's item, and a draft's validation shows it while typing", () => {
    const org = smallOrg();
    const ix = buildIndex(org);
    expect(validateOrg(ix).filter((p) => p.id.startsWith("fence-"))).toEqual([]);
    const draft = structuredClone(org.specialists["cx-engineer"]) as EntityRecord;
    (draft.fence as { allowedPaths: string[] }).allowedPaths.push("src/lib/**");
    expect(validateDraft(ix, "specialist", draft).warnings).toContainEqual(
      expect.objectContaining({
        id: "fence-rule-shadowed",
        severity: "warning",
        location: "#/specialists/cx-engineer/fence/allowedPaths/2",
      }),
    );
  });

  it("points at a registry worker profile's policyFence and a custom one's fence", () => {
    const org = smallOrg();
    const fence = { allowedPaths: ["docs/**", "docs/adr/**"], approvalRequired: ["edit:docs/x.md"] };
    Object.assign(org["worker-profiles"], {
      reviewer: { id: "reviewer", policyFence: fence },
      mine: { id: "mine", fence },
    });
    const ix = buildIndex(org, undefined, undefined, { registry: new Set(["worker-profiles/reviewer"]) });
    const locations = validateOrg(ix)
      .filter((p) => p.id.startsWith("fence-rule"))
      .map((p) => p.location)
      .sort();
    expect(locations).toEqual([
      "#/worker-profiles/mine/fence/allowedPaths/1",
      "#/worker-profiles/mine/fence/approvalRequired/0",
      "#/worker-profiles/reviewer/policyFence/allowedPaths/1",
      "#/worker-profiles/reviewer/policyFence/approvalRequired/0",
    ]);
  });
});

describe("the one-click fix", () => {
  const problem = (id: string, location: string) => ({ id, severity: "warning" as const, message: "", location });

  it("removes exactly the item a shadowed or ineffective entry's warning points at", () => {
    const rec = { id: "cx-a", fence: { allowedPaths: ["docs/**", "docs/adr/**"], approvalRequired: ["push"] } };
    expect(withoutLintedEntry(rec, problem("fence-rule-shadowed", "#/specialists/cx-a/fence/allowedPaths/1"))).toEqual({
      id: "cx-a",
      fence: { allowedPaths: ["docs/**"], approvalRequired: ["push"] },
    });
    // A registry profile's policyFence item, in the custom copy the editor holds.
    expect(
      withoutLintedEntry(
        rec,
        problem("fence-rule-ineffective", "#/worker-profiles/cx-a/policyFence/approvalRequired/0"),
      ),
    ).toMatchObject({ fence: { approvalRequired: [] } });
  });

  it("has none for other problems, or an index the list does not hold", () => {
    const rec = { id: "cx-a", fence: { allowedPaths: ["docs/**"] } };
    expect(
      withoutLintedEntry(rec, problem("fence-glob-matches-nothing", "#/specialists/cx-a/fence/allowedPaths/0")),
    ).toBeNull();
    expect(
      withoutLintedEntry(rec, problem("fence-rule-shadowed", "#/specialists/cx-a/fence/allowedPaths/3")),
    ).toBeNull();
    expect(withoutLintedEntry(rec, problem("fence-rule-shadowed", "#/specialists/cx-a/skills/0"))).toBeNull();
  });
});
