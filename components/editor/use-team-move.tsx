"use client";

import { useCallback } from "react";
import { buildIndex } from "@/lib/org/org-index";
import { teamMovePatch } from "@/lib/org/team-move";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { GraphNode } from "@/schemas/graph";
import { type Ask, errorDetail, type Toast } from "./shell-types";

/** The team change, checked and asked for like any edit, saved as an undoable patch; settles once answered. */
export function useTeamMove(
  data: OrgData | null,
  nodeById: ReadonlyMap<string, GraphNode>,
  edits: OrgEdits,
  ask: Ask,
  toast: Toast,
  /** Called once the team changed: the node's dragged position is meaningless in the new team. */
  onMoved: (specialistNode: string) => void,
) {
  return useCallback(
    async (specialistNode: string, teamNode: string) => {
      const specialist = nodeById.get(specialistNode);
      const team = nodeById.get(teamNode);
      if (!data || !specialist || !team) return;
      const row = data.rows[rowKey("specialist", specialist.entityId)];
      if (!row) return;
      const id = specialist.entityId;
      const patch = teamMovePatch(row.record, team.entityId);
      const label = `move ${id} to team ${team.entityId}`;
      // The rules load with the first edit, not with the page; a move they refuse is not offered.
      const { validateDraft } = await import("@/lib/org/validate");
      const check = validateDraft(buildIndex(data.org), "specialist", { ...row.record, ...patch });
      if (!check.ok) {
        toast({
          tone: "error",
          title: `${id} cannot move to ${team.label}`,
          detail: check.errors.map((e) => e.message).join("\n"),
        });
        return;
      }
      const from = typeof row.record.team === "string" ? row.record.team : null;
      const fromRow = from ? data.rows[rowKey("team", from)] : undefined;
      const listed = Array.isArray(fromRow?.record.specialists) && fromRow.record.specialists.includes(id);
      const builtin = row.scope === "builtin";
      const answer = await ask(
        `Move ${id} to team ${team.label}?`,
        <>
          <p>
            Writes{" "}
            <code>
              {Object.entries(patch)
                .map(([k, v]) => `"${k}": ${JSON.stringify(v)}`)
                .join(", ")}
            </code>{" "}
            on <code>{id}</code>
            {builtin ? (
              <>
                {" "}
                as a project override (<code>.cx/org/specialists/{id}.json</code>): it is built in and read-only
              </>
            ) : null}
            . Its role stays <code>{String(row.record.role ?? "—")}</code>; its fence and escalation now follow{" "}
            {team.entityId}.
          </p>
          {listed && from ? (
            <p className="mt-2">
              Team <code>{from}</code> still lists <code>{id}</code> in its <code>specialists</code>: a warning until
              that list is edited.
            </p>
          ) : null}
          {check.warnings.length ? (
            <p className="mt-2">
              {check.warnings.length === 1 ? "1 warning" : `${check.warnings.length} warnings`}:{" "}
              {check.warnings.map((w) => w.message).join("; ")}
            </p>
          ) : null}
        </>,
        // The dialog's own Cancel comes first and holds focus: Enter alone never moves anyone.
        [{ label: builtin ? "Move (project override)" : "Move", value: "move", tone: "primary" }],
      );
      if (answer !== "move") return;
      try {
        const hadLayer = row.scope === "project" || row.overrides.some((o) => o.scope === "project");
        const result = await edits.save({
          kind: "specialist",
          id,
          patch,
          previous: row.record,
          etag: row.etag,
          hadLayer,
          label,
        });
        onMoved(specialistNode);
        toast({ tone: "success", title: `Moved ${id} to team ${team.label}`, detail: result.path });
      } catch (e) {
        toast({ tone: "error", title: `Not moved: ${id} stays in ${from ?? "its team"}`, detail: errorDetail(e) });
      }
    },
    [data, nodeById, edits, ask, toast, onMoved],
  );
}
