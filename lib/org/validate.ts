import type { FieldError, ValidationResult } from "@/schemas/field-error";
import { ENTITY_SCHEMAS, type EntityKind, type EntityRecord, KIND_OF, SECTION_OF, SECTIONS, type Section } from "@/schemas/org";
import { idProblem } from "@/schemas/common";
import { fieldError, issuesToFieldErrors, splitBySeverity } from "./field-error";
import { dependents, graphRules } from "./invariants";
import { type OrgIndex, type Ref, bucket, record, ref, splitRef, str, strs, withDraft } from "./org-index";

/** Record-shape problems of one entity: the kind's zod schema, mapped to FieldErrors. */
export function shapeErrors(kind: EntityKind, id: string, rec: unknown): FieldError[] {
  const section = SECTION_OF[kind];
  if (typeof rec !== "object" || rec === null || Array.isArray(rec)) {
    return [fieldError(`custom-${kind}-invalid-record`, "error", `${kind} ${id}: record must be a JSON object`, section, id)];
  }
  const parsed = ENTITY_SCHEMAS[kind].safeParse(rec);
  return parsed.success ? [] : issuesToFieldErrors(kind, section, id, parsed.error.issues);
}

/** Shape and graph problems of every entity in the index. */
export function validateOrg(ix: OrgIndex): FieldError[] {
  const out: FieldError[] = [];
  for (const section of SECTIONS) {
    const records = ix.records[section] as Map<string, EntityRecord>;
    for (const [id, rec] of records) {
      out.push(...shapeErrors(KIND_OF[section], id, rec), ...graphRules(ix, section, id));
    }
  }
  return out;
}

export function toResult(problems: readonly FieldError[]): ValidationResult {
  const { errors, warnings } = splitBySeverity(problems);
  return { ok: errors.length === 0, errors, warnings };
}

const problemKey = (e: FieldError) => `${e.id}\u0000${e.location}\u0000${e.message}`;

/**
 * What the org would report with `draft` saved as `kind/draft.id`: every problem of the draft
 * itself, plus each problem the change causes on another entity (a team losing its owner, a
 * handoff losing its target). Problems the other entities already had are not repeated.
 */
export function validateDraft(ix: OrgIndex, kind: EntityKind, draft: EntityRecord): ValidationResult {
  const section = SECTION_OF[kind];
  const id = draft.id;
  const badId = idProblem(id);
  if (badId) {
    return toResult([fieldError("invalid-id", "error", badId, section, typeof id === "string" ? id : "", ["id"]), ...shapeErrors(kind, typeof id === "string" ? id : "", draft).filter((e) => e.id !== "invalid-id")]);
  }
  return toResult(changeProblems(ix, section, id as string, draft));
}

function changeProblems(ix: OrgIndex, section: Section, id: string, next: EntityRecord | undefined): FieldError[] {
  const before = record(ix, section, id);
  const after = withDraft(ix, section, id, next);
  const out: FieldError[] = next ? [...shapeErrors(KIND_OF[section], id, next), ...graphRules(after, section, id)] : [];
  const self = ref(section, id);
  for (const r of dependents(ix, section, id, before, next)) {
    if (r === self) continue;
    const [s, other] = splitRef(r);
    const known = new Set(graphRules(ix, s, other).map(problemKey));
    for (const problem of graphRules(after, s, other)) if (!known.has(problemKey(problem))) out.push(problem);
  }
  return out;
}

/**
 * Why `kind/id` cannot be removed: one `<kind>-still-referenced` error per record that names it
 * (handoffs, contract parties, team owner and members, team boundaries, policies).
 */
export function referencesTo(ix: OrgIndex, kind: EntityKind, id: string): FieldError[] {
  const section = SECTION_OF[kind];
  const rec = record(ix, section, id);
  if (!rec) return [];
  const out: FieldError[] = [];
  const still = (message: string, at: Section, atId: string, path: (string | number)[]) =>
    out.push(fieldError(`${kind}-still-referenced`, "error", `cannot remove ${kind} "${id}": ${message}; pass force to remove anyway`, at, atId, path));

  if (section === "specialists") {
    const role = str(rec.role);
    const otherHolders = bucket(ix, "holdersByRole", role).filter((r) => r !== ref("specialists", id));
    if (role && otherHolders.length === 0) {
      for (const r of bucket(ix, "handoffsByRole", role)) {
        const [, sid] = splitRef(r);
        if (sid === id) continue;
        still(`${sid} hands off to its role "${role}"`, "specialists", sid, ["handoffCandidates", strs(record(ix, "specialists", sid)?.handoffCandidates).indexOf(role)]);
      }
      const team = str(rec.team);
      const t = team ? record(ix, "teams", team) : undefined;
      if (team && t && str(t.owner) === role) still(`it is the only holder of team ${team}'s owner role "${role}"`, "teams", team, ["owner"]);
    }
    for (const r of bucket(ix, "contractsByParty", id)) {
      const [, cid] = splitRef(r);
      const c = record(ix, "contracts", cid)!;
      for (const side of ["producer", "consumer"] as const) if (c[side] === id) still(`contract ${cid} names it as ${side}`, "contracts", cid, [side]);
    }
    for (const r of bucket(ix, "teamsByListedMember", id)) {
      const [, tid] = splitRef(r);
      still(`team ${tid} lists it as a member`, "teams", tid, ["specialists", strs(record(ix, "teams", tid)?.specialists).indexOf(id)]);
    }
  } else if (section === "teams" || section === "groups") {
    for (const r of bucket(ix, "membersByTeam", id)) still(`specialist ${splitRef(r)[1]} belongs to it`, "specialists", splitRef(r)[1], ["team"]);
    for (const r of bucket(ix, "contractsByTeam", id)) still(`contract ${splitRef(r)[1]} names it in its team boundary`, "contracts", splitRef(r)[1], ["teamBoundary"]);
    for (const r of bucket(ix, "groupsBySquad", id)) still(`group ${splitRef(r)[1]} lists it as a squad`, "groups", splitRef(r)[1], ["squads"]);
    for (const r of bucket(ix, "policiesByRef", id)) still(`policy ${splitRef(r)[1]} names it as owner or approver`, "policies", splitRef(r)[1], ["owner"]);
    for (const r of bucket(ix, "byGroupId", id)) { const [s, oid] = splitRef(r); still(`${KIND_OF[s]} ${oid} names it as its group`, s, oid, ["groupId"]); }
  } else if (section === "policies") {
    for (const r of bucket(ix, "teamsByPolicy", id)) { const [s, tid] = splitRef(r); still(`${KIND_OF[s]} ${tid} names it as a decision`, s, tid, ["decisionRights"]); }
    for (const r of bucket(ix, "policiesByRef", id)) still(`policy ${splitRef(r)[1]} requires its approval`, "policies", splitRef(r)[1], ["requiresApprovalFrom"]);
  }
  return out;
}

/** Graph problems that removing `kind/id` would cause elsewhere (used after a forced remove). */
export function removalProblems(ix: OrgIndex, kind: EntityKind, id: string): FieldError[] {
  return changeProblems(ix, SECTION_OF[kind], id, undefined);
}

export type { Ref };
