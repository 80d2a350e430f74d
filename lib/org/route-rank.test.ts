import { describe, expect, it } from "vitest";
import { type RouteDoc, rankRoutes, routeDoc, tokenize } from "@/lib/org/route-rank";
import type { EntityRecord } from "@/schemas/kinds";

const CORPUS: Record<string, EntityRecord> = {
  "cx-architect": {
    role: "architect",
    description: "Shapes the structure of a system before code locks it in and records decisions as ADRs.",
    when_to_use:
      "Architecture decisions, ADRs, service boundaries, API contracts, data-model design and migration plans.",
    skills: ["architecture/adr-writing", "architecture/api-design"],
  },
  "cx-engineer": {
    role: "engineer",
    description: "Implements features and fixes bugs after reading the existing code patterns.",
    when_to_use: "Writing code, implementing features, refactoring modules and fixing bugs in the application.",
    skills: ["development/refactoring", "development/incremental-delivery"],
  },
  "cx-qa": {
    role: "qa",
    description: "Designs test strategy and hunts for regressions before release.",
    when_to_use: "Flaky tests, regression coverage, test plans, end-to-end testing and release verification.",
    skills: ["quality/test-strategy", "quality/regression-testing"],
  },
  "cx-security": {
    role: "security",
    description: "Reviews changes with an attacker mindset and folds in compliance.",
    when_to_use:
      "Threat modeling, authentication and OAuth flows, secrets, token leakage, vulnerabilities and compliance.",
    skills: ["security/threat-modeling"],
  },
  "cx-researcher": {
    role: "researcher",
    description: "Finds, cites and dates the evidence behind product claims.",
    when_to_use:
      "User interviews, market research, competitor analysis and evidence with sources for product decisions.",
    skills: ["research/user-interviews"],
  },
  "cx-designer": {
    role: "designer",
    description: "Interaction, visual and accessibility design for user-facing flows.",
    when_to_use: "Screens, onboarding flows, accessibility reviews, visual design and interaction patterns.",
    skills: ["design/interaction-design"],
  },
};

const docs = (): RouteDoc[] => Object.entries(CORPUS).map(([id, s]) => routeDoc(id, s));

describe("tokenize", () => {
  it("drops stop-words and one-letter tokens, and lowercases", () => {
    expect(tokenize("What should we do with THIS and that? A b c")).toEqual([]);
    expect(tokenize("Design the API")).toEqual(["design", "api"]);
  });

  it("stems inflections onto one term", () => {
    expect(new Set(tokenize("reviews reviewing reviewed"))).toEqual(new Set(["review"]));
    expect(tokenize("policies")).toEqual(tokenize("policy"));
    expect(tokenize("tests testing")).toEqual(["test", "test"]);
  });
});

describe("rankRoutes", () => {
  it.each([
    ["Design the API boundaries for the new billing service and write an ADR", "cx-architect"],
    ["Fix the flaky login test and add regression coverage", "cx-qa"],
    ["Threat model the OAuth flow for token leakage", "cx-security"],
    ["Interview users about why they churn and cite the evidence", "cx-researcher"],
    ["Refactor the payments module and fix the rounding bug", "cx-engineer"],
    ["Improve accessibility of the onboarding screens", "cx-designer"],
  ])("%s → %s first", (description, expected) => {
    const ranked = rankRoutes(description, docs());
    expect(ranked[0].id).toBe(expected);
    expect(ranked[0].score).toBeGreaterThan(ranked[1]?.score ?? 0);
  });

  it("matches nothing for stop-words alone", () => {
    expect(rankRoutes("what should we do with this and that", docs())).toEqual([]);
    expect(rankRoutes("", docs())).toEqual([]);
  });

  it("drops documents that match no term and ranks by descending score", () => {
    const ranked = rankRoutes("token leakage", docs());
    expect(ranked.map((r) => r.id)).toEqual(["cx-security"]);
    const broad = rankRoutes("design review of the release test plan", docs());
    const scores = broad.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(broad.every((r) => r.score > 0)).toBe(true);
  });

  it("names the matched terms in matchedTerms and matchReason", () => {
    const [top] = rankRoutes("Write an ADR about the API contracts", docs());
    expect(top.id).toBe("cx-architect");
    expect(top.matchedTerms).toEqual(["adr", "api", "contract"]);
    expect(top.matchReason).toBe('matched "adr", "api", "contract"');
    expect(top.whenToUse).toBe(CORPUS["cx-architect"].when_to_use);
  });

  it("lists only terms of the query that the document holds", () => {
    const ranked = rankRoutes("OAuth secrets and zebra migrations", docs());
    const security = ranked.find((r) => r.id === "cx-security")!;
    expect(security.matchedTerms).toEqual(["oauth", "secret"]);
    for (const r of ranked) expect(r.matchedTerms).not.toContain("zebra");
  });

  it("lets a draft specialist win and marks it as the draft", () => {
    const draft = routeDoc(
      "cx-platform",
      {
        role: "platform-engineer",
        description: "Owns the Kubernetes clusters, Helm charts and the deployment pipeline.",
        when_to_use: "Kubernetes upgrades, Helm chart changes, cluster capacity and deployment pipeline failures.",
        skills: ["operations/kubernetes"],
      },
      true,
    );
    const ranked = rankRoutes("Upgrade the Helm charts on the Kubernetes cluster", [...docs(), draft]);
    expect(ranked[0]).toMatchObject({ id: "cx-platform", draft: true });
    expect(ranked.slice(1).every((r) => r.draft === undefined)).toBe(true);
  });

  it("falls back to the description for whenToUse", () => {
    const doc = routeDoc("cx-x", { role: "x-role", description: "Only a description here, long enough." });
    expect(doc.whenToUse).toBe("Only a description here, long enough.");
  });

  it("breaks ties by id, whatever the input order", () => {
    const same = { role: "writer", description: "Writes release notes for every version." };
    const a = routeDoc("a-writer", same);
    const b = routeDoc("b-writer", same);
    const forward = rankRoutes("release notes", [b, a, ...docs()]);
    const backward = rankRoutes("release notes", [...docs(), a, b]);
    expect(forward.slice(0, 2).map((r) => r.id)).toEqual(["a-writer", "b-writer"]);
    expect(forward[0].score).toBe(forward[1].score);
    expect(backward).toEqual(forward);
  });

  it("honours the limit", () => {
    expect(rankRoutes("design test security code research", docs(), 2)).toHaveLength(2);
  });
});
