"use client";

import { useCallback, useMemo } from "react";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { ApiError } from "@/lib/api/error";
import { projectDrafts } from "@/lib/editor/draft-store";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { GraphNode } from "@/schemas/graph";
import { ENTITY_KIND_SPECS, type EntityKind } from "@/schemas/kinds";
import { DeleteDialogBody } from "./delete-dialog";
import { useEditor, useEditorApi } from "./editor-store";
import { errorDetail } from "./shell-types";
import { useToasts } from "./toasts";
import { targetOfNode, usePanelFlow } from "./use-panel-state";

/** Whether the record has a file the studio may delete: not a built-in, pack or registry record alone. */
export function isDeletable(
  data: OrgData | null,
  target: PanelTarget | null,
): target is { kind: EntityKind; id: string } {
  if (!data || !target?.id || !ENTITY_KIND_SPECS[target.kind].writable) return false;
  const row = data.rows[rowKey(target.kind, target.id)];
  return !!row && row.scope !== "builtin" && row.scope !== "pack";
}

/**
 * The one way to delete a record, from the panel, the canvas's Delete key and the palette: one dialog
 * names what refers to it and what becomes of those references, and nothing is written until it is confirmed.
 * Resolves true when the record was deleted.
 */
export function useDeleteRecord(data: OrgData | null, edits: OrgEdits) {
  const ask = useEditor((s) => s.ask);
  const store = useEditorApi();
  const { push: toast } = useToasts();
  const { changePanel } = usePanelFlow();
  return useCallback(
    async (kind: EntityKind, id: string): Promise<boolean> => {
      const row = data?.rows[rowKey(kind, id)];
      if (!data || !row || !isDeletable(data, { kind, id })) return false;
      // Deleting an override leaves the lower tier's record, so nothing dangles.
      // Loaded at the first delete: the rules weigh more than the editor's first load may.
      const [{ buildIndex }, { referrersOf }] = await Promise.all([
        import("@/lib/org/org-index"),
        import("@/lib/org/referrers"),
      ]);
      const referrers = row.overrides.length
        ? []
        : referrersOf(buildIndex(data.org, new Set(data.skills.map((s) => s.id))), kind, id);
      const lower = row.overrides.at(-1);
      const answer = await ask(
        lower ? `Delete the ${row.scope} override of ${kind} ${id}?` : `Delete ${kind} ${id}?`,
        <DeleteDialogBody kind={kind} row={row} referrers={referrers} />,
        [{ label: lower ? "Delete override" : "Delete", value: "delete", tone: "danger" }],
        { wide: referrers.length > 0 },
      );
      if (answer?.startsWith("open:")) {
        const [, other, otherId] = /^open:([^:]+):(.*)$/.exec(answer) ?? [];
        if (await changePanel({ kind: other as EntityKind, id: otherId }))
          store.getState().focusOn(`${other}:${otherId}`, true);
        return false;
      }
      if (answer !== "delete") return false;
      const label = `delete ${kind} ${id}`;
      try {
        // The user saw the references: the server refuses only ones that appeared since the dialog opened.
        await edits.remove(kind, id, { etag: row.etag, label, force: referrers.length > 0 });
      } catch (error) {
        const appeared = error instanceof ApiError && error.status === 409 && error.errors.length > 0;
        toast({
          tone: "error",
          title: appeared ? `Not deleted: ${id} is referenced by records changed since` : "Not deleted",
          detail: errorDetail(error),
        });
        return false;
      }
      projectDrafts().drop({ kind, id });
      toast({
        tone: "success",
        title: `Deleted ${kind} ${id}`,
        ...(referrers.length ? { detail: `${referrers.length} record(s) now hold a dangling reference` } : {}),
      });
      const { panel, selection } = store.getState();
      if (panel?.kind === kind && panel.id === id) {
        store.getState().setPanelDirty(false);
        await changePanel(null);
      }
      if (selection?.type === "node" && selection.id === `${kind}:${id}`) store.getState().select(null);
      return true;
    },
    [ask, changePanel, data, edits, store, toast],
  );
}

/**
 * The record a Delete would remove: the open panel's, else the selected node's; null when there is none the
 * studio may delete. `run` opens the delete dialog for it.
 */
export function useDeleteCurrent(data: OrgData | null, edits: OrgEdits, nodeById: ReadonlyMap<string, GraphNode>) {
  const remove = useDeleteRecord(data, edits);
  const panel = useEditor((s) => s.panel);
  const selection = useEditor((s) => s.selection);
  return useMemo(() => {
    const current = panel ?? (selection?.type === "node" ? targetOfNode(nodeById.get(selection.id)) : null);
    if (!isDeletable(data, current)) return null;
    return { kind: current.kind, id: current.id, run: () => void remove(current.kind, current.id) };
  }, [data, nodeById, panel, remove, selection]);
}
