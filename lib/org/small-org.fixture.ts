import { emptyOrg, type OrgRecords } from "@/schemas/kinds";

/**
 * A small org that validates clean, shared by the validator tests: one group, two teams, four
 * specialists, two contracts (one crossing a team boundary) and a policy for every decision.
 * cx-architect hands off to the flavored role `product-manager.platform`, which resolves through
 * cx-pm's bare `product-manager` role.
 */
export function smallOrg(): OrgRecords {
  const fence = (paths: string[]) => ({
    allowedPaths: paths,
    allowedCommands: ["git status", "rg"],
    approvalRequired: ["commit", "push"],
  });
  return {
    ...emptyOrg(),
    groups: {
      "eng-group": {
        id: "eng-group",
        kind: "group",
        name: "Engineering Group",
        owner: "architect",
        roles: ["architect", "engineer"],
        squads: ["core-team"],
        decisionRights: ["architecture"],
        escalationPath: ["architect", "orchestrator"],
        charter: "Home of everyone who designs and writes the code base.",
      },
    },
    teams: {
      "core-team": {
        id: "core-team",
        kind: "squad",
        groupId: "eng-group",
        name: "Core",
        owner: "architect",
        roles: ["architect", "engineer"],
        decisionRights: ["architecture"],
        forbiddenDecisions: ["product-scope"],
        escalationPath: ["architect", "orchestrator"],
        charter: "Designs and builds the core services of the product.",
      },
      "product-team": {
        id: "product-team",
        kind: "squad",
        name: "Product",
        owner: "product-manager",
        roles: ["product-manager", "product-manager.platform", "researcher"],
        decisionRights: ["product-scope"],
        forbiddenDecisions: ["architecture"],
        escalationPath: ["product-manager", "architect", "orchestrator"],
        charter: "Decides what gets built and why, backed by research.",
      },
    },
    specialists: {
      "cx-architect": {
        id: "cx-architect",
        name: "architect",
        role: "architect",
        description: "Shapes the structure of the system before code locks it in.",
        when_to_use: "Architecture decisions, ADRs, service boundaries and API contracts.",
        modelTier: "reasoning",
        skills: ["architecture/adr-writing", "architecture/api-design"],
        fence: fence(["docs/adr/**"]),
        handoffCandidates: ["engineer", "product-manager.platform"],
        team: "core-team",
        groupId: "eng-group",
        claudeTools: "Read,Grep,Glob,LS",
      },
      "cx-engineer": {
        id: "cx-engineer",
        name: "engineer",
        role: "engineer",
        description: "Implements changes after reading the existing patterns first.",
        modelTier: "standard",
        skills: ["development/refactoring", "development/testing-strategy"],
        fence: fence(["src/**", "lib/**"]),
        handoffCandidates: ["architect"],
        team: "core-team",
      },
      "cx-pm": {
        id: "cx-pm",
        name: "pm",
        role: "product-manager",
        description: "Turns user needs into requirements with acceptance criteria.",
        modelTier: "reasoning",
        skills: ["product/requirements", "product/prioritization"],
        fence: fence(["docs/product/**"]),
        handoffCandidates: ["architect", "researcher"],
        team: "product-team",
      },
      "cx-researcher": {
        id: "cx-researcher",
        name: "researcher",
        role: "researcher",
        description: "Finds and cites the evidence behind every product claim.",
        modelTier: "standard",
        skills: ["product/acceptance-criteria"],
        fence: fence(["docs/research/**"]),
        handoffCandidates: ["product-manager"],
        team: "product-team",
      },
    },
    contracts: {
      "architect-to-engineer": {
        id: "architect-to-engineer",
        producer: "cx-architect",
        consumer: "cx-engineer",
        input: { mustContain: ["goal", "tasks"] },
        postconditions: [
          { description: "The ADR names the options it rejected.", postconditionType: "advisory" },
          {
            description: "The ADR has a Decision section.",
            postconditionType: "executable",
            check: "artifact-has-section",
            section: "Decision",
          },
        ],
      },
      "pm-to-architect": {
        id: "pm-to-architect",
        producer: "cx-pm",
        consumer: "cx-architect",
        input: {},
        teamBoundary: {
          crosses: true,
          producerTeam: "product-team",
          consumerTeam: "core-team",
          requiresApprovalFrom: ["eng-group"],
        },
      },
    },
    policies: {
      architecture: { id: "architecture", owner: "core-team", description: "Who decides on structure." },
      "product-scope": {
        id: "product-scope",
        owner: "product-team",
        requiresApprovalFrom: ["eng-group", "architecture"],
      },
      "file-path-fence": { id: "file-path-fence", owner: "orchestrator" },
    },
  };
}

/** Every skill the small org's specialists use, for `buildIndex(org, skills)`. */
export const SMALL_ORG_SKILLS: ReadonlySet<string> = new Set([
  "architecture/adr-writing",
  "architecture/api-design",
  "development/refactoring",
  "development/testing-strategy",
  "product/requirements",
  "product/prioritization",
  "product/acceptance-criteria",
]);
