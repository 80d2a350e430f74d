import type { EntityKind, EntityRecord } from "@/schemas/org";

/** What a new entity of each kind starts as in its form. */
export function templateFor(kind: EntityKind, firstTeam = ""): EntityRecord {
  switch (kind) {
    case "specialist":
      return { id: "", name: "", role: "", description: "", modelTier: "standard", skills: [], fence: { allowedPaths: ["docs/**"] }, handoffCandidates: [], team: firstTeam };
    case "team":
      return { id: "", kind: "squad", name: "", owner: "", roles: [], decisionRights: [], forbiddenDecisions: [], escalationPath: ["orchestrator"], charter: "" };
    case "group":
      return { id: "", kind: "group", name: "", owner: "", roles: [], squads: [], escalationPath: ["orchestrator"], charter: "" };
    case "contract":
      return { id: "", description: "", producer: "user", consumer: "", input: { mustContain: [] }, postconditions: [] };
    case "policy":
      return { id: "", owner: "orchestrator", description: "", mode: "approval", requiresApprovalFrom: [] };
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The top-level patch that turns `before` into `after` (`null` removes a field). */
export function diffPatch(before: EntityRecord, after: EntityRecord): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "id") continue;
    if (!same(before[key], after[key])) patch[key] = after[key] === undefined ? null : after[key];
  }
  return patch;
}

export function isSameRecord(a: EntityRecord, b: EntityRecord): boolean {
  return Object.keys(diffPatch(a, b)).length === 0 && a.id === b.id;
}
