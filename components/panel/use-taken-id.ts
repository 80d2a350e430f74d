import { useMemo } from "react";
import { takenIdProblem } from "@/lib/org/taken-id";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { EntityKind, EntityRecord } from "@/schemas/kinds";
import type { PanelTarget } from "./entity-panel";

/**
 * A new record's id, checked against every tier as it is typed: the problem to show at the id field,
 * and the record to open instead. New never overrides, so Create stays off while the id is taken.
 */
export function useTakenId(opts: {
  kind: EntityKind;
  isNew: boolean;
  draft: EntityRecord;
  data: OrgData;
  open: (target: PanelTarget) => void;
}) {
  const { kind, isNew, draft, data, open } = opts;
  const id = isNew && typeof draft.id === "string" ? draft.id.trim() : "";
  const row = id ? data.rows[rowKey(kind, id)] : undefined;
  const problem = useMemo(() => (row ? takenIdProblem(kind, id, row) : null), [kind, id, row]);
  return {
    problem,
    idTaken: problem ? { id, onOpen: () => open({ kind, id }) } : null,
  };
}
