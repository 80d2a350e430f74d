import { type EntityRecord, emptyOrg, type OrgRecords } from "@/schemas/kinds";

export const team = (id: string, roles: string[], extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  owner: roles[0],
  roles,
  escalationPath: [],
  ...extra,
});

export const spec = (id: string, role: string, teamId: string | undefined, fence: object, handoffs: string[] = []) => ({
  id,
  name: id,
  role,
  ...(teamId ? { team: teamId } : {}),
  fence,
  handoffCandidates: handoffs,
});

/**
 * reviewer (docs, never secrets) → engineer (src, npm test, push with approval) → tester (test) →
 * reviewer: a cycle of handoffs; the lead (everything) sits in a team of its own.
 */
export function reachOrg(): OrgRecords {
  return {
    ...emptyOrg(),
    teams: {
      eng: team("eng", ["reviewer", "engineer", "tester"]),
      lead: team("lead", ["lead"]),
    },
    specialists: {
      "cx-reviewer": spec(
        "cx-reviewer",
        "reviewer",
        "eng",
        { allowedPaths: ["docs/**"], deniedActions: ["edit:secrets/**"] },
        ["engineer"],
      ),
      "cx-engineer": spec(
        "cx-engineer",
        "engineer",
        "eng",
        { allowedPaths: ["src/**"], allowedCommands: ["npm test"], approvalRequired: ["push"] },
        ["tester"],
      ),
      "cx-tester": spec("cx-tester", "tester", "eng", { allowedPaths: ["test/**"] }, ["reviewer"]),
      "cx-lead": spec("cx-lead", "lead", "lead", { allowedPaths: ["**"] }),
    },
  };
}

/** Construct 2.x: a writer (docs) hands off to a registry builder (src, npm test) by id. */
export function workerProfileOrg(): OrgRecords {
  const o = emptyOrg();
  const profiles: Record<string, EntityRecord> = {
    writer: {
      id: "writer",
      name: "writer",
      role: "writer",
      fence: { allowedPaths: ["docs/**"] },
      handoffCandidates: ["builder"],
    },
    builder: {
      id: "builder",
      name: "builder",
      role: "builder",
      policyFence: { allowedPaths: ["src/**"], allowedCommands: ["npm test"] },
    },
  };
  o["worker-profiles"] = profiles as OrgRecords["worker-profiles"];
  return o;
}
