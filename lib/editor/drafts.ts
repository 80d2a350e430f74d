import { sameJson } from "@/lib/json/same-json";
import { type EntityKind, type EntityRecord, isWritableKind, type WritableEntityKind } from "@/schemas/kinds";

type Template = (firstTeam: string, firstSkill?: string) => EntityRecord;

/** A new record's starting fields, per kind the studio writes (a read-only kind is never created here). */
const TEMPLATES: Record<WritableEntityKind, Template> = {
  // A specialist needs a skill; start with one so the first save can pass.
  specialist: (firstTeam, firstSkill) => ({
    id: "",
    name: "",
    role: "",
    description: "",
    modelTier: "standard",
    skills: firstSkill ? [firstSkill] : [],
    fence: { allowedPaths: ["docs/**"] },
    handoffCandidates: [],
    team: firstTeam,
  }),
  // What `construct worker-profile create` scaffolds, so a new profile reads like one Construct made.
  "worker-profile": (_firstTeam, firstSkill) => ({
    id: "",
    name: "",
    description: "",
    role: "",
    modelTier: "standard",
    skills: firstSkill ? [firstSkill] : [],
    fence: { allowedPaths: ["docs/**"] },
    claudeTools: "Read,Grep,Glob,LS",
    handoffCandidates: [],
    internal: true,
    custom: true,
  }),
  team: () => ({
    id: "",
    kind: "squad",
    name: "",
    owner: "",
    roles: [],
    decisionRights: [],
    forbiddenDecisions: [],
    escalationPath: ["orchestrator"],
    charter: "",
  }),
  group: () => ({
    id: "",
    kind: "group",
    name: "",
    owner: "",
    roles: [],
    squads: [],
    escalationPath: ["orchestrator"],
    charter: "",
  }),
  contract: () => ({
    id: "",
    description: "",
    producer: "user",
    consumer: "",
    input: { mustContain: [] },
    postconditions: [],
  }),
  policy: () => ({ id: "", owner: "orchestrator", description: "", mode: "approval", requiresApprovalFrom: [] }),
};

export function templateFor(kind: EntityKind, firstTeam = "", firstSkill?: string): EntityRecord {
  return isWritableKind(kind) ? TEMPLATES[kind](firstTeam, firstSkill) : { id: "" };
}

/** `null` removes a field. */
export function diffPatch(before: EntityRecord, after: EntityRecord): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "id") continue;
    if (!sameJson(before[key], after[key])) patch[key] = after[key] === undefined ? null : after[key];
  }
  return patch;
}

export function isSameRecord(a: EntityRecord, b: EntityRecord): boolean {
  return Object.keys(diffPatch(a, b)).length === 0 && a.id === b.id;
}

export type FieldConflict = { field: string; mine: unknown; theirs: unknown };

/** Three-way, field by field: fields both sides changed keep the user's value and are reported. */
export function rebaseDraft(
  origin: EntityRecord,
  draft: EntityRecord,
  theirs: EntityRecord,
): { draft: EntityRecord; conflicts: FieldConflict[] } {
  const mine = diffPatch(origin, draft);
  const next: EntityRecord = { ...theirs };
  const conflicts: FieldConflict[] = [];
  for (const [field, value] of Object.entries(mine)) {
    const changedThere = !sameJson(origin[field], theirs[field]);
    if (changedThere && !sameJson(draft[field], theirs[field]))
      conflicts.push({ field, mine: draft[field], theirs: theirs[field] });
    if (value === null) delete next[field];
    else next[field] = value;
  }
  return { draft: next, conflicts };
}

export function settleConflicts(
  draft: EntityRecord,
  theirs: EntityRecord,
  choices: Record<string, "mine" | "theirs">,
): EntityRecord {
  const next: EntityRecord = { ...draft };
  for (const [field, choice] of Object.entries(choices)) {
    if (choice !== "theirs") continue;
    if (theirs[field] === undefined) delete next[field];
    else next[field] = theirs[field];
  }
  return next;
}
