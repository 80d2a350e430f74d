import type { FieldError } from "@/schemas/field-error";
import type { Section } from "@/schemas/org";
import { type GroupView, type SpecialistView, specialistView, type TeamView } from "@/schemas/views";
import { fieldError } from "./field-error";
import { bucket, isTeamOrGroup, type OrgIndex, record, ref, splitRef, str, strs, teamOf } from "./org-index";

/** Graph rules of the org's members: specialists, and the teams and groups that hold them. */

/** The orchestrator is the top of every escalation path, whether or not a team claims the role. */
export const ALWAYS_ESCALATABLE = "orchestrator";

function roleResolves(ix: OrgIndex, role: string): boolean {
  if (bucket(ix, "holdersByRole", role).length) return true;
  const base = role.split(".")[0];
  return base !== role && bucket(ix, "holdersByRole", base).length > 0;
}

export function specialistRules(ix: OrgIndex, id: string, s: SpecialistView): FieldError[] {
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

export function teamRules(ix: OrgIndex, id: string, t: TeamView): FieldError[] {
  const out = escalationAndDecisionRules(ix, "teams", id, t, "Team");
  const members = bucket(ix, "membersByTeam", id).map((r) => splitRef(r)[1]);
  const owner = str(t.owner);
  if (!owner) out.push(fieldError("team-missing-owner", "error", `Team ${id} has no owner`, "teams", id, ["owner"]));
  if (members.length === 0) {
    // An error, as in Construct: the studio creates a team together with its owner specialist.
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

export function groupRules(ix: OrgIndex, id: string, g: GroupView): FieldError[] {
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
