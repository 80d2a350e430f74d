import { sameJson } from "@/lib/json/same-json";
import { toResult, validateDraft } from "@/lib/org/validate";
import { kindIdProblem } from "@/schemas/entity-kinds";
import type { FieldError, ValidationResult } from "@/schemas/field-error";
import { type EntityKind, type EntityRecord, SECTION_OF } from "@/schemas/kinds";
import { isAppError } from "../errors";
import type { OrgState } from "./org-state";
import { problemsOf } from "./reads";
import { createEntity, updateEntity } from "./writes";

/** The patch that turns `current` into `draft`: changed and new fields, and `null` for each field dropped. */
export function patchBetween(current: EntityRecord, draft: EntityRecord): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft))
    if (key !== "id" && !sameJson(value, current[key])) patch[key] = value;
  for (const key of Object.keys(current)) if (key !== "id" && !Object.hasOwn(draft, key)) patch[key] = null;
  return patch;
}

/**
 * A draft of a kind Construct replaces whole, judged as the save would write it: a new record with
 * the defaults a create adds, an edit of a registry record as the custom copy it becomes, and the
 * record exactly as the org holds it as the org judges it. So a validate of what a read returned
 * agrees with the org, and a validate agrees with the write it stands for. `file` is what the save
 * would write (null when nothing would be), for the package's own validator.
 */
export async function validateAsWritten(
  state: OrgState,
  kind: EntityKind,
  record: EntityRecord,
): Promise<{ result: ValidationResult; file: EntityRecord | null; id: string }> {
  const rawId = record.id ?? record.name;
  const snap = await state.snapshot();
  if (kindIdProblem(kind, rawId))
    return { result: validateDraft(snap.index, kind, { ...record, id: rawId }), file: null, id: String(rawId ?? "") };
  const id = rawId as string;
  const section = SECTION_OF[kind];
  const row = snap.rows[section].get(id);
  if (row && sameJson(row.record, { ...record, id })) {
    const own = `#/${section}/${id}`;
    const problems = problemsOf(snap).filter((p) => p.location === own || p.location.startsWith(`${own}/`));
    return { result: toResult(problems), file: null, id };
  }
  try {
    const dry = row
      ? await updateEntity(state, kind, id, patchBetween(row.record, record), { dryRun: true })
      : await createEntity(state, kind, record, { dryRun: true });
    return { result: toResult(dry.warnings), file: "file" in dry ? (dry.file as EntityRecord) : null, id };
  } catch (error) {
    if (!isAppError(error) || error.code !== "invalid") throw error;
    const problems: FieldError[] = error.errors?.length
      ? error.errors
      : [{ id: "invalid", severity: "error", message: error.message, location: `#/${section}/${id}` }];
    return { result: toResult(problems), file: null, id };
  }
}
