import { sameJson } from "@/lib/json/same-json";
import { type EntityKind, type EntityRecord, isWritableKind, type WritableEntityKind } from "@/schemas/kinds";

/**
 * A new record's starting fields, per kind the studio writes (a read-only kind is never created here).
 * Every field is one its New form shows. Where Construct's own create has a default (a worker profile's
 * model tier and allowed paths), the form starts with it, in view; elsewhere pickers start empty and
 * validation says what is required. A list starts empty rather than absent so its field is on the form.
 */
const TEMPLATES: Record<WritableEntityKind, () => EntityRecord> = {
  specialist: () => ({
    id: "",
    name: "",
    role: "",
    description: "",
    skills: [],
    fence: { allowedPaths: [] },
    handoffCandidates: [],
  }),
  // `construct worker-profile create` defaults: role = the id (the form keeps it following), model tier
  // standard, allowed paths ".".
  "worker-profile": () => ({
    id: "",
    name: "",
    description: "",
    role: "",
    modelTier: "standard",
    skills: [],
    fence: { allowedPaths: ["."] },
    handoffCandidates: [],
  }),
  team: () => ({
    id: "",
    name: "",
    owner: "",
    roles: [],
    decisionRights: [],
    forbiddenDecisions: [],
    escalationPath: [],
    charter: "",
  }),
  group: () => ({ id: "", name: "", owner: "", roles: [], squads: [], escalationPath: [], charter: "" }),
  contract: () => ({
    id: "",
    description: "",
    producer: "",
    consumer: "",
    input: { mustContain: [] },
    postconditions: [],
  }),
  policy: () => ({ id: "", description: "", requiresApprovalFrom: [] }),
};

export function templateFor(kind: EntityKind): EntityRecord {
  return isWritableKind(kind) ? TEMPLATES[kind]() : { id: "" };
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
