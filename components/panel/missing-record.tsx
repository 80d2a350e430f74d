"use client";

import type { EntityKind } from "@/schemas/kinds";
import { PanelHeader } from "./panel-chrome";
import { PANEL_FRAME } from "./panel-frame";

/**
 * The panel of an id that names no record (a reference to a team nobody made, a record removed on disk):
 * said as such, with nothing drafted under that id and nothing to save.
 */
export function MissingRecord({ kind, id, onClose }: { kind: EntityKind; id: string; onClose: () => void }) {
  return (
    <aside data-testid="entity-panel" aria-label={`${kind} ${id} not found`} className={`nokey ${PANEL_FRAME}`}>
      <PanelHeader kind={kind} id={id} row={undefined} onClose={onClose} />
      <p role="status" data-testid="record-not-found" className="px-4 py-3 text-sm">
        <code>{id}</code> — not found. No {kind} with this id exists in any tier, so there is nothing to edit here; the
        records that refer to it list it in their Problems.
      </p>
    </aside>
  );
}
