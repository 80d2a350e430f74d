import { isAtOrUnder, parsePointer } from "@/lib/json/pointer";
import { fieldError } from "@/lib/org/field-error";
import { toResult, validateDraft as validateDraftIn, validateOrg } from "@/lib/org/validate";
import { kindIdProblem, servedSection } from "@/schemas/entity-kinds";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import type { EntityKind, EntityRecord, Section } from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import type { Skill } from "@/schemas/skill";
import type { Row, Snapshot } from "./merge";
import { describeSkills } from "./skills";

// Pure reads over one snapshot; costly results are cached in a WeakMap keyed by the (never mutated) snapshot.

const validationCache = new WeakMap<Snapshot, FieldError[]>();
const skillsCache = new WeakMap<Snapshot, Skill[]>();

export function validation(snap: Snapshot): FieldError[] {
  let cached = validationCache.get(snap);
  if (!cached) {
    cached = validateOrg(snap.index).map((problem) => {
      const [section, id] = parsePointer(problem.location);
      const row = snap.rows[section as Section]?.get(id);
      return row ? { ...problem, path: row.path } : problem;
    });
    validationCache.set(snap, cached);
  }
  return cached;
}

export function problemsOf(snap: Snapshot): FieldError[] {
  return [...snap.loadProblems, ...validation(snap)];
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

/** A fence is a sub-resource of its specialist, shown with the specialist's id. */
const fenceOf = (id: string, row: Row): EntityRecord => ({ specialistId: id, ...(row.record.fence as object) });

export function listEntities(snap: Snapshot, kind: ApiKind) {
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
  const section = servedSection(kind);
  const items = [...snap.rows[section].values()].map((row) => ({
    id: row.id,
    scope: row.scope,
    source: row.source,
    path: row.path,
    overrides: row.overrides,
    record: kind === "fence" ? fenceOf(row.id, row) : row.record,
    etag: row.etag,
  }));
  const errors = problemsOf(snap).filter((e) => isAtOrUnder(e.location, [section]));
  return { items, count: items.length, errors };
}

export type EntityView = Omit<Row, "layers"> & { errors: FieldError[] };

export function getEntity(snap: Snapshot, kind: ApiKind, id: string): EntityView | null {
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
  const section = servedSection(kind);
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
  opts: { specialistId?: string } = {},
): ValidationResult {
  if (kind !== "fence") return validateDraftIn(snap.index, kind, record);
  const id = opts.specialistId ?? String(record.specialistId ?? "");
  const row = snap.rows.specialists.get(id);
  if (!row)
    return toResult([
      fieldError(
        "fence-missing-specialist-id",
        "error",
        `no specialist "${id}" to hold this fence`,
        "specialists",
        id,
        ["specialistId"],
      ),
    ]);
  const fence = Object.fromEntries(Object.entries(record).filter(([key]) => key !== "specialistId"));
  return validateDraftIn(snap.index, "specialist", { ...row.record, fence });
}
