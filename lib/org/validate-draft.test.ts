import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bucket, buildIndex, type OrgIndex, withDraft } from "@/lib/org/org-index";
import { smallOrg } from "@/lib/org/small-org.fixture";
import { referencesTo, validateDraft, validateOrg } from "@/lib/org/validate";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import {
  type EntityKind,
  type EntityRecord,
  emptyOrg,
  KIND_OF,
  type OrgRecords,
  SECTIONS,
  type Section,
} from "@/schemas/kinds";

const key = (p: FieldError) => `${p.id} | ${p.location} | ${p.message}`;
const keysOf = (problems: readonly FieldError[]) => [...new Set(problems.map(key))].sort();
const all = (r: ValidationResult) => [...r.errors, ...r.warnings];
const brief = (problems: readonly FieldError[]) =>
  problems
    .map(({ id, severity, location, field }) => ({ id, severity, location, field }))
    .sort((a, b) => a.location.localeCompare(b.location) || a.id.localeCompare(b.id));

function draftOf(org: OrgRecords, section: Section, id: string, change: (r: EntityRecord) => void): EntityRecord {
  const draft = structuredClone(org[section][id]);
  change(draft);
  return draft;
}

describe("validateDraft on the small org", () => {
  it("accepts an unchanged record", () => {
    const org = smallOrg();
    const ix = buildIndex(org);
    for (const section of SECTIONS) {
      for (const [id, rec] of Object.entries(org[section])) {
        expect({ at: `${section}/${id}`, result: validateDraft(ix, KIND_OF[section], structuredClone(rec)) }).toEqual({
          at: `${section}/${id}`,
          result: { ok: true, errors: [], warnings: [] },
        });
      }
    }
  });

  it("reports a team losing its owner on the team, with its location", () => {
    const org = smallOrg();
    const result = validateDraft(
      buildIndex(org),
      "specialist",
      draftOf(org, "specialists", "cx-architect", (r) => {
        r.role = "principal";
      }),
    );
    expect(result.ok).toBe(false);
    expect(brief(all(result))).toEqual(
      brief([
        {
          id: "team-no-owner-specialist",
          severity: "error",
          message: "",
          location: "#/teams/core-team/owner",
          field: "owner",
        },
        {
          id: "handoff-unknown-role",
          severity: "warning",
          message: "",
          location: "#/specialists/cx-engineer/handoffCandidates/0",
          field: "handoffCandidates",
        },
        {
          id: "handoff-unknown-role",
          severity: "warning",
          message: "",
          location: "#/specialists/cx-pm/handoffCandidates/0",
          field: "handoffCandidates",
        },
      ]),
    );
    expect(result.errors[0].message).toBe(
      "Team core-team has owner role architect but no specialist with that role assigned",
    );
  });

  it("reports handoff-unknown-role on the specialist that hands off to a renamed role", () => {
    const org = smallOrg();
    const result = validateDraft(
      buildIndex(org),
      "specialist",
      draftOf(org, "specialists", "cx-researcher", (r) => {
        r.role = "user-researcher";
      }),
    );
    expect(result.errors).toEqual([]);
    expect(brief(result.warnings)).toEqual([
      {
        id: "handoff-unknown-role",
        severity: "warning",
        location: "#/specialists/cx-pm/handoffCandidates/1",
        field: "handoffCandidates",
      },
    ]);
  });

  it("reports a flavored handoff that loses its base holder, as validateOrg does", () => {
    const org = smallOrg();
    const draft = draftOf(org, "specialists", "cx-pm", (r) => {
      r.role = "product-owner";
    });
    const result = validateDraft(buildIndex(org), "specialist", draft);
    const after = structuredClone(org);
    after.specialists["cx-pm"] = draft;
    expect(keysOf(all(result))).toEqual(keysOf(validateOrg(buildIndex(after))));
    expect(all(result).map((p) => p.location)).toContain("#/specialists/cx-architect/handoffCandidates/1");
  });

  it("reports an invalid id together with the draft's other shape errors, once each", () => {
    const org = smallOrg();
    const draft = draftOf(org, "specialists", "cx-engineer", (r) => {
      r.id = "Bad Id";
      r.modelTier = "huge";
    });
    const result = validateDraft(buildIndex(org), "specialist", draft);
    expect(result.ok).toBe(false);
    expect(brief(result.errors)).toEqual([
      { id: "invalid-id", severity: "error", location: "#/specialists/Bad Id/id", field: "id" },
      {
        id: "custom-specialist-model-tier",
        severity: "error",
        location: "#/specialists/Bad Id/modelTier",
        field: "modelTier",
      },
      // A bad id silences no other rule; saved under "Bad Id" the draft would collide with cx-engineer.
      { id: "specialist-name-collision", severity: "error", location: "#/specialists/Bad Id/name", field: "name" },
      {
        id: "specialist-name-collision",
        severity: "error",
        location: "#/specialists/cx-engineer/name",
        field: "name",
      },
    ]);
    expect(result.errors[0].message).toMatch(/not a valid id/);
  });

  it("reports a missing id as invalid-id", () => {
    const org = smallOrg();
    const result = validateDraft(buildIndex(org), "policy", { owner: "core-team" });
    expect(brief(result.errors)).toEqual([
      { id: "invalid-id", severity: "error", location: "#/policies//id", field: "id" },
    ]);
  });

  it("does not repeat problems unrelated entities already had", () => {
    const org = smallOrg();
    org.specialists["cx-pm"].handoffCandidates = ["architect", "ghost-role"];
    org.teams["product-team"].decisionRights = ["product-scope", "vibes"];
    org.contracts["pm-to-architect"].consumer = "cx-ghost";
    const ix = buildIndex(org);
    expect(
      validateOrg(ix)
        .map((p) => p.id)
        .sort(),
    ).toEqual(["contract-unknown-consumer", "custom-contract-consumer", "decision-no-policy", "handoff-unknown-role"]);

    const unrelated = validateDraft(
      ix,
      "specialist",
      draftOf(org, "specialists", "cx-engineer", (r) => {
        r.description = "Implements changes carefully, with tests first.";
      }),
    );
    expect(unrelated).toEqual({ ok: true, errors: [], warnings: [] });

    // A draft of the entity that has the problem reports it: it is the draft's own.
    const own = validateDraft(
      ix,
      "specialist",
      draftOf(org, "specialists", "cx-pm", (r) => {
        r.description = "Turns user needs into requirements, nothing more.";
      }),
    );
    expect(brief(own.warnings)).toEqual([
      {
        id: "handoff-unknown-role",
        severity: "warning",
        location: "#/specialists/cx-pm/handoffCandidates/1",
        field: "handoffCandidates",
      },
    ]);
  });

  it("reports a new entity's own graph problems", () => {
    const org = smallOrg();
    const result = validateDraft(buildIndex(org), "team", {
      id: "ops-team",
      name: "Ops",
      owner: "operations",
      roles: ["operations"],
      escalationPath: ["operations", "cto"],
      charter: "Keeps the lights on in production.",
    });
    // A team with no specialists is an error (Construct: team-no-specialists, team-no-owner-specialist).
    expect(brief(result.errors)).toEqual([
      { id: "team-no-specialists", severity: "error", location: "#/teams/ops-team", field: undefined },
      {
        id: "escalation-path-invalid-role",
        severity: "error",
        location: "#/teams/ops-team/escalationPath/1",
        field: "escalationPath",
      },
      { id: "team-no-owner-specialist", severity: "error", location: "#/teams/ops-team/owner", field: "owner" },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("reports a team's roles change on the teams whose escalation path relied on it", () => {
    const org = smallOrg();
    org.teams["core-team"].escalationPath = ["architect", "researcher", "orchestrator"];
    const ix = buildIndex(org);
    expect(validateOrg(ix)).toEqual([]);
    const result = validateDraft(
      ix,
      "team",
      draftOf(org, "teams", "product-team", (r) => {
        r.roles = ["product-manager"];
      }),
    );
    expect(brief(result.errors)).toEqual([
      {
        id: "escalation-path-invalid-role",
        severity: "error",
        location: "#/teams/core-team/escalationPath/1",
        field: "escalationPath",
      },
    ]);
  });

  it("does not mutate the base index: validating the same base twice gives the same answers", () => {
    const org = smallOrg();
    const ix = buildIndex(org);
    const before = validateOrg(ix);
    const drafts: [EntityKind, EntityRecord][] = [
      [
        "specialist",
        draftOf(org, "specialists", "cx-architect", (r) => {
          r.role = "principal";
          r.team = "product-team";
        }),
      ],
      [
        "team",
        draftOf(org, "teams", "core-team", (r) => {
          r.roles = ["architect", "engineer", "debugger"];
          r.owner = "debugger";
        }),
      ],
      [
        "policy",
        draftOf(org, "policies", "architecture", (r) => {
          r.owner = "ghost-team";
        }),
      ],
    ];
    const first = drafts.map(([kind, d]) => validateDraft(ix, kind, d));
    const second = drafts.map(([kind, d]) => validateDraft(ix, kind, d));
    expect(second).toEqual(first);
    expect(first.every((r) => !r.ok)).toBe(true);
    expect(validateOrg(ix)).toEqual(before);
    expect(bucket(ix, "holdersByRole", "architect")).toEqual(["specialists/cx-architect"]);
    expect(bucket(ix, "holdersByRole", "principal")).toEqual([]);
    expect(ix.records.specialists.get("cx-architect")).toEqual(smallOrg().specialists["cx-architect"]);
  });

  it("does not mutate an index that is itself a draft layer (withDraft over withDraft)", () => {
    const org = smallOrg();
    const qa = { ...structuredClone(org.specialists["cx-engineer"]), id: "cx-qa", name: "qa", role: "qa" };
    const layered: OrgIndex = withDraft(buildIndex(org), "specialists", "cx-qa", qa);
    const draft = draftOf(org, "specialists", "cx-engineer", (r) => {
      r.role = "builder";
    });
    const first = validateDraft(layered, "specialist", draft);
    expect(bucket(layered, "holdersByRole", "engineer")).toEqual(["specialists/cx-engineer"]);
    expect(bucket(layered, "holdersByRole", "builder")).toEqual([]);
    const second = validateDraft(layered, "specialist", draft);
    expect(second).toEqual(first);
    expect(brief(first.warnings)).toEqual([
      {
        id: "handoff-unknown-role",
        severity: "warning",
        location: "#/specialists/cx-architect/handoffCandidates/0",
        field: "handoffCandidates",
      },
    ]);
  });
});

/* ---------- property test over the real built-in org ---------- */

const ORG_DIR = fileURLToPath(new URL("../../specialists/org", import.meta.url));

function loadBuiltinOrg(): OrgRecords {
  const org = emptyOrg();
  for (const section of SECTIONS.filter((s) => existsSync(path.join(ORG_DIR, s)))) {
    for (const file of readdirSync(path.join(ORG_DIR, section))
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const id = file.slice(0, -".json".length);
      const rec = JSON.parse(readFileSync(path.join(ORG_DIR, section, file), "utf8")) as EntityRecord;
      org[section][id] = { ...rec, id: rec.id ?? id };
    }
  }
  return org;
}

/** Numerical Recipes LCG: deterministic and good enough to pick mutations. */
function lcg(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const some = <T>(items: readonly T[], max: number): T[] => Array.from({ length: int(max + 1) }, () => pick(items));
  return { next, int, pick, some };
}

type Mutation = { section: Section; id: string; what: string; draft: EntityRecord };

function mutations(org: OrgRecords, count: number, seed: number): Mutation[] {
  const rnd = lcg(seed);
  const ids = (s: Section) => Object.keys(org[s]);
  const roles = [
    ...new Set([
      ...Object.values(org.specialists).map((s) => s.role as string),
      ...[...Object.values(org.teams), ...Object.values(org.groups)].flatMap((t) => (t.roles as string[]) ?? []),
      "ghost-role",
      "product-manager.platform",
      "designer.visual",
      "orchestrator",
    ]),
  ];
  const teamRefs = [...ids("teams"), ...ids("groups"), "ghost-team"];
  const parties = [...ids("specialists"), "user", "construct", "*", "cx-ghost", "architect"];
  const policyRefs = [...ids("policies"), "ghost-policy"];
  const names = [...Object.values(org.specialists).map((s) => s.name as string), "ghost"];
  const sectionWeights: Section[] = [
    "specialists",
    "specialists",
    "specialists",
    "specialists",
    "teams",
    "teams",
    "teams",
    "groups",
    "contracts",
    "contracts",
    "policies",
  ];

  const changes: Partial<Record<Section, Record<string, (r: EntityRecord) => void>>> = {
    specialists: {
      role: (r) => {
        r.role = rnd.pick(roles);
      },
      team: (r) => {
        r.team = rnd.pick(teamRefs);
      },
      handoffCandidates: (r) => {
        r.handoffCandidates = rnd.some(roles, 4);
      },
      name: (r) => {
        r.name = rnd.pick(names);
      },
      groupId: (r) => {
        r.groupId = rnd.pick(teamRefs);
      },
    },
    teams: {
      owner: (r) => {
        r.owner = rnd.pick(roles);
      },
      roles: (r) => {
        r.roles = rnd.some(roles, 4);
      },
      escalationPath: (r) => {
        r.escalationPath = rnd.some(roles, 4);
      },
      groupId: (r) => {
        r.groupId = rnd.pick(teamRefs);
      },
      specialists: (r) => {
        r.specialists = rnd.some([...ids("specialists"), "cx-ghost"], 3);
      },
      decisionRights: (r) => {
        r.decisionRights = rnd.some(policyRefs, 3);
      },
    },
    groups: {
      owner: (r) => {
        r.owner = rnd.pick(roles);
      },
      roles: (r) => {
        r.roles = rnd.some(roles, 4);
      },
      escalationPath: (r) => {
        r.escalationPath = rnd.some(roles, 4);
      },
      squads: (r) => {
        r.squads = rnd.some(teamRefs, 3);
      },
      forbiddenDecisions: (r) => {
        r.forbiddenDecisions = rnd.some(policyRefs, 3);
      },
    },
    contracts: {
      producer: (r) => {
        r.producer = rnd.pick(parties);
      },
      consumer: (r) => {
        r.consumer = rnd.pick(parties);
      },
      teamBoundary: (r) => {
        r.teamBoundary = {
          crosses: true,
          producerTeam: rnd.pick(teamRefs),
          consumerTeam: rnd.pick(teamRefs),
          requiresApprovalFrom: rnd.some(teamRefs, 2),
        };
      },
    },
    policies: {
      owner: (r) => {
        r.owner = rnd.pick([...teamRefs, "orchestrator"]);
      },
      requiresApprovalFrom: (r) => {
        r.requiresApprovalFrom = rnd.some([...teamRefs, ...policyRefs], 3);
      },
    },
  };

  const out: Mutation[] = [];
  for (let n = 0; n < count; n++) {
    const section = rnd.pick(sectionWeights);
    const id = rnd.pick(ids(section));
    const draft: EntityRecord = structuredClone(org[section][id]);
    let what: string;
    if (rnd.next() < 0.2) {
      const field = rnd.pick(Object.keys(draft).filter((k) => k !== "id"));
      delete draft[field];
      what = `delete ${field}`;
    } else {
      const [field, change] = rnd.pick(Object.entries(changes[section] ?? {}));
      change(draft);
      what = `${field} = ${JSON.stringify(draft[field])}`;
    }
    out.push({ section, id, what, draft });
  }
  return out;
}

describe("validateDraft agrees with validateOrg on the built-in org (seeded property test)", () => {
  const org = loadBuiltinOrg();
  const ix = buildIndex(org);
  const baseKeys = new Set(validateOrg(ix).map(key));

  it("loads a built-in org that is non-trivial and clean", () => {
    expect(Object.keys(org.specialists).length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(org.teams).length).toBeGreaterThanOrEqual(5);
    expect(baseKeys.size).toBe(0);
  });

  it("reports, for 400 single-entity mutations, exactly the new problems plus the entity's own", () => {
    const cases = mutations(org, 400, 0x5eed_2026);
    const mismatches: unknown[] = [];
    let withProblems = 0;
    let withProblemsElsewhere = 0;
    for (const m of cases) {
      const self = `#/${m.section}/${m.id}`;
      const mutated = { ...org, [m.section]: { ...org[m.section], [m.id]: m.draft } };
      const full = validateOrg(buildIndex(mutated));
      const expected = keysOf(
        full.filter((p) => p.location === self || p.location.startsWith(`${self}/`) || !baseKeys.has(key(p))),
      );
      const actual = keysOf(all(validateDraft(ix, KIND_OF[m.section], m.draft)));
      if (expected.length) withProblems++;
      if (expected.some((k) => !k.split(" | ")[1].startsWith(self))) withProblemsElsewhere++;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push({
          mutation: `${m.section}/${m.id}: ${m.what}`,
          missing: expected.filter((k) => !actual.includes(k)),
          extra: actual.filter((k) => !expected.includes(k)),
        });
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // The generator must actually break things, on the entity and elsewhere, or the property says nothing.
    expect(withProblems).toBeGreaterThan(150);
    expect(withProblemsElsewhere).toBeGreaterThan(30);
  });

  it("leaves the base index untouched after all those drafts", () => {
    expect(new Set(validateOrg(ix).map(key))).toEqual(baseKeys);
    for (const section of SECTIONS) {
      for (const [id, rec] of Object.entries(org[section])) expect(ix.records[section].get(id)).toBe(rec);
    }
  });
});

/* ---------- referencesTo ---------- */

describe("referencesTo", () => {
  const locations = (problems: FieldError[]) => problems.map((p) => p.location).sort();

  it("names handoffs to the only holder's role, contract parties and the team owner role", () => {
    const ix = buildIndex(smallOrg());
    const refs = referencesTo(ix, "specialist", "cx-architect");
    expect(new Set(refs.map((r) => r.id))).toEqual(new Set(["specialist-still-referenced"]));
    expect(refs.every((r) => r.severity === "error")).toBe(true);
    expect(locations(refs)).toEqual([
      "#/contracts/architect-to-engineer/producer",
      "#/contracts/pm-to-architect/consumer",
      "#/specialists/cx-engineer/handoffCandidates/0",
      "#/specialists/cx-pm/handoffCandidates/0",
      "#/teams/core-team/owner",
    ]);
    const owner = refs.find((r) => r.location === "#/teams/core-team/owner")!;
    expect(owner.field).toBe("owner");
    expect(owner.message).toMatch(/^cannot remove specialist "cx-architect": .*owner role "?architect"?.*pass force/);
  });

  it("does not name handoffs to a role another specialist still holds", () => {
    const org = smallOrg();
    org.specialists["cx-engineer-2"] = {
      ...structuredClone(org.specialists["cx-engineer"]),
      id: "cx-engineer-2",
      name: "engineer-two",
    };
    const refs = referencesTo(buildIndex(org), "specialist", "cx-engineer");
    expect(locations(refs)).toEqual(["#/contracts/architect-to-engineer/consumer"]);
  });

  it("names a handoff to a flavor of the only holder's role", () => {
    const refs = referencesTo(buildIndex(smallOrg()), "specialist", "cx-pm");
    expect(locations(refs)).toEqual([
      "#/contracts/pm-to-architect/producer",
      "#/specialists/cx-architect/handoffCandidates/1",
      "#/specialists/cx-researcher/handoffCandidates/0",
      "#/teams/product-team/owner",
    ]);
  });

  it("names a team that lists the specialist as a member", () => {
    const org = smallOrg();
    org.teams["core-team"].specialists = ["cx-architect", "cx-engineer"];
    const refs = referencesTo(buildIndex(org), "specialist", "cx-engineer");
    expect(locations(refs)).toContain("#/teams/core-team/specialists/1");
    expect(refs.find((r) => r.location === "#/teams/core-team/specialists/1")!.field).toBe("specialists");
  });

  it("names members, boundaries, group squads and policy owners of a team", () => {
    const refs = referencesTo(buildIndex(smallOrg()), "team", "core-team");
    expect(new Set(refs.map((r) => r.id))).toEqual(new Set(["team-still-referenced"]));
    const byField = refs.map((r) => [r.location.replace(/\/\d+$/, ""), r.field]).sort();
    expect(byField).toEqual([
      ["#/contracts/pm-to-architect/teamBoundary/consumerTeam", "consumerTeam"],
      ["#/groups/eng-group/squads", "squads"],
      ["#/policies/architecture/owner", "owner"],
      ["#/specialists/cx-architect/team", "team"],
      ["#/specialists/cx-engineer/team", "team"],
    ]);
  });

  it("names the field that really holds the reference: a group as policy approver is in requiresApprovalFrom", () => {
    const refs = referencesTo(buildIndex(smallOrg()), "group", "eng-group");
    expect(new Set(refs.map((r) => r.id))).toEqual(new Set(["group-still-referenced"]));
    const byField = refs.map((r) => [r.location.replace(/\/\d+$/, ""), r.field]).sort();
    expect(byField).toEqual([
      ["#/contracts/pm-to-architect/teamBoundary/requiresApprovalFrom", "requiresApprovalFrom"],
      ["#/policies/product-scope/requiresApprovalFrom", "requiresApprovalFrom"],
      ["#/specialists/cx-architect/groupId", "groupId"],
      ["#/teams/core-team/groupId", "groupId"],
    ]);
  });

  it("names team decisions and policy approvals referencing a policy, in the field that holds them", () => {
    const refs = referencesTo(buildIndex(smallOrg()), "policy", "architecture");
    expect(new Set(refs.map((r) => r.id))).toEqual(new Set(["policy-still-referenced"]));
    const byField = refs.map((r) => [r.location.replace(/\/\d+$/, ""), r.field]).sort();
    expect(byField).toEqual([
      ["#/groups/eng-group/decisionRights", "decisionRights"],
      ["#/policies/product-scope/requiresApprovalFrom", "requiresApprovalFrom"],
      ["#/teams/core-team/decisionRights", "decisionRights"],
      ["#/teams/product-team/forbiddenDecisions", "forbiddenDecisions"],
    ]);
  });

  it("finds nothing for an unreferenced entity or an unknown id", () => {
    const ix = buildIndex(smallOrg());
    expect(referencesTo(ix, "contract", "pm-to-architect")).toEqual([]);
    expect(referencesTo(ix, "policy", "file-path-fence")).toEqual([]);
    expect(referencesTo(ix, "specialist", "cx-ghost")).toEqual([]);
  });
});
