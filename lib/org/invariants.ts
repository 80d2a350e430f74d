import { WELL_KNOWN_PARTIES } from "@/schemas/contract";
import type { FieldError } from "@/schemas/field-error";
import type { Section } from "@/schemas/org";
import {
  type ContractView,
  contractView,
  type GroupView,
  groupView,
  type PolicyView,
  policyView,
  type SpecialistView,
  specialistView,
  type TeamView,
  teamView,
} from "@/schemas/views";
import { fieldError } from "./field-error";
import {
  type AnyRecord,
  bucket,
  isTeamOrGroup,
  type OrgIndex,
  type Ref,
  record,
  ref,
  splitRef,
  str,
  strs,
  teamOf,
} from "./org-index";

// Each rule reads one entity and the index, so a draft re-runs exactly the entities it can affect.

const PARTIES = new Set<string>(WELL_KNOWN_PARTIES);
/** The top of every escalation path, whether or not a team claims the role. */
const ALWAYS_ESCALATABLE = "orchestrator";

function roleResolves(ix: OrgIndex, role: string): boolean {
  if (bucket(ix, "holdersByRole", role).length) return true;
  const base = role.split(".")[0];
  return base !== role && bucket(ix, "holdersByRole", base).length > 0;
}

function specialistRules(ix: OrgIndex, id: string, s: SpecialistView): FieldError[] {
  const out: FieldError[] = [];
  const team = teamOf(s);
  if (!team) {
    out.push(
      fieldError("specialist-missing-team", "error", `Specialist ${id} has no team`, "specialists", id, ["team"]),
    );
  } else if (!isTeamOrGroup(ix, team)) {
    out.push(
      fieldError(
        "specialist-unknown-team",
        "error",
        `Specialist ${id} references unknown team ${team}`,
        "specialists",
        id,
        ["team"],
      ),
    );
  }
  const name = str(s.name);
  const sameName = bucket(ix, "specialistsByName", name).filter((r) => r !== ref("specialists", id));
  if (name && sameName.length) {
    out.push(
      fieldError(
        "specialist-name-collision",
        "error",
        `Specialist ${id} has name "${name}", already used by ${sameName.map((r) => splitRef(r)[1]).join(", ")}`,
        "specialists",
        id,
        ["name"],
      ),
    );
  }
  strs(s.handoffCandidates).forEach((role, i) => {
    if (!roleResolves(ix, role)) {
      out.push(
        fieldError(
          "handoff-unknown-role",
          "warning",
          `Specialist ${id} hands off to role "${role}", which no specialist holds`,
          "specialists",
          id,
          ["handoffCandidates", i],
        ),
      );
    }
  });
  const group = str(s.groupId);
  if (group && !ix.records.groups.has(group)) {
    out.push(
      fieldError(
        "specialist-unknown-group",
        "warning",
        `Specialist ${id} names unknown group ${group}`,
        "specialists",
        id,
        ["groupId"],
      ),
    );
  }
  const skills = ix.skills;
  if (skills) {
    strs(s.skills).forEach((skill, i) => {
      if (!skills.has(skill))
        out.push(
          fieldError(
            "specialist-unknown-skill",
            "warning",
            `Specialist ${id} uses skill "${skill}", which no skill file defines`,
            "specialists",
            id,
            ["skills", i],
          ),
        );
    });
  }
  return out;
}

function escalationAndDecisionRules(
  ix: OrgIndex,
  section: Section,
  id: string,
  t: TeamView | GroupView,
  label: string,
): FieldError[] {
  const out: FieldError[] = [];
  for (const field of ["decisionRights", "forbiddenDecisions"] as const) {
    strs(t[field]).forEach((decision, i) => {
      if (ix.records.policies.has(decision)) return;
      const rule = field === "decisionRights" ? "decision-no-policy" : "forbidden-decision-invalid";
      out.push(
        fieldError(
          rule,
          "warning",
          `${label} ${id} ${field === "decisionRights" ? "claims decision" : "forbids decision"} "${decision}", which is not a policy id`,
          section,
          id,
          [field, i],
        ),
      );
    });
  }
  const seen = new Set<string>();
  let cycleReported = false;
  strs(t.escalationPath).forEach((role, i) => {
    if (role !== ALWAYS_ESCALATABLE && bucket(ix, "claimsByRole", role).length === 0) {
      out.push(
        fieldError(
          "escalation-path-invalid-role",
          "error",
          `${label} ${id} escalation path references role ${role} at index ${i} with no team claiming that role`,
          section,
          id,
          ["escalationPath", i],
        ),
      );
    }
    if (seen.has(role) && !cycleReported) {
      cycleReported = true;
      out.push(
        fieldError(
          "circular-escalation",
          "error",
          `${label} ${id} escalation path contains cycle: ${role} appears twice`,
          section,
          id,
          ["escalationPath", i],
        ),
      );
    }
    seen.add(role);
  });
  return out;
}

function teamRules(ix: OrgIndex, id: string, t: TeamView): FieldError[] {
  const out = escalationAndDecisionRules(ix, "teams", id, t, "Team");
  const members = bucket(ix, "membersByTeam", id).map((r) => splitRef(r)[1]);
  const owner = str(t.owner);
  if (!owner) out.push(fieldError("team-missing-owner", "error", `Team ${id} has no owner`, "teams", id, ["owner"]));
  if (members.length === 0) {
    // The studio creates a team together with its owner specialist, so Construct's error stands.
    out.push(
      fieldError(
        "team-no-specialists",
        "error",
        `Team ${id} has no specialists: set "team": "${id}" on at least one specialist`,
        "teams",
        id,
      ),
    );
  }
  if (owner && !members.some((m) => str(specialistView(record(ix, "specialists", m)).role) === owner)) {
    out.push(
      fieldError(
        "team-no-owner-specialist",
        "error",
        `Team ${id} has owner role ${owner} but no specialist with that role assigned`,
        "teams",
        id,
        ["owner"],
      ),
    );
  }
  strs(t.specialists).forEach((member, i) => {
    const raw = record(ix, "specialists", member);
    const s = raw && specialistView(raw);
    if (!s)
      out.push(
        fieldError("team-unknown-member", "warning", `Team ${id} lists unknown specialist ${member}`, "teams", id, [
          "specialists",
          i,
        ]),
      );
    else if (teamOf(s) !== id)
      out.push(
        fieldError(
          "team-member-mismatch",
          "warning",
          `Team ${id} lists ${member}, whose team is ${teamOf(s) ?? "unset"}`,
          "teams",
          id,
          ["specialists", i],
        ),
      );
  });
  const group = str(t.groupId);
  if (group && !ix.records.groups.has(group)) {
    out.push(
      fieldError("team-unknown-group", "warning", `Team ${id} names unknown group ${group}`, "teams", id, ["groupId"]),
    );
  }
  return out;
}

function groupRules(ix: OrgIndex, id: string, g: GroupView): FieldError[] {
  const out = escalationAndDecisionRules(ix, "groups", id, g, "Group");
  strs(g.squads).forEach((squad, i) => {
    if (!ix.records.teams.has(squad))
      out.push(
        fieldError("group-unknown-squad", "warning", `Group ${id} lists unknown team ${squad}`, "groups", id, [
          "squads",
          i,
        ]),
      );
  });
  return out;
}

function contractRules(ix: OrgIndex, id: string, c: ContractView): FieldError[] {
  const out: FieldError[] = [];
  const schema = str(c.output?.schema);
  const exists = schema && ix.schemaFileExists ? ix.schemaFileExists(id, schema) : true;
  if (exists === false)
    out.push(
      fieldError(
        "custom-contract-output-schema",
        "error",
        `output.schema '${schema}' does not exist on disk`,
        "contracts",
        id,
        ["output", "schema"],
      ),
    );
  else if (exists === "unknown")
    out.push(
      fieldError(
        "custom-contract-output-schema",
        "warning",
        `output.schema '${schema}' was not checked: a tree alone has no root to resolve it against (pass --schemas-root DIR)`,
        "contracts",
        id,
        ["output", "schema"],
      ),
    );
  for (const side of ["producer", "consumer"] as const) {
    const party = str(c[side]);
    if (party && !PARTIES.has(party) && !ix.records.specialists.has(party)) {
      out.push(
        fieldError(
          `custom-contract-${side}`,
          "error",
          `"${side}" ${JSON.stringify(party)} is not a specialist id nor one of user, construct, *`,
          "contracts",
          id,
          [side],
        ),
      );
      out.push(
        fieldError(
          `contract-unknown-${side}`,
          "error",
          `Contract ${id} references unknown ${side} ${party}`,
          "contracts",
          id,
          [side],
        ),
      );
    }
  }
  const boundary = c.teamBoundary;
  if (boundary) {
    for (const side of ["producerTeam", "consumerTeam"] as const) {
      const team = str(boundary[side]);
      if (team && !isTeamOrGroup(ix, team)) {
        out.push(
          fieldError(
            "contract-unknown-team",
            "error",
            `Contract ${id} teamBoundary references unknown team ${team}`,
            "contracts",
            id,
            ["teamBoundary", side],
          ),
        );
      }
    }
    strs(boundary.requiresApprovalFrom).forEach((team, i) => {
      if (!isTeamOrGroup(ix, team))
        out.push(
          fieldError(
            "contract-unknown-approver",
            "warning",
            `Contract ${id} teamBoundary needs approval from unknown team ${team}`,
            "contracts",
            id,
            ["teamBoundary", "requiresApprovalFrom", i],
          ),
        );
    });
  }
  return out;
}

function policyRules(ix: OrgIndex, id: string, p: PolicyView): FieldError[] {
  const out: FieldError[] = [];
  const owner = str(p.owner);
  if (owner && owner !== ALWAYS_ESCALATABLE && !isTeamOrGroup(ix, owner)) {
    out.push(
      fieldError("policy-unknown-owner", "error", `Policy ${id} is owned by unknown team ${owner}`, "policies", id, [
        "owner",
      ]),
    );
  }
  strs(p.requiresApprovalFrom).forEach((approver, i) => {
    if (!isTeamOrGroup(ix, approver) && !ix.records.policies.has(approver)) {
      out.push(
        fieldError(
          "policy-unknown-approver",
          "error",
          `Policy ${id} requires approval from ${approver}, which is neither a team nor a policy`,
          "policies",
          id,
          ["requiresApprovalFrom", i],
        ),
      );
    }
  });
  return out;
}

export function graphRules(ix: OrgIndex, section: Section, id: string): FieldError[] {
  const rec = record(ix, section, id);
  if (!rec) return [];
  switch (section) {
    case "specialists":
      return specialistRules(ix, id, specialistView(rec));
    case "teams":
      return teamRules(ix, id, teamView(rec));
    case "groups":
      return groupRules(ix, id, groupView(rec));
    case "contracts":
      return contractRules(ix, id, contractView(rec));
    case "policies":
      return policyRules(ix, id, policyView(rec));
  }
}

/** Must name exactly the buckets the rules above read, or drafts miss problems. */
export function dependents(
  ix: OrgIndex,
  section: Section,
  id: string,
  before: AnyRecord | undefined,
  after: AnyRecord | undefined,
): Set<Ref> {
  const out = new Set<Ref>([ref(section, id)]);
  const addAll = (refs: readonly Ref[]) => {
    for (const r of refs) out.add(r);
  };
  const both = [before, after].filter((r): r is AnyRecord => !!r);
  switch (section) {
    case "specialists":
      for (const rec of both.map(specialistView)) {
        const team = teamOf(rec);
        if (team) {
          out.add(ref("teams", team));
          out.add(ref("groups", team));
        }
        addAll(bucket(ix, "specialistsByName", str(rec.name)));
        addAll(bucket(ix, "handoffsByRole", str(rec.role)));
        addAll(bucket(ix, "handoffsByBaseRole", str(rec.role)));
      }
      addAll(bucket(ix, "contractsByParty", id));
      addAll(bucket(ix, "teamsByListedMember", id));
      break;
    case "teams":
    case "groups":
      for (const raw of both)
        for (const role of strs((section === "teams" ? teamView(raw) : groupView(raw)).roles))
          addAll(bucket(ix, "escalationsByRole", role));
      addAll(bucket(ix, "membersByTeam", id));
      addAll(bucket(ix, "contractsByTeam", id));
      addAll(bucket(ix, "policiesByRef", id));
      addAll(bucket(ix, "groupsBySquad", id));
      addAll(bucket(ix, "byGroupId", id));
      break;
    case "policies":
      addAll(bucket(ix, "teamsByPolicy", id));
      addAll(bucket(ix, "policiesByRef", id));
      break;
    case "contracts":
      break;
  }
  return out;
}
