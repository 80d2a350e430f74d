import type { ListRow } from "@/schemas/api/org";
import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, SECTION_OF } from "@/schemas/kinds";
import { fieldError } from "./field-error";

/** The tiers that hold a record, lowest first: a New with its id would write over them. */
export function tiersOf(row: Pick<ListRow, "scope" | "overrides">): string[] {
  return [...new Set([...row.overrides.map((o) => o.scope), row.scope])];
}

/**
 * Why a new record may not take an id the org already holds (in any tier): New never overrides. The
 * server refuses the same create with a conflict; this says so while the id is typed.
 */
export function takenIdProblem(
  kind: EntityKind,
  id: string,
  row: Pick<ListRow, "scope" | "overrides"> | undefined,
): FieldError | null {
  if (!id || !row) return null;
  const tiers = tiersOf(row);
  const where = `the ${tiers.join(" and ")} tier${tiers.length > 1 ? "s" : ""}`;
  return fieldError(
    `${kind}-already-exists`,
    "error",
    `${kind} "${id}" already exists in ${where}: open it to edit it, or choose another id`,
    SECTION_OF[kind],
    id,
    ["id"],
  );
}
