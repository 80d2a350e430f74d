"use client";

import { useCallback } from "react";
import { canConnect, removeHandoff } from "@/lib/graph/connect";
import { buildIndex } from "@/lib/org/org-index";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { GraphEdge } from "@/schemas/graph";
import { type Ask, errorDetail, type Toast } from "./shell-types";

/** Saved as validated, undoable patches of `handoffCandidates`; nothing happens until the whole org has loaded. */
export function useHandoffEdits(data: OrgData | null, edits: OrgEdits, ask: Ask, toast: Toast) {
  const saveHandoffPatch = useCallback(
    async (specialistId: string, patch: Record<string, unknown>, label: string) => {
      if (!data) return;
      const row = data.rows[rowKey("specialist", specialistId)];
      if (!row) return;
      const { validateDraft } = await import("@/lib/org/validate");
      const check = validateDraft(buildIndex(data.org), "specialist", { ...row.record, ...patch });
      if (!check.ok) {
        toast({ tone: "error", title: `Refused: ${label}`, detail: check.errors.map((e) => e.message).join("\n") });
        return;
      }
      if (row.scope === "builtin") {
        const answer = await ask(
          "Override a built-in specialist?",
          <>
            <code>{specialistId}</code> is built in and read-only. The change is saved as a project override (
            <code>.cx/org/specialists/{specialistId}.json</code>) holding only <code>handoffCandidates</code>.
          </>,
          [{ label: "Create override", value: "override" }],
        );
        if (answer !== "override") return;
      }
      try {
        const hadLayer = row.scope === "project" || row.overrides.some((o) => o.scope === "project");
        const result = await edits.save({
          kind: "specialist",
          id: specialistId,
          patch,
          previous: row.record,
          etag: row.etag,
          hadLayer,
          label,
        });
        toast({ tone: "success", title: label[0].toUpperCase() + label.slice(1), detail: result.path });
      } catch (e) {
        toast({ tone: "error", title: `Not saved: ${label}`, detail: errorDetail(e) });
      }
    },
    [data, ask, edits, toast],
  );

  const onConnectRequest = useCallback(
    (source: string, target: string) => {
      if (!data) return;
      const verdict = canConnect(data.org, source, target);
      if (!verdict.ok) {
        toast({ tone: "error", title: "That connection is not a handoff", detail: verdict.reason });
        return;
      }
      void saveHandoffPatch(
        verdict.specialistId,
        verdict.patch,
        `add handoff ${verdict.specialistId} → ${verdict.role}`,
      );
    },
    [data, saveHandoffPatch, toast],
  );

  const onConnectRefused = useCallback(
    (source: string, target: string) => {
      if (!data) return;
      const verdict = canConnect(data.org, source, target);
      if (!verdict.ok) toast({ tone: "error", title: "Connection refused", detail: verdict.reason });
    },
    [data, toast],
  );

  const isValidConnection = useCallback(
    (source: string, target: string) => !!data && canConnect(data.org, source, target).ok,
    [data],
  );

  const deleteHandoffs = useCallback(
    async (doomed: GraphEdge[]) => {
      if (!data) return;
      for (const edge of doomed) {
        const change = removeHandoff(data.org, edge);
        if (change)
          await saveHandoffPatch(
            change.specialistId,
            change.patch,
            `remove handoff ${change.specialistId} → ${change.role}`,
          );
      }
    },
    [data, saveHandoffPatch],
  );

  return { onConnectRequest, onConnectRefused, isValidConnection, deleteHandoffs };
}
