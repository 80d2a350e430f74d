import { isAtOrUnder, parsePointer } from "@/lib/json/pointer";
import { markAccepted } from "@/lib/org/accepted";
import { fenceField } from "@/lib/org/effective-fence";
import { fieldError } from "@/lib/org/field-error";
import { readOnlyFix } from "@/lib/org/problem-counts";
import { toResult, validateDraft as validateDraftIn, validateOrg } from "@/lib/org/validate";
import { kindIdProblem, recordKindOf, servedSection } from "@/schemas/entity-kinds";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import { type EntityKind, type EntityRecord, SECTION_OF, SECTIONS, type Section } from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import type { Skill } from "@/schemas/skill";
import type { Row, Snapshot } from "./merge";
import { describeSkills } from "./skills";

// Pure reads over one snapshot; costly results are cached in a WeakMap keyed by the (never mutated) snapshot.

const validationCache = new WeakMap<Snapshot, FieldError[]>();
const problemsCache = new WeakMap<Snapshot, FieldError[]>();
const skillsCache = new WeakMap<Snapshot, Skill[]>();

export function validation(snap: Snapshot): FieldError[] {
  let cached = validationCache.get(snap);
  if (!cached) {
    cached = validateOrg(snap.index).map((problem) => {
      const [section, id] = parsePointer(problem.location);
      const row = snap.rows[section as Section]?.get(id);
      if (!row) return problem;
      const fixBy = readOnlyFix(row.scope, row.kind.replace("-", " "));
      return { ...problem, path: row.path, ...(fixBy ? { fixBy } : {}) };
    });
    validationCache.set(snap, cached);
  }
  return cached;
}

/** Every problem of the org, each warning the project accepted marked with its reason. */
export function problemsOf(snap: Snapshot): FieldError[] {
  let problems = problemsCache.get(snap);
  if (!problems) {
    const all = [...snap.loadProblems, ...validation(snap)];
    problems = snap.accepted ? markAccepted(all, snap.accepted) : all;
    problemsCache.set(snap, problems);
  }
  return problems;
}

export function validateAll(snap: Snapshot): ValidationResult & { problems: FieldError[] } {
  const problems = problemsOf(snap);
  return { ...toResult(problems), problems };
}

function skillsOf(snap: Snapshot): Skill[] {
  let skills = skillsCache.get(snap);
  if (!skills) {
    skills = describeSkills(snap.skillFiles);
    skillsCache.set(snap, skills);
  }
  return skills;
}

/**
 * A fence is a sub-resource of its specialist, shown with the specialist's id; in Construct 2.x, of
 * its worker profile (a registry profile keeps it in `policyFence`).
 */
const fenceOf = (id: string, row: Row): EntityRecord =>
  row.kind === "worker-profile"
    ? { workerProfileId: id, ...(row.record[fenceField(row.record)] as object) }
    : { specialistId: id, ...(row.record.fence as object) };

export function listEntities(snap: Snapshot, kind: ApiKind, principal: EntityKind) {
  if (kind === "skill") {
    const skills = skillsOf(snap);
    return {
      items: skills.map((s) => ({
        id: s.id,
        scope: "builtin" as const,
        source: undefined as string | undefined,
        path: s.path,
        overrides: [],
        record: s,
        etag: "",
      })),
      count: skills.length,
      errors: [] as FieldError[],
    };
  }
  const section = servedSection(kind, principal);
  const items = [...snap.rows[section].values()].map((row) => ({
    id: row.id,
    scope: row.scope,
    source: row.source,
    path: row.path,
    overrides: row.overrides,
    record: kind === "fence" ? fenceOf(row.id, row) : row.record,
    etag: row.etag,
  }));
  // The principal kind's list also carries the problems of no record (a pack, the accepted list),
  // so a page built from the lists counts what validate counts.
  const unplaced = kind === principal;
  const errors = problemsOf(snap).filter(
    (e) => isAtOrUnder(e.location, [section]) || (unplaced && !RECORD_SECTIONS.has(parsePointer(e.location)[0])),
  );
  return { items, count: items.length, errors };
}

const RECORD_SECTIONS: ReadonlySet<string> = new Set(SECTIONS);

export type EntityView = Omit<Row, "layers"> & { errors: FieldError[] };

export function getEntity(snap: Snapshot, kind: ApiKind, id: string, principal: EntityKind): EntityView | null {
  if (kind === "skill") {
    const skill = skillsOf(snap).find((s) => s.id === id);
    return skill
      ? {
          id,
          kind: "specialist",
          scope: "builtin",
          path: skill.path,
          overrides: [],
          record: skill,
          etag: "",
          errors: [],
        }
      : null;
  }
  if (kindIdProblem(kind, id)) return null;
  const section = servedSection(kind, principal);
  const row = snap.rows[section].get(id);
  if (!row) return null;
  // Whole segments: record `ops` must not take the problems of `ops-2`.
  const errors = problemsOf(snap).filter((e) => isAtOrUnder(e.location, [section, id]));
  const { layers: _layers, ...rest } = row;
  return kind === "fence" ? { ...rest, record: fenceOf(id, row), errors } : { ...rest, errors };
}

export function validateDraft(
  snap: Snapshot,
  kind: EntityKind | "fence",
  record: EntityRecord,
  opts: { specialistId?: string },
  principal: EntityKind,
): ValidationResult {
  if (kind !== "fence") return validateDraftIn(snap.index, kind, record);
  const holder = recordKindOf("fence", principal);
  const field = holder === "specialist" ? "specialistId" : "workerProfileId";
  const id = opts.specialistId ?? String(record[field] ?? record.specialistId ?? "");
  const row = snap.rows[SECTION_OF[holder]].get(id);
  if (!row)
    return toResult([
      fieldError(
        holder === "specialist" ? "fence-missing-specialist-id" : "fence-missing-worker-profile-id",
        "error",
        `no ${holder === "specialist" ? "specialist" : "worker profile"} "${id}" to hold this fence`,
        SECTION_OF[holder],
        id,
        [field],
      ),
    ]);
  const fence = Object.fromEntries(
    Object.entries(record).filter(([key]) => key !== "specialistId" && key !== "workerProfileId"),
  );
  return validateDraftIn(snap.index, holder, { ...row.record, [fenceField(row.record)]: fence });
}
