import { describe, expect, it } from "vitest";
import { nodeId, orgToGraph } from "@/lib/graph/org-to-graph";
import type { FieldError } from "@/schemas/field-error";
import type { Graph, GraphEdge } from "@/schemas/graph";
import { emptyOrg, type OrgRecords } from "@/schemas/kinds";
import { checkWellFormed } from "@/test/support/graph-checks";
import { loadOrg } from "@/test/support/org-on-disk";
import { BUILTIN_ORG_DIR } from "@/test/support/temp-project";

/**
 * A hand-built org that exercises every rule: two holders of `lead`, a bare `pm` that the flavored
 * `pm.platform` falls back to, an exact `dev.mobile` holder, a handoff to nobody, a group with a
 * squad that does not exist, and contracts between specialists, parties and an unknown party.
 */
function handOrg(): OrgRecords {
  return {
    ...emptyOrg(),
    groups: {
      g1: { id: "g1", kind: "group", name: "Group One", squads: ["t1", "ghost-team", "t2"], escalationPath: ["lead"] },
    },
    teams: {
      t1: { id: "t1", name: "Team One", owner: "lead", escalationPath: ["lead", "boss"] },
      t2: { id: "t2", owner: "pm", escalationPath: ["lead", "lead"] },
    },
    specialists: {
      a: {
        id: "a",
        name: "alpha",
        displayName: "Alpha",
        role: "lead",
        team: "t1",
        handoffCandidates: ["dev", "pm.platform", "lead", "nobody", "dev.mobile"],
      },
      b: {
        id: "b",
        name: "dev-person",
        displayName: "Writes the code after reading the existing patterns first",
        role: "dev",
        team: "t1",
      },
      "cx-code-writer": { id: "cx-code-writer", role: "dev", team: "t1" },
      d: {
        id: "d",
        name: "d",
        displayName: "Exactly thirty-two characters!!!",
        role: "pm",
        team: "t2",
        handoffCandidates: ["lead"],
      },
      e: { id: "e", name: "e", role: "boss" },
      f: { id: "f", name: "f", role: "lead", team: "t2" },
      g: { id: "g", name: "g", role: "dev.mobile", team: "missing-team" },
    },
    contracts: {
      "a-to-b": {
        id: "a-to-b",
        producer: "a",
        consumer: "b",
        teamBoundary: { producerTeam: "t1", consumerTeam: "t2" },
      },
      "user-to-construct": { id: "user-to-construct", producer: "user", consumer: "construct" },
      "any-to-d": {
        id: "any-to-d",
        producer: "*",
        consumer: "d",
        teamBoundary: { producerTeam: "g1", consumerTeam: "t1" },
      },
      "a-to-stranger": { id: "a-to-stranger", producer: "a", consumer: "stranger" },
      "b-to-a": {
        id: "b-to-a",
        producer: "b",
        consumer: "a",
        teamBoundary: { producerTeam: "t1", consumerTeam: "t1" },
      },
      "to-nowhere": {
        id: "to-nowhere",
        producer: "b",
        consumer: "a",
        teamBoundary: { producerTeam: "t1", consumerTeam: "no-such-team" },
      },
    },
  };
}

const S = nodeId.specialist;
const of = (graph: Graph, kind: GraphEdge["kind"]) => graph.edges.filter((e) => e.kind === kind);
const pairs = (edges: readonly GraphEdge[]) => edges.map((e) => `${e.source} -> ${e.target}`).sort();
const node = (graph: Graph, id: string) => graph.nodes.find((n) => n.id === id);

describe("orgToGraph nodes", () => {
  const graph = orgToGraph({ org: handOrg() });

  it("has a node per specialist, team and group, plus the parties contracts use", () => {
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([
      "group:g1",
      "party:*",
      "party:construct",
      "party:user",
      "specialist:a",
      "specialist:b",
      "specialist:cx-code-writer",
      "specialist:d",
      "specialist:e",
      "specialist:f",
      "specialist:g",
      "team:t1",
      "team:t2",
    ]);
    expect(node(graph, "specialist:a")).toMatchObject({ kind: "specialist", entityId: "a", sublabel: "lead" });
    expect(node(graph, "team:t1")).toMatchObject({
      kind: "team",
      entityId: "t1",
      label: "Team One",
      sublabel: "owner lead",
    });
    expect(node(graph, "team:t2")).toMatchObject({ label: "t2" });
    expect(node(graph, "group:g1")).toMatchObject({ kind: "group", entityId: "g1", label: "Group One" });
    expect(node(graph, "party:*")).toMatchObject({ kind: "party", entityId: "*", label: "any" });
    expect(node(graph, "party:user")).toMatchObject({ kind: "party", entityId: "user", label: "user" });
  });

  it("draws no party node that no contract uses", () => {
    const org = handOrg();
    org.contracts = { "user-to-a": { id: "user-to-a", producer: "user", consumer: "a" } };
    const ids = orgToGraph({ org })
      .nodes.filter((n) => n.kind === "party")
      .map((n) => n.id);
    expect(ids).toEqual(["party:user"]);
  });

  it("labels a specialist with its display name up to 32 characters, else its title-cased name", () => {
    expect(node(graph, "specialist:a")?.label).toBe("Alpha");
    expect(node(graph, "specialist:d")?.label).toBe("Exactly thirty-two characters!!!");
    expect(node(graph, "specialist:b")?.label).toBe("Dev Person");
    expect(node(graph, "specialist:cx-code-writer")?.label).toBe("Code Writer");
  });

  it("does not fail on a name with an empty word (kebab-case lets `code--reviewer` and `code-` through)", () => {
    const org = emptyOrg();
    org.specialists = {
      x: { id: "x", name: "code--reviewer", role: "r" },
      y: { id: "y", name: "reviewer-", role: "r" },
    };
    const labels = Object.fromEntries(orgToGraph({ org }).nodes.map((n) => [n.entityId, n.label]));
    expect(labels).toEqual({ x: "Code Reviewer", y: "Reviewer" });
  });

  it("attaches scope and error/warning counts from scopes and problems", () => {
    const problems: FieldError[] = [
      { id: "r1", severity: "error", message: "m", location: "#/specialists/a/role", field: "role" },
      { id: "r2", severity: "warning", message: "m", location: "#/specialists/a" },
      {
        id: "r3",
        severity: "warning",
        message: "m",
        location: "#/specialists/a/handoffCandidates/3",
        field: "handoffCandidates",
      },
      { id: "r4", severity: "error", message: "m", location: "#/teams/t1/owner", field: "owner" },
      { id: "r5", severity: "error", message: "m", location: "#/groups/t2" },
    ];
    const g = orgToGraph({
      org: handOrg(),
      scopes: { "specialists/a": "project", "teams/t1": "user", "groups/g1": "builtin" },
      problems,
    });
    expect(node(g, "specialist:a")).toMatchObject({ scope: "project", errorCount: 1, warningCount: 2 });
    expect(node(g, "team:t1")).toMatchObject({ scope: "user", errorCount: 1, warningCount: 0 });
    expect(node(g, "group:g1")).toMatchObject({ scope: "builtin" });
    const b = node(g, "specialist:b");
    expect(b).toBeDefined();
    expect(b).not.toHaveProperty("scope");
    expect(b).not.toHaveProperty("errorCount");
    // A problem on groups/t2 belongs to no node: teams and groups are counted apart.
    expect(node(g, "team:t2")).not.toHaveProperty("errorCount");
  });
});

describe("orgToGraph handoff edges", () => {
  const handoffs = of(orgToGraph({ org: handOrg() }), "handoff");

  it("draws one edge per holder of the named role, never to the specialist itself", () => {
    expect(pairs(handoffs.filter((e) => e.source === S("a")))).toEqual([
      "specialist:a -> specialist:b",
      "specialist:a -> specialist:cx-code-writer",
      "specialist:a -> specialist:d",
      "specialist:a -> specialist:f",
      "specialist:a -> specialist:g",
    ]);
    expect(pairs(handoffs.filter((e) => e.source === S("d")))).toEqual([
      "specialist:d -> specialist:a",
      "specialist:d -> specialist:f",
    ]);
    expect(handoffs.some((e) => e.source === e.target)).toBe(false);
  });

  it("sets role and label to the named role and carrier to the handoffCandidates item", () => {
    const byTarget = (t: string) =>
      handoffs
        .filter((e) => e.source === S("a") && e.target === S(t))
        .map(({ role, label, carrier }) => ({ role, label, carrier }));
    expect(byTarget("b")).toEqual([{ role: "dev", label: "dev", carrier: "#/specialists/a/handoffCandidates/0" }]);
    expect(byTarget("cx-code-writer")).toEqual([
      { role: "dev", label: "dev", carrier: "#/specialists/a/handoffCandidates/0" },
    ]);
    expect(byTarget("f")).toEqual([{ role: "lead", label: "lead", carrier: "#/specialists/a/handoffCandidates/2" }]);
  });

  it("falls back from a flavored role x.y to the holders of x only when x.y has none", () => {
    const to = (role: string) => pairs(handoffs.filter((e) => e.role === role));
    expect(to("pm.platform")).toEqual(["specialist:a -> specialist:d"]);
    expect(handoffs.find((e) => e.role === "pm.platform")?.carrier).toBe("#/specialists/a/handoffCandidates/1");
    // dev.mobile has a holder of its own, so dev's holders are not drawn for it.
    expect(to("dev.mobile")).toEqual(["specialist:a -> specialist:g"]);
    expect(to("nobody")).toEqual([]);
  });
});

describe("orgToGraph escalation edges", () => {
  const escalations = of(orgToGraph({ org: handOrg() }), "escalation");
  const view = (e: GraphEdge) => `${e.source} -> ${e.target} | ${e.label} | ${e.carrier}`;

  it("goes from the team to the holders of step 1, then from each holder of step i to each holder of step i+1", () => {
    expect(
      escalations
        .filter((e) => e.carrier.startsWith("#/teams/t1/"))
        .map(view)
        .sort(),
    ).toEqual([
      "specialist:a -> specialist:e | t1 · 2 | #/teams/t1/escalationPath/1",
      "specialist:f -> specialist:e | t1 · 2 | #/teams/t1/escalationPath/1",
      "team:t1 -> specialist:a | t1 · 1 | #/teams/t1/escalationPath/0",
      "team:t1 -> specialist:f | t1 · 1 | #/teams/t1/escalationPath/0",
    ]);
  });

  it("starts a group's path at the group node", () => {
    expect(
      escalations
        .filter((e) => e.carrier.startsWith("#/groups/g1/"))
        .map(view)
        .sort(),
    ).toEqual([
      "group:g1 -> specialist:a | g1 · 1 | #/groups/g1/escalationPath/0",
      "group:g1 -> specialist:f | g1 · 1 | #/groups/g1/escalationPath/0",
    ]);
  });

  it("draws no self edge when a role follows itself", () => {
    expect(
      escalations
        .filter((e) => e.carrier === "#/teams/t2/escalationPath/1")
        .map(view)
        .sort(),
    ).toEqual([
      "specialist:a -> specialist:f | t2 · 2 | #/teams/t2/escalationPath/1",
      "specialist:f -> specialist:a | t2 · 2 | #/teams/t2/escalationPath/1",
    ]);
  });
});

describe("orgToGraph contract, team-boundary and membership edges", () => {
  const graph = orgToGraph({ org: handOrg() });

  it("draws producer -> consumer for every contract whose parties are known, parties included", () => {
    expect(
      of(graph, "contract")
        .map((e) => `${e.label}: ${e.source} -> ${e.target} @ ${e.carrier}`)
        .sort(),
    ).toEqual([
      "a-to-b: specialist:a -> specialist:b @ #/contracts/a-to-b",
      "any-to-d: party:* -> specialist:d @ #/contracts/any-to-d",
      "b-to-a: specialist:b -> specialist:a @ #/contracts/b-to-a",
      "to-nowhere: specialist:b -> specialist:a @ #/contracts/to-nowhere",
      "user-to-construct: party:user -> party:construct @ #/contracts/user-to-construct",
    ]);
  });

  it("draws no contract edge to an unknown party", () => {
    expect(graph.edges.filter((e) => e.carrier.startsWith("#/contracts/a-to-stranger"))).toEqual([]);
  });

  it("draws producerTeam -> consumerTeam between teams or groups, none when they are equal or unknown", () => {
    expect(
      of(graph, "team-boundary")
        .map((e) => `${e.label}: ${e.source} -> ${e.target} @ ${e.carrier}`)
        .sort(),
    ).toEqual([
      "a-to-b: team:t1 -> team:t2 @ #/contracts/a-to-b/teamBoundary",
      "any-to-d: group:g1 -> team:t1 @ #/contracts/any-to-d/teamBoundary",
    ]);
  });

  it("links each team to its member specialists and each group to its existing squads", () => {
    expect(
      of(graph, "member")
        .map((e) => `${e.source} -> ${e.target} @ ${e.carrier}`)
        .sort(),
    ).toEqual([
      "group:g1 -> team:t1 @ #/groups/g1/squads/0",
      "group:g1 -> team:t2 @ #/groups/g1/squads/2",
      "team:t1 -> specialist:a @ #/specialists/a/team",
      "team:t1 -> specialist:b @ #/specialists/b/team",
      "team:t1 -> specialist:cx-code-writer @ #/specialists/cx-code-writer/team",
      "team:t2 -> specialist:d @ #/specialists/d/team",
      "team:t2 -> specialist:f @ #/specialists/f/team",
    ]);
  });

  it("links a specialist whose team is a group to that group", () => {
    const org = handOrg();
    org.specialists.e.team = "g1";
    expect(pairs(of(orgToGraph({ org }), "member").filter((e) => e.target === S("e")))).toEqual([
      "group:g1 -> specialist:e",
    ]);
  });
});

describe("orgToGraph on the hand-built org", () => {
  it("is well formed", () => checkWellFormed(orgToGraph({ org: handOrg() })));
});

describe("orgToGraph on the built-in org", () => {
  const org = loadOrg(BUILTIN_ORG_DIR);
  const graph = orgToGraph({ org });

  it("has every edge kind, every end a node and unique edge ids", () => checkWellFormed(graph));

  it("has a node per record and one contract edge per contract", () => {
    const count = (kind: string) => graph.nodes.filter((n) => n.kind === kind).length;
    expect([count("specialist"), count("team"), count("group")]).toEqual([
      Object.keys(org.specialists).length,
      Object.keys(org.teams).length,
      Object.keys(org.groups).length,
    ]);
    expect(
      of(graph, "contract")
        .map((e) => e.carrier)
        .sort(),
    ).toEqual(
      Object.keys(org.contracts)
        .map((id) => `#/contracts/${id}`)
        .sort(),
    );
  });

  it("draws cx-engineer's handoffs to the holders of each role it names", () => {
    expect(
      of(graph, "handoff")
        .filter((e) => e.source === S("cx-engineer"))
        .map((e) => `${e.carrier} ${e.role} -> ${e.target}`),
    ).toEqual([
      "#/specialists/cx-engineer/handoffCandidates/0 qa -> specialist:cx-qa",
      "#/specialists/cx-engineer/handoffCandidates/1 reviewer -> specialist:cx-reviewer",
      "#/specialists/cx-engineer/handoffCandidates/2 security -> specialist:cx-security",
      "#/specialists/cx-engineer/handoffCandidates/3 debugger -> specialist:cx-debugger",
    ]);
  });

  it("labels specialists by their short display names", () => {
    expect(node(graph, S("cx-engineer"))?.label).toBe("Engineer");
  });
});
