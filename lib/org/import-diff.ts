import { sameJson } from "@/lib/json/same-json";
import type { FieldChange, ImportMode } from "@/schemas/api/org";
import type { EntityRecord } from "@/schemas/kinds";

/**
 * How an imported record differs from the one the tier holds, field by field (the id aside). A field
 * the import lacks is `removed`: replace drops it, merge keeps it.
 */
export function fieldDiff(existing: EntityRecord, incoming: EntityRecord): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of new Set([...Object.keys(existing), ...Object.keys(incoming)])) {
    if (field === "id") continue;
    const before = existing[field];
    const after = incoming[field];
    if (before === undefined) changes.push({ field, change: "added", after });
    else if (after === undefined) changes.push({ field, change: "removed", before });
    else if (!sameJson(before, after)) changes.push({ field, change: "changed", before, after });
  }
  return changes;
}

/** Merge keeps every field the import does not carry; replace writes the import's record as it is. */
export function importedRecord(existing: EntityRecord, incoming: EntityRecord, mode: ImportMode): EntityRecord {
  return mode === "replace" ? incoming : { ...existing, ...incoming };
}

/** The key a per-record choice is given under: `section/id`, as the dry run lists it. */
export const importKey = (section: string, id: string) => `${section}/${id}`;

/** The mode of one record: its own choice, else the import's, else merge (nothing lost). */
export function importModeOf(
  choices: { mode?: ImportMode; modes?: Readonly<Record<string, ImportMode>> },
  section: string,
  id: string,
): ImportMode {
  return choices.modes?.[importKey(section, id)] ?? choices.mode ?? "merge";
}
