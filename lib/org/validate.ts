import { houseIssues, idProblem } from "@/schemas/common";
import { ENTITY_SCHEMAS } from "@/schemas/entity-kinds";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import {
  ENTITY_KIND_SPECS,
  type EntityKind,
  type EntityRecord,
  KIND_OF,
  SECTION_OF,
  SECTIONS,
  type Section,
} from "@/schemas/kinds";
import { isObject, specialistView } from "@/schemas/views";
import { fenceProblems } from "./fence-problems";
import { fieldError, idRuleId, issuesToFieldErrors, splitBySeverity } from "./field-error";
import { dependents, graphRules, isFromRegistry } from "./invariants";
import { type OrgIndex, record, ref, splitRef, withDraft } from "./org-index";
import { teamMovePatch } from "./team-move";
import { unknownFields } from "./unknown-fields";
import { customProfileProblems } from "./worker-profile-rules";

/** Schema checks are Construct's (errors); house checks are ours alone (warnings). */
export function shapeErrors(kind: EntityKind, id: string, rec: unknown): FieldError[] {
  const section = SECTION_OF[kind];
  if (!isObject(rec)) {
    return [
      fieldError(`custom-${kind}-invalid-record`, "error", `${kind} ${id}: record must be a JSON object`, section, id),
    ];
  }
  const schema = ENTITY_SCHEMAS[kind];
  const parsed = schema.safeParse(rec);
  let out = parsed.success ? [] : issuesToFieldErrors(kind, section, id, parsed.error.issues);
  if (kind === "worker-profile") {
    // The rules restate Construct's own refusals in its words; the schema's error at the same field says it again.
    const rules = customProfileProblems(id, rec);
    const ruled = new Set(rules.filter((p) => p.severity === "error").map((p) => p.location));
    out = [...out.filter((p) => !ruled.has(p.location)), ...rules];
  }
  const errorAt = new Set(out.map((e) => e.location));
  for (const warning of issuesToFieldErrors(kind, section, id, houseIssues(schema, rec), "warning"))
    if (!errorAt.has(warning.location)) out.push(warning);
  if (kind === "specialist") {
    const r = specialistView(rec);
    for (const problem of fenceProblems(rec.fence))
      out.push(fieldError(problem.id, "error", problem.message, section, id, ["fence", ...problem.path]));
    if (typeof r.teamId === "string" && typeof r.team === "string" && r.teamId !== r.team)
      out.push(
        fieldError(
          "custom-specialist-team-id",
          "warning",
          `"teamId" (${r.teamId}) differs from "team" (${r.team}); keep one of them`,
          section,
          id,
          ["teamId"],
        ),
      );
  }
  if (ENTITY_KIND_SPECS[kind].beyond === "warnings") out.push(...unknownFields(kind, id, rec));
  return out;
}

export function validateOrg(ix: OrgIndex): FieldError[] {
  const out: FieldError[] = [];
  for (const section of SECTIONS) {
    for (const [id, rec] of ix.records[section].entries()) {
      if (!isFromRegistry(ix, section, id)) out.push(...shapeErrors(KIND_OF[section], id, rec));
      out.push(...graphRules(ix, section, id));
    }
  }
  return out;
}

export function toResult(problems: readonly FieldError[]): ValidationResult {
  const { errors, warnings } = splitBySeverity(problems);
  return { ok: errors.length === 0, errors, warnings };
}

/** Identity of a problem, to tell problems a change causes from those that were already there. */
export const problemKey = (e: FieldError) => `${e.id}\u0000${e.location}\u0000${e.message}`;

/** The draft's own problems, plus only those it newly causes on other entities. */
export function validateDraft(ix: OrgIndex, kind: EntityKind, draft: EntityRecord): ValidationResult {
  const section = SECTION_OF[kind];
  const id = draft.id;
  const badId = idProblem(id);
  if (badId) {
    // A bad id silences no other rule.
    const key = typeof id === "string" ? id : "";
    return toResult([
      fieldError(idRuleId(kind), "error", badId, section, key, ["id"]),
      ...changeProblems(ix, section, key, draft).filter((e) => !(e.id === idRuleId(kind) && e.field === "id")),
    ]);
  }
  return toResult(changeProblems(ix, section, id as string, draft));
}

/** "New team" creates the team and moves its owner specialist in one write, so validate both. */
export function validateNewTeam(ix: OrgIndex, team: EntityRecord, ownerSpecialist: string): ValidationResult {
  const id = typeof team.id === "string" ? team.id : "";
  const specialist = record(ix, "specialists", ownerSpecialist);
  if (!specialist)
    return toResult([
      fieldError(
        "team-owner-specialist-unknown",
        "error",
        `specialist "${ownerSpecialist}" does not exist`,
        "teams",
        id,
        ["ownerSpecialist"],
      ),
      ...validateDraft(ix, "team", team).errors,
    ]);
  const moved = { ...specialist, ...teamMovePatch(specialist, id) };
  const withMember = withDraft(ix, "specialists", ownerSpecialist, moved);
  const withTeam = withDraft(ix, "teams", id, team);
  const teamSide = validateDraft(withMember, "team", team);
  const memberSide = validateDraft(withTeam, "specialist", moved);
  const seen = new Set<string>();
  const all = [...teamSide.errors, ...teamSide.warnings, ...memberSide.errors, ...memberSide.warnings];
  return toResult(all.filter((p) => !seen.has(problemKey(p)) && !!seen.add(problemKey(p))));
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
 * The references a removal leaves dangling, each named once at the referring record's field: exactly the
 * problems removal would cause elsewhere, so dangling-reference rules live only in the invariants.
 */
export function danglingReferences(ix: OrgIndex, kind: EntityKind, id: string): FieldError[] {
  if (!record(ix, SECTION_OF[kind], id)) return [];
  // Construct's shape and graph ids can both fire for one contract party: name it once.
  const seen = new Set<string>();
  return removalProblems(ix, kind, id).filter((p) => !seen.has(p.location) && !!seen.add(p.location));
}

/** The server's refusal to remove a record still referenced, one error per dangling reference. */
export function referencesTo(ix: OrgIndex, kind: EntityKind, id: string): FieldError[] {
  return danglingReferences(ix, kind, id).map((problem) => ({
    ...problem,
    id: `${kind}-still-referenced`,
    severity: "error" as const,
    message: `cannot remove ${kind} "${id}": ${problem.message}; pass force to remove anyway`,
  }));
}

export function removalProblems(ix: OrgIndex, kind: EntityKind, id: string): FieldError[] {
  return changeProblems(ix, SECTION_OF[kind], id, undefined);
}
