"use client";

import { useCallback } from "react";
import { canConnect, removeHandoff } from "@/lib/graph/connect";
import { buildIndex } from "@/lib/org/org-index";
import { type OrgData, rowKey } from "@/lib/queries/org";
import type { OrgEdits } from "@/lib/queries/use-org-edits";
import type { GraphEdge } from "@/schemas/graph";
import { type Ask, errorDetail, type Toast } from "./shell-types";

type Widening = { id: string; text: string };

/** What the patch lets a task that starts with each specialist reach that it could not, through others. */
async function reachWidens(data: OrgData, specialistId: string, patch: Record<string, unknown>): Promise<Widening[]> {
  const [{ accessGraph }, { reachChanges }] = await Promise.all([
    import("@/lib/access/graph"),
    import("@/lib/access/reach-all"),
  ]);
  const record = data.org.specialists[specialistId];
  const after = { ...data.org, specialists: { ...data.org.specialists, [specialistId]: { ...record, ...patch } } };
  return reachChanges(accessGraph(data.org), accessGraph(after)).filter((c) => c.action === "widen");
}

function ReachWidens({ widens }: { widens: Widening[] }) {
  const ids = [...new Set(widens.map((w) => w.id))];
  return (
    <span data-testid="handoff-reach-widens" className="mt-2 block text-red-800 dark:text-red-300">
      <strong>
        ⚠ Reach widens for {ids.length} specialist{ids.length === 1 ? "" : "s"} ({widens.length} entries)
      </strong>
      , for example:
      {widens.slice(0, 3).map((w) => (
        <code key={`${w.id}\t${w.text}`} className="mt-1 block text-xs">
          {w.text}
        </code>
      ))}
    </span>
  );
}

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
      // A drawn handoff saves at once: a reach it widens is said first, as the panel's preview says it.
      const widens = await reachWidens(data, specialistId, patch);
      if (row.scope === "builtin" || widens.length) {
        const builtin = row.scope === "builtin";
        const answer = await ask(
          builtin ? "Override a built-in specialist?" : "Widen reach?",
          <>
            {builtin && (
              <>
                <code>{specialistId}</code> is built in and read-only. The change is saved as a project override (
                <code>.cx/org/specialists/{specialistId}.json</code>) holding only <code>handoffCandidates</code>.
              </>
            )}
            {widens.length > 0 && <ReachWidens widens={widens} />}
          </>,
          [{ label: builtin ? "Create override" : "Add handoff", value: "go" }],
        );
        if (answer !== "go") return;
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
        toast({ tone: "error", title: "That connection is not a handoff", detail: verdict.message });
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
      if (!verdict.ok) toast({ tone: "error", title: "Connection refused", detail: verdict.message });
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
