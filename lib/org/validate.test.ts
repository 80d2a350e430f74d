import { describe, expect, it } from "vitest";
import { buildIndex } from "@/lib/org/org-index";
import { SMALL_ORG_SKILLS, smallOrg } from "@/lib/org/small-org.fixture";
import { shapeErrors, toResult, validateOrg } from "@/lib/org/validate";
import type { FieldError } from "@/schemas/field-error";
import type { EntityRecord, OrgRecords } from "@/schemas/kinds";

type Expected = {
  id: string;
  severity: FieldError["severity"];
  location: string;
  field: string | undefined;
  message?: RegExp;
};
type Row = { rule: string; name: string; mutate: (org: OrgRecords) => void; expect: Expected[] };

const err = (id: string, location: string, field: string | undefined, message?: RegExp): Expected => ({
  id,
  severity: "error",
  location,
  field,
  message,
});
const warn = (id: string, location: string, field: string | undefined, message?: RegExp): Expected => ({
  id,
  severity: "warning",
  location,
  field,
  message,
});

const order = (a: { id: string; location: string }, b: { id: string; location: string }) =>
  a.location.localeCompare(b.location) || a.id.localeCompare(b.id);

function problems(org: OrgRecords, skills?: ReadonlySet<string>): FieldError[] {
  return validateOrg(buildIndex(org, skills)).sort(order);
}

/** Compares id, severity, location and field exactly; messages by the row's pattern, else as non-empty. */
function expectProblems(actual: FieldError[], expected: Expected[]) {
  expect(
    actual.map(({ id, severity, location, field, message }) => ({ id, severity, location, field, message })),
  ).toEqual(
    [...expected].sort(order).map(({ id, severity, location, field, message }) => ({
      id,
      severity,
      location,
      field,
      message: expect.stringMatching(message ?? /\S/),
    })),
  );
}

const S = "#/specialists";
const T = "#/teams";
const G = "#/groups";
const C = "#/contracts";
const P = "#/policies";

const spec = (org: OrgRecords, id: string) => org.specialists[id];
const fenceOf = (rec: EntityRecord) => rec.fence as Record<string, unknown>;
const boundaryOf = (rec: EntityRecord) => rec.teamBoundary as Record<string, unknown>;
const postconditionsOf = (rec: EntityRecord) => rec.postconditions as Record<string, unknown>[];

const shapeRows: Row[] = [
  {
    rule: "invalid-id",
    name: "specialist id with capitals and underscore",
    mutate: (o) => {
      spec(o, "cx-engineer").id = "CX_Engineer";
    },
    expect: [err("invalid-id", `${S}/cx-engineer/id`, "id", /not a valid id/)],
  },
  {
    rule: "invalid-id",
    name: "policy id that is a reserved device name",
    mutate: (o) => {
      o.policies.architecture.id = "nul";
    },
    expect: [err("invalid-id", `${P}/architecture/id`, "id", /reserved/)],
  },
  {
    rule: "invalid-id",
    name: "team id longer than 64 characters",
    mutate: (o) => {
      o.teams["core-team"].id = "a".repeat(65);
    },
    expect: [err("invalid-id", `${T}/core-team/id`, "id", /at most 64/)],
  },

  {
    rule: "custom-specialist-name",
    name: "name not kebab-case",
    mutate: (o) => {
      spec(o, "cx-engineer").name = "Engineer";
    },
    expect: [err("custom-specialist-name", `${S}/cx-engineer/name`, "name", /kebab-case/)],
  },
  {
    rule: "custom-specialist-description",
    name: "description too short",
    mutate: (o) => {
      spec(o, "cx-engineer").description = "Writes code.";
    },
    expect: [err("custom-specialist-description", `${S}/cx-engineer/description`, "description", /at least 20/)],
  },
  {
    rule: "custom-specialist-description",
    name: "description padded to 20 with spaces is still too short",
    mutate: (o) => {
      spec(o, "cx-engineer").description = "  Writes code.        ";
    },
    expect: [err("custom-specialist-description", `${S}/cx-engineer/description`, "description", /at least 20/)],
  },
  {
    rule: "custom-specialist-description",
    name: "description too long",
    mutate: (o) => {
      spec(o, "cx-engineer").description = "x".repeat(501);
    },
    expect: [err("custom-specialist-description", `${S}/cx-engineer/description`, "description", /too long/)],
  },
  {
    rule: "custom-specialist-role",
    name: "role missing (and the handoff to it stops resolving)",
    mutate: (o) => {
      delete spec(o, "cx-engineer").role;
    },
    expect: [
      err("custom-specialist-role", `${S}/cx-engineer/role`, "role"),
      warn("handoff-unknown-role", `${S}/cx-architect/handoffCandidates/0`, "handoffCandidates"),
    ],
  },
  {
    rule: "custom-specialist-role",
    name: "role not a role name",
    mutate: (o) => {
      spec(o, "cx-engineer").role = "Senior Engineer";
    },
    // A role name pattern is our check alone (Construct: any non-empty string), so a warning.
    expect: [
      warn("custom-specialist-role", `${S}/cx-engineer/role`, "role"),
      warn("handoff-unknown-role", `${S}/cx-architect/handoffCandidates/0`, "handoffCandidates"),
    ],
  },
  {
    rule: "custom-specialist-model-tier",
    name: "unknown model tier",
    mutate: (o) => {
      spec(o, "cx-engineer").modelTier = "huge";
    },
    expect: [
      err("custom-specialist-model-tier", `${S}/cx-engineer/modelTier`, "modelTier", /fast \| standard \| reasoning/),
    ],
  },
  {
    rule: "custom-specialist-skills",
    name: "empty skills",
    mutate: (o) => {
      spec(o, "cx-engineer").skills = [];
    },
    expect: [err("custom-specialist-skills", `${S}/cx-engineer/skills`, "skills", /non-empty/)],
  },
  {
    rule: "custom-specialist-skills",
    name: "second skill not <bundle>/<skill>",
    mutate: (o) => {
      spec(o, "cx-engineer").skills = ["development/refactoring", "Refactoring"];
    },
    expect: [err("custom-specialist-skills", `${S}/cx-engineer/skills/1`, "skills", /Refactoring/)],
  },
  {
    rule: "custom-specialist-fence",
    name: "fence missing",
    mutate: (o) => {
      delete spec(o, "cx-engineer").fence;
    },
    expect: [err("custom-specialist-fence", `${S}/cx-engineer/fence`, "fence")],
  },
  {
    rule: "custom-specialist-fence",
    name: "fence is an array",
    mutate: (o) => {
      spec(o, "cx-engineer").fence = ["src/**"];
    },
    expect: [err("custom-specialist-fence", `${S}/cx-engineer/fence`, "fence")],
  },
  {
    rule: "custom-specialist-fence-allowed-paths",
    name: "empty allowedPaths",
    mutate: (o) => {
      fenceOf(spec(o, "cx-engineer")).allowedPaths = [];
    },
    expect: [
      err("custom-specialist-fence-allowed-paths", `${S}/cx-engineer/fence/allowedPaths`, "allowedPaths", /non-empty/),
    ],
  },
  {
    rule: "custom-specialist-unknown-field",
    name: "misspelt fence key",
    mutate: (o) => {
      fenceOf(spec(o, "cx-engineer")).alowedCommands = ["npm test"];
    },
    expect: [
      err(
        "custom-specialist-unknown-field",
        `${S}/cx-engineer/fence/alowedCommands`,
        "alowedCommands",
        /alowedCommands/,
      ),
    ],
  },
  {
    rule: "custom-specialist-handoff-candidates",
    name: "handoffCandidates is a string",
    mutate: (o) => {
      spec(o, "cx-engineer").handoffCandidates = "architect";
    },
    expect: [err("custom-specialist-handoff-candidates", `${S}/cx-engineer/handoffCandidates`, "handoffCandidates")],
  },
  {
    rule: "custom-specialist-handoff-candidates",
    name: "handoff item not a role name",
    mutate: (o) => {
      spec(o, "cx-engineer").handoffCandidates = ["Architect"];
    },
    // Construct leaves handoff items unchecked; the pattern is a warning here.
    expect: [
      warn("custom-specialist-handoff-candidates", `${S}/cx-engineer/handoffCandidates/0`, "handoffCandidates"),
      warn("handoff-unknown-role", `${S}/cx-engineer/handoffCandidates/0`, "handoffCandidates"),
    ],
  },
  {
    rule: "custom-specialist-team",
    name: "team missing",
    mutate: (o) => {
      delete spec(o, "cx-engineer").team;
    },
    // Construct's two validators report both ids for this one condition.
    expect: [
      err("custom-specialist-team", `${S}/cx-engineer/team`, "team"),
      err("specialist-missing-team", `${S}/cx-engineer/team`, "team"),
    ],
  },
  {
    rule: "custom-specialist-team",
    name: "teamId alone names the team, as Construct mirrors it into team",
    mutate: (o) => {
      const s = spec(o, "cx-engineer");
      s.teamId = s.team;
      delete s.team;
    },
    expect: [],
  },
  {
    rule: "custom-specialist-team",
    name: "team not an id",
    mutate: (o) => {
      spec(o, "cx-engineer").team = "Core_Team";
    },
    // Construct checks only that the team is a string: the id grammar is ours, a warning.
    expect: [
      warn("custom-specialist-team", `${S}/cx-engineer/team`, "team"),
      err("specialist-unknown-team", `${S}/cx-engineer/team`, "team"),
    ],
  },
  {
    rule: "custom-specialist-team-id",
    name: "teamId differs from team",
    mutate: (o) => {
      spec(o, "cx-engineer").teamId = "product-team";
    },
    // TeamId ≠ team is a warning (Construct mirrors one into the other and raises nothing).
    expect: [warn("custom-specialist-team-id", `${S}/cx-engineer/teamId`, "teamId", /differs from "team"/)],
  },
  {
    rule: "custom-specialist-team-id",
    name: "teamId equal to team passes",
    mutate: (o) => {
      spec(o, "cx-engineer").teamId = "core-team";
    },
    expect: [],
  },
  {
    rule: "custom-specialist-claude-tools",
    name: "unknown tool",
    mutate: (o) => {
      spec(o, "cx-architect").claudeTools = "Read,Telepathy";
    },
    expect: [err("custom-specialist-claude-tools", `${S}/cx-architect/claudeTools`, "claudeTools", /Telepathy/)],
  },
  {
    rule: "custom-specialist-when-to-use",
    name: "when_to_use too short",
    mutate: (o) => {
      spec(o, "cx-architect").when_to_use = "ADRs.";
    },
    // Construct's custom-record validator never reads when_to_use: a warning.
    expect: [warn("custom-specialist-when-to-use", `${S}/cx-architect/when_to_use`, "when_to_use", /at least 20/)],
  },
  {
    rule: "custom-specialist-when-to-use",
    name: "when_to_use too long",
    mutate: (o) => {
      spec(o, "cx-architect").when_to_use = "y".repeat(501);
    },
    expect: [warn("custom-specialist-when-to-use", `${S}/cx-architect/when_to_use`, "when_to_use", /too long/)],
  },

  {
    rule: "custom-team-name",
    name: "blank team name",
    mutate: (o) => {
      o.teams["core-team"].name = "   ";
    },
    // Construct accepts any non-empty string: a blank one is a warning.
    expect: [warn("custom-team-name", `${T}/core-team/name`, "name")],
  },
  {
    rule: "custom-team-owner",
    name: "team owner missing",
    mutate: (o) => {
      delete o.teams["core-team"].owner;
    },
    // Both of Construct's ids for a missing owner.
    expect: [
      err("custom-team-owner", `${T}/core-team/owner`, "owner"),
      err("team-missing-owner", `${T}/core-team/owner`, "owner"),
    ],
  },
  {
    rule: "custom-team-roles",
    name: "owner not among roles",
    mutate: (o) => {
      o.teams["core-team"].roles = ["engineer"];
    },
    expect: [err("custom-team-roles", `${T}/core-team/roles`, "roles", /owner role "architect"/)],
  },
  {
    rule: "custom-team-charter",
    name: "charter too short",
    mutate: (o) => {
      o.teams["core-team"].charter = "Builds.";
    },
    expect: [err("custom-team-charter", `${T}/core-team/charter`, "charter", /at least 20/)],
  },
  {
    rule: "custom-team-escalation-path",
    name: "escalationPath not an array",
    mutate: (o) => {
      o.teams["core-team"].escalationPath = "architect";
    },
    expect: [err("custom-team-escalation-path", `${T}/core-team/escalationPath`, "escalationPath")],
  },
  {
    rule: "custom-team-kind",
    name: "a team claiming to be a group",
    mutate: (o) => {
      o.teams["core-team"].kind = "group";
    },
    expect: [warn("custom-team-kind", `${T}/core-team/kind`, "kind")],
  },
  {
    rule: "custom-team-specialists",
    name: "specialists not an array",
    mutate: (o) => {
      o.teams["core-team"].specialists = "cx-architect";
    },
    expect: [err("custom-team-specialists", `${T}/core-team/specialists`, "specialists")],
  },

  {
    rule: "custom-group-name",
    name: "group name missing",
    mutate: (o) => {
      delete o.groups["eng-group"].name;
    },
    expect: [err("custom-group-name", `${G}/eng-group/name`, "name")],
  },
  {
    rule: "custom-group-owner",
    name: "group owner missing",
    mutate: (o) => {
      delete o.groups["eng-group"].owner;
    },
    expect: [err("custom-group-owner", `${G}/eng-group/owner`, "owner")],
  },
  {
    rule: "custom-group-roles",
    name: "group owner not among roles",
    mutate: (o) => {
      o.groups["eng-group"].roles = ["engineer"];
    },
    expect: [err("custom-group-roles", `${G}/eng-group/roles`, "roles", /owner role "architect"/)],
  },
  {
    rule: "custom-group-charter",
    name: "group charter too short",
    mutate: (o) => {
      o.groups["eng-group"].charter = "Code.";
    },
    expect: [err("custom-group-charter", `${G}/eng-group/charter`, "charter")],
  },
  {
    rule: "custom-group-escalation-path",
    name: "group escalationPath an object",
    mutate: (o) => {
      o.groups["eng-group"].escalationPath = { first: "architect" };
    },
    expect: [err("custom-group-escalation-path", `${G}/eng-group/escalationPath`, "escalationPath")],
  },
  {
    rule: "custom-group-squads",
    name: "squads not an array",
    mutate: (o) => {
      o.groups["eng-group"].squads = "core-team";
    },
    // Construct validates a group as a team, which has no squads: a warning.
    expect: [warn("custom-group-squads", `${G}/eng-group/squads`, "squads")],
  },
  {
    rule: "custom-group-kind",
    name: "a group claiming to be a squad",
    mutate: (o) => {
      o.groups["eng-group"].kind = "squad";
    },
    expect: [warn("custom-group-kind", `${G}/eng-group/kind`, "kind")],
  },

  {
    rule: "custom-contract-producer",
    name: "producer missing",
    mutate: (o) => {
      delete o.contracts["architect-to-engineer"].producer;
    },
    expect: [err("custom-contract-producer", `${C}/architect-to-engineer/producer`, "producer")],
  },
  {
    rule: "custom-contract-consumer",
    name: "consumer empty",
    mutate: (o) => {
      o.contracts["architect-to-engineer"].consumer = "";
    },
    expect: [err("custom-contract-consumer", `${C}/architect-to-engineer/consumer`, "consumer")],
  },
  {
    rule: "custom-contract-input",
    name: "input missing",
    mutate: (o) => {
      delete o.contracts["architect-to-engineer"].input;
    },
    expect: [err("custom-contract-input", `${C}/architect-to-engineer/input`, "input", /"input" is required/)],
  },
  {
    rule: "custom-contract-postconditions",
    name: "unknown postcondition check kind is reported on the check, naming the known kinds",
    mutate: (o) => {
      postconditionsOf(o.contracts["architect-to-engineer"])[1].check = "artifact-has-haiku";
    },
    expect: [
      warn(
        "custom-contract-postconditions-check",
        `${C}/architect-to-engineer/postconditions/1/check`,
        "check",
        /unknown check "artifact-has-haiku"/,
      ),
    ],
  },
  {
    rule: "custom-contract-postconditions",
    name: "check missing its parameter",
    mutate: (o) => {
      delete postconditionsOf(o.contracts["architect-to-engineer"])[1].section;
    },
    expect: [
      warn(
        "custom-contract-postconditions-section",
        `${C}/architect-to-engineer/postconditions/1/section`,
        "section",
        /needs "section"/,
      ),
    ],
  },
  {
    rule: "custom-contract-postconditions",
    name: "advisory postcondition carrying a check",
    mutate: (o) => {
      postconditionsOf(o.contracts["architect-to-engineer"])[0].check = "artifact-has-table";
    },
    expect: [
      warn(
        "custom-contract-postconditions-check",
        `${C}/architect-to-engineer/postconditions/0/check`,
        "check",
        /advisory/,
      ),
    ],
  },
  {
    rule: "custom-contract-postconditions",
    name: "postcondition neither string nor object",
    mutate: (o) => {
      postconditionsOf(o.contracts["architect-to-engineer"])[0] = 42 as unknown as Record<string, unknown>;
    },
    // Construct does not check postconditions; ours are warnings.
    expect: [warn("custom-contract-postconditions", `${C}/architect-to-engineer/postconditions/0`, "postconditions")],
  },
  {
    rule: "custom-contract-team-boundary-producer-team",
    name: "producerTeam not an id (and so unknown)",
    mutate: (o) => {
      boundaryOf(o.contracts["pm-to-architect"]).producerTeam = "Product Team";
    },
    expect: [
      warn(
        "custom-contract-team-boundary-producer-team",
        `${C}/pm-to-architect/teamBoundary/producerTeam`,
        "producerTeam",
      ),
      err("contract-unknown-team", `${C}/pm-to-architect/teamBoundary/producerTeam`, "producerTeam"),
    ],
  },
  {
    rule: "custom-policy-requires-approval-from",
    name: "requiresApprovalFrom not an array",
    mutate: (o) => {
      o.policies["product-scope"].requiresApprovalFrom = "eng-group";
    },
    // Construct checks only that a policy is an object.
    expect: [
      warn("custom-policy-requires-approval-from", `${P}/product-scope/requiresApprovalFrom`, "requiresApprovalFrom"),
    ],
  },
];

const graphRows: Row[] = [
  {
    rule: "specialist-unknown-team",
    name: "team that does not exist",
    mutate: (o) => {
      spec(o, "cx-engineer").team = "ghost-team";
    },
    expect: [
      err(
        "specialist-unknown-team",
        `${S}/cx-engineer/team`,
        "team",
        /Specialist cx-engineer references unknown team ghost-team/,
      ),
    ],
  },
  {
    rule: "specialist-unknown-team",
    name: "a group id is a valid team reference",
    mutate: (o) => {
      spec(o, "cx-engineer").team = "eng-group";
    },
    expect: [],
  },
  {
    rule: "specialist-name-collision",
    name: "two specialists named architect",
    mutate: (o) => {
      spec(o, "cx-engineer").name = "architect";
    },
    expect: [
      err("specialist-name-collision", `${S}/cx-architect/name`, "name", /cx-engineer/),
      err("specialist-name-collision", `${S}/cx-engineer/name`, "name", /cx-architect/),
    ],
  },
  {
    rule: "handoff-unknown-role",
    name: "handoff to a role nobody holds",
    mutate: (o) => {
      spec(o, "cx-engineer").handoffCandidates = ["architect", "sre"];
    },
    expect: [warn("handoff-unknown-role", `${S}/cx-engineer/handoffCandidates/1`, "handoffCandidates", /"sre"/)],
  },
  {
    rule: "handoff-unknown-role",
    name: "flavored role whose base nobody holds",
    mutate: (o) => {
      spec(o, "cx-engineer").handoffCandidates = ["designer.visual"];
    },
    expect: [warn("handoff-unknown-role", `${S}/cx-engineer/handoffCandidates/0`, "handoffCandidates")],
  },
  {
    rule: "handoff-unknown-role",
    name: "flavored role resolves through its base role",
    mutate: (o) => {
      spec(o, "cx-engineer").handoffCandidates = ["product-manager.growth"];
    },
    expect: [],
  },
  {
    rule: "handoff-unknown-role",
    name: "losing the base holder unresolves the flavored handoff too",
    mutate: (o) => {
      spec(o, "cx-pm").role = "product-owner";
    },
    expect: [
      warn("handoff-unknown-role", `${S}/cx-architect/handoffCandidates/1`, "handoffCandidates"),
      warn("handoff-unknown-role", `${S}/cx-researcher/handoffCandidates/0`, "handoffCandidates"),
      err("team-no-owner-specialist", `${T}/product-team/owner`, "owner"),
    ],
  },
  {
    rule: "specialist-unknown-group",
    name: "groupId that does not exist",
    mutate: (o) => {
      spec(o, "cx-engineer").groupId = "ghost-group";
    },
    expect: [warn("specialist-unknown-group", `${S}/cx-engineer/groupId`, "groupId")],
  },
  {
    rule: "specialist-unknown-group",
    name: "groupId naming a team, not a group",
    mutate: (o) => {
      spec(o, "cx-engineer").groupId = "core-team";
    },
    expect: [warn("specialist-unknown-group", `${S}/cx-engineer/groupId`, "groupId")],
  },
  {
    rule: "decision-no-policy",
    name: "team decision without a policy",
    mutate: (o) => {
      o.teams["core-team"].decisionRights = ["architecture", "vibes"];
    },
    expect: [warn("decision-no-policy", `${T}/core-team/decisionRights/1`, "decisionRights", /"vibes"/)],
  },
  {
    rule: "decision-no-policy",
    name: "group decision without a policy",
    mutate: (o) => {
      o.groups["eng-group"].decisionRights = ["ghost-decision"];
    },
    expect: [warn("decision-no-policy", `${G}/eng-group/decisionRights/0`, "decisionRights")],
  },
  {
    rule: "forbidden-decision-invalid",
    name: "forbidden decision without a policy",
    mutate: (o) => {
      o.teams["core-team"].forbiddenDecisions = ["product-scope", "ghost-decision"];
    },
    expect: [warn("forbidden-decision-invalid", `${T}/core-team/forbiddenDecisions/1`, "forbiddenDecisions")],
  },
  {
    rule: "escalation-path-invalid-role",
    name: "escalation to a role no team claims",
    mutate: (o) => {
      o.teams["product-team"].escalationPath = ["product-manager", "sre", "orchestrator"];
    },
    expect: [
      err(
        "escalation-path-invalid-role",
        `${T}/product-team/escalationPath/1`,
        "escalationPath",
        /role sre at index 1/,
      ),
    ],
  },
  {
    rule: "escalation-path-invalid-role",
    name: "group escalation to an unclaimed role",
    mutate: (o) => {
      o.groups["eng-group"].escalationPath = ["architect", "cto"];
    },
    expect: [err("escalation-path-invalid-role", `${G}/eng-group/escalationPath/1`, "escalationPath")],
  },
  {
    rule: "escalation-path-invalid-role",
    name: "orchestrator is always allowed although no team claims it",
    mutate: (o) => {
      o.teams["product-team"].escalationPath = ["orchestrator"];
    },
    expect: [],
  },
  {
    rule: "circular-escalation",
    name: "a role twice in one path",
    mutate: (o) => {
      o.teams["core-team"].escalationPath = ["architect", "engineer", "architect", "orchestrator"];
    },
    expect: [
      err("circular-escalation", `${T}/core-team/escalationPath/2`, "escalationPath", /architect appears twice/),
    ],
  },
  {
    rule: "team-no-specialists",
    name: "a team nobody belongs to",
    mutate: (o) => {
      o.teams["ops-team"] = {
        id: "ops-team",
        name: "Ops",
        owner: "operations",
        roles: ["operations"],
        charter: "Keeps the lights on in production.",
      };
    },
    // Errors, as Construct reports them for an empty team.
    expect: [
      err("team-no-specialists", `${T}/ops-team`, undefined),
      err("team-no-owner-specialist", `${T}/ops-team/owner`, "owner"),
    ],
  },
  {
    rule: "team-no-owner-specialist",
    name: "owner role held by no member",
    mutate: (o) => {
      Object.assign(o.teams["core-team"], { owner: "debugger", roles: ["architect", "engineer", "debugger"] });
    },
    expect: [
      err(
        "team-no-owner-specialist",
        `${T}/core-team/owner`,
        "owner",
        /Team core-team has owner role debugger but no specialist with that role assigned/,
      ),
    ],
  },
  {
    rule: "team-unknown-member",
    name: "listed member that does not exist",
    mutate: (o) => {
      o.teams["core-team"].specialists = ["cx-architect", "cx-ghost"];
    },
    expect: [warn("team-unknown-member", `${T}/core-team/specialists/1`, "specialists")],
  },
  {
    rule: "team-member-mismatch",
    name: "listed member of another team",
    mutate: (o) => {
      o.teams["core-team"].specialists = ["cx-architect", "cx-pm"];
    },
    expect: [warn("team-member-mismatch", `${T}/core-team/specialists/1`, "specialists", /product-team/)],
  },
  {
    rule: "team-member-mismatch",
    name: "listing the real members passes",
    mutate: (o) => {
      o.teams["core-team"].specialists = ["cx-architect", "cx-engineer"];
    },
    expect: [],
  },
  {
    rule: "team-unknown-group",
    name: "groupId that does not exist",
    mutate: (o) => {
      o.teams["product-team"].groupId = "ghost-group";
    },
    // Our check alone (Construct does not look at a team's groupId): a warning.
    expect: [warn("team-unknown-group", `${T}/product-team/groupId`, "groupId")],
  },
  {
    rule: "team-unknown-group",
    name: "groupId naming a team",
    mutate: (o) => {
      o.teams["core-team"].groupId = "product-team";
    },
    expect: [warn("team-unknown-group", `${T}/core-team/groupId`, "groupId")],
  },
  {
    rule: "group-unknown-squad",
    name: "squad that does not exist",
    mutate: (o) => {
      o.groups["eng-group"].squads = ["core-team", "ghost-team"];
    },
    expect: [warn("group-unknown-squad", `${G}/eng-group/squads/1`, "squads")],
  },
  {
    rule: "contract-unknown-producer",
    name: "bare role name as producer",
    mutate: (o) => {
      o.contracts["architect-to-engineer"].producer = "architect";
    },
    // Construct's contract shape rule and its graph rule both refuse it.
    expect: [
      err("custom-contract-producer", `${C}/architect-to-engineer/producer`, "producer"),
      err("contract-unknown-producer", `${C}/architect-to-engineer/producer`, "producer", /unknown producer architect/),
    ],
  },
  {
    rule: "contract-unknown-consumer",
    name: "unknown consumer",
    mutate: (o) => {
      o.contracts["architect-to-engineer"].consumer = "cx-ghost";
    },
    expect: [
      err("custom-contract-consumer", `${C}/architect-to-engineer/consumer`, "consumer"),
      err("contract-unknown-consumer", `${C}/architect-to-engineer/consumer`, "consumer"),
    ],
  },
  {
    rule: "contract-unknown-producer",
    name: "* as producer and user as consumer pass",
    mutate: (o) => {
      Object.assign(o.contracts["architect-to-engineer"], { producer: "*", consumer: "user" });
    },
    expect: [],
  },
  {
    rule: "contract-unknown-consumer",
    name: "construct and user as parties pass",
    mutate: (o) => {
      Object.assign(o.contracts["architect-to-engineer"], { producer: "user", consumer: "construct" });
    },
    expect: [],
  },
  {
    rule: "contract-unknown-team",
    name: "unknown producer team",
    mutate: (o) => {
      boundaryOf(o.contracts["pm-to-architect"]).producerTeam = "ghost-team";
    },
    expect: [err("contract-unknown-team", `${C}/pm-to-architect/teamBoundary/producerTeam`, "producerTeam")],
  },
  {
    rule: "contract-unknown-team",
    name: "unknown consumer team",
    mutate: (o) => {
      boundaryOf(o.contracts["pm-to-architect"]).consumerTeam = "ghost-team";
    },
    expect: [err("contract-unknown-team", `${C}/pm-to-architect/teamBoundary/consumerTeam`, "consumerTeam")],
  },
  {
    rule: "contract-unknown-team",
    name: "a group id as boundary team passes",
    mutate: (o) => {
      boundaryOf(o.contracts["pm-to-architect"]).consumerTeam = "eng-group";
    },
    expect: [],
  },
  {
    rule: "contract-unknown-approver",
    name: "approval from an unknown team",
    mutate: (o) => {
      boundaryOf(o.contracts["pm-to-architect"]).requiresApprovalFrom = ["eng-group", "ghost-team"];
    },
    expect: [
      warn(
        "contract-unknown-approver",
        `${C}/pm-to-architect/teamBoundary/requiresApprovalFrom/1`,
        "requiresApprovalFrom",
      ),
    ],
  },
  {
    rule: "policy-unknown-owner",
    name: "owner that is no team",
    mutate: (o) => {
      o.policies.architecture.owner = "ghost-team";
    },
    expect: [err("policy-unknown-owner", `${P}/architecture/owner`, "owner")],
  },
  {
    rule: "policy-unknown-owner",
    name: "orchestrator and group owners pass",
    mutate: (o) => {
      o.policies.architecture.owner = "orchestrator";
      o.policies["product-scope"].owner = "eng-group";
    },
    expect: [],
  },
  {
    rule: "policy-unknown-approver",
    name: "approver neither team nor policy",
    mutate: (o) => {
      o.policies["product-scope"].requiresApprovalFrom = ["eng-group", "architecture", "ghost"];
    },
    expect: [
      err("policy-unknown-approver", `${P}/product-scope/requiresApprovalFrom/2`, "requiresApprovalFrom", /ghost/),
    ],
  },
];

/** Rule ids this suite promises to cover with at least one failing case. */
const REQUIRED_RULES = [
  "invalid-id",
  "custom-specialist-name",
  "custom-specialist-description",
  "custom-specialist-role",
  "custom-specialist-model-tier",
  "custom-specialist-skills",
  "custom-specialist-fence",
  "custom-specialist-fence-allowed-paths",
  "custom-specialist-handoff-candidates",
  "custom-specialist-team",
  "custom-specialist-team-id",
  "custom-specialist-claude-tools",
  "custom-specialist-unknown-field",
  "custom-specialist-when-to-use",
  "custom-team-name",
  "custom-team-owner",
  "custom-team-roles",
  "custom-team-charter",
  "custom-team-escalation-path",
  "custom-group-name",
  "custom-group-owner",
  "custom-group-roles",
  "custom-group-charter",
  "custom-group-escalation-path",
  "custom-group-squads",
  "custom-contract-producer",
  "custom-contract-consumer",
  "custom-contract-input",
  "custom-contract-postconditions",
  "custom-contract-postconditions-check",
  "custom-contract-postconditions-section",
  "custom-contract-team-boundary-producer-team",
  "specialist-unknown-team",
  "specialist-name-collision",
  "handoff-unknown-role",
  "specialist-unknown-group",
  "decision-no-policy",
  "forbidden-decision-invalid",
  "escalation-path-invalid-role",
  "circular-escalation",
  "team-no-specialists",
  "team-no-owner-specialist",
  "team-unknown-member",
  "team-member-mismatch",
  "team-unknown-group",
  "group-unknown-squad",
  "contract-unknown-producer",
  "contract-unknown-consumer",
  "contract-unknown-team",
  "contract-unknown-approver",
  "policy-unknown-owner",
  "policy-unknown-approver",
];

describe("validateOrg on the small org", () => {
  it("finds no problem in the base org (the passing case of every rule)", () => {
    expect(problems(smallOrg())).toEqual([]);
    expect(problems(smallOrg(), SMALL_ORG_SKILLS)).toEqual([]);
  });

  it("covers every promised rule with a failing row", () => {
    const failing = new Set([...shapeRows, ...graphRows].flatMap((r) => r.expect.map((e) => e.id)));
    expect(REQUIRED_RULES.filter((rule) => !failing.has(rule))).toEqual([]);
  });

  describe.each([
    ["record-shape rules", shapeRows],
    ["graph rules", graphRows],
  ] as const)("%s", (_title, rows) => {
    it.each(rows.map((r) => [`${r.rule}: ${r.name}`, r] as const))("%s", (_label, row) => {
      const org = structuredClone(smallOrg());
      row.mutate(org);
      expectProblems(problems(org), row.expect);
    });
  });

  describe("specialist-unknown-skill", () => {
    const withWizardry = () => {
      const org = smallOrg();
      org.specialists["cx-engineer"].skills = ["development/refactoring", "development/wizardry"];
      return org;
    };

    it("warns on each skill missing from the catalog passed to buildIndex", () => {
      expectProblems(problems(withWizardry(), SMALL_ORG_SKILLS), [
        warn("specialist-unknown-skill", `${S}/cx-engineer/skills/1`, "skills", /development\/wizardry/),
      ]);
    });

    it("does not check skills when no catalog is passed", () => {
      expect(problems(withWizardry())).toEqual([]);
    });
  });

  it("a non-object record is one custom-<kind>-invalid-record error on the whole entity", () => {
    const [problem, ...rest] = shapeErrors("team", "core-team", ["not", "a", "record"]);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      id: "custom-team-invalid-record",
      severity: "error",
      location: "#/teams/core-team",
    });
    expect(problem.field).toBeUndefined();
  });

  it("escapes ids in locations as RFC 6901 pointer segments", () => {
    const org = smallOrg();
    org.policies["a/b~c"] = { id: "a/b~c", owner: "ghost-team" };
    const locations = problems(org).map((p) => p.location);
    expect(locations).toContain("#/policies/a~1b~0c/id");
    expect(locations).toContain("#/policies/a~1b~0c/owner");
  });

  it("toResult splits errors from warnings and ignores warnings for ok", () => {
    const org = smallOrg();
    org.specialists["cx-engineer"].groupId = "ghost-group";
    const onlyWarnings = toResult(problems(org));
    expect(onlyWarnings.ok).toBe(true);
    expect(onlyWarnings.warnings.map((w) => w.id)).toEqual(["specialist-unknown-group"]);
    org.specialists["cx-engineer"].team = "ghost-team";
    const withError = toResult(problems(org));
    expect(withError.ok).toBe(false);
    expect(withError.errors.map((e) => e.id)).toEqual(["specialist-unknown-team"]);
  });
});
