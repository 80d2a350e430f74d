import type { EntityKind, EntityRecord } from "@/schemas/org";

/** What a new entity of each kind starts as in its form. */
export function templateFor(kind: EntityKind, firstTeam = "", firstSkill?: string): EntityRecord {
  switch (kind) {
    case "specialist":
      // A specialist needs at least one skill; start from one so the form's first save can pass.
      return {
        id: "",
        name: "",
        role: "",
        description: "",
        modelTier: "standard",
        skills: firstSkill ? [firstSkill] : [],
        fence: { allowedPaths: ["docs/**"] },
        handoffCandidates: [],
        team: firstTeam,
      };
    case "team":
      return {
        id: "",
        kind: "squad",
        name: "",
        owner: "",
        roles: [],
        decisionRights: [],
        forbiddenDecisions: [],
        escalationPath: ["orchestrator"],
        charter: "",
      };
    case "group":
      return {
        id: "",
        kind: "group",
        name: "",
        owner: "",
        roles: [],
        squads: [],
        escalationPath: ["orchestrator"],
        charter: "",
      };
    case "contract":
      return {
        id: "",
        description: "",
        producer: "user",
        consumer: "",
        input: { mustContain: [] },
        postconditions: [],
      };
    case "policy":
      return { id: "", owner: "orchestrator", description: "", mode: "approval", requiresApprovalFrom: [] };
  }
}

/** Deep equality of JSON values; object key order does not matter, array order does. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
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
