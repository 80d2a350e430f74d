import { WELL_KNOWN_PARTIES } from "@/schemas/contract";
import type { FieldError } from "@/schemas/field-error";
import type { ContractView, PolicyView } from "@/schemas/views";
import { fieldError } from "./field-error";
import { ALWAYS_ESCALATABLE } from "./member-rules";
import { isTeamOrGroup, type OrgIndex, str, strs } from "./org-index";

/** Graph rules of the records that link members: contracts between parties, policies and their owners. */

const PARTIES = new Set<string>(WELL_KNOWN_PARTIES);

export function contractRules(ix: OrgIndex, id: string, c: ContractView): FieldError[] {
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
      // Construct's two validators both refuse it: the contract shape rule and the graph rule.
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

export function policyRules(ix: OrgIndex, id: string, p: PolicyView): FieldError[] {
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
