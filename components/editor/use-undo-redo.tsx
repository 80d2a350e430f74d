"use client";

import { useCallback, useRef } from "react";
import { ApiError } from "@/lib/api/error";
import { stepConflicts } from "@/lib/editor/history";
import type { OrgEdits, Resolution } from "@/lib/queries/use-org-edits";
import { type Ask, errorDetail, type Toast } from "./shell-types";

type Direction = "undo" | "redo";

/**
 * Undo and redo with the user in the loop: a step that runs into a record changed on disk since
 * asks how to replay it (field by field for a patch), and nothing is written until they choose.
 */
export function useUndoRedo(edits: OrgEdits, ask: Ask, toast: Toast) {
  /** Asks how to replay a step that ran into a newer version; null: leave everything as it is. */
  const resolveStep = useCallback(
    async (direction: Direction, current: { record: Record<string, unknown>; etag: string } | undefined) => {
      const command = edits.peek(direction);
      if (!command) return null;
      const verb = direction === "undo" ? "Undo" : "Redo";
      const name = <code>{`${command.kind} ${command.id}`}</code>;
      if (command.type === "patch" && !(direction === "undo" && command.createdLayer) && current) {
        const conflicts = stepConflicts(command, direction, current.record);
        // Changes elsewhere in the record are kept; only the step's own fields are written.
        if (!conflicts.length) return { etag: current.etag } satisfies Resolution;
        // The field-by-field dialog's code loads when a conflict first needs it.
        const { askConflicts } = await import("./conflict-dialog");
        const choices = await askConflicts(
          ask,
          "Changed on disk",
          <>
            {name} changed on disk after “{command.label}”. {verb} would write over these fields: keep the version on
            disk or the {direction === "undo" ? "undone" : "redone"} one, field by field. Nothing is written until you
            choose.
          </>,
          conflicts,
          `${verb} with these choices`,
          direction === "undo" ? "Before the edit (undo)" : "After the edit (redo)",
        );
        if (!choices) return null;
        const fields = Object.keys(direction === "undo" ? command.before : command.after).filter(
          (f) => choices[f] !== "theirs",
        );
        return { etag: current.etag, fields } satisfies Resolution;
      }
      const deletes =
        (direction === "undo" && (command.type === "create" || (command.type === "patch" && command.createdLayer))) ||
        (direction === "redo" && command.type === "remove");
      if (deletes && current) {
        const answer = await ask(
          "Changed on disk",
          <>
            {name} changed on disk after “{command.label}”. {verb} would remove it, with the newer changes. Nothing is
            removed until you choose.
          </>,
          [
            { label: `${verb} anyway`, value: "force", tone: "danger" },
            { label: "Keep it, forget this step", value: "keep", tone: "plain" },
          ],
        );
        if (answer === "force") return { etag: current.etag } satisfies Resolution;
        return answer === "keep" ? ({ etag: current.etag, fields: [] } satisfies Resolution) : null;
      }
      // Re-creating: a newer record of that id is never overwritten.
      const answer = await ask(
        "A newer version exists",
        <>
          {name} exists again since “{command.label}”; {direction === "undo" ? "undoing" : "redoing"} would write over
          it, so it is not replayed.
        </>,
        [{ label: "Keep it, forget this step", value: "keep", tone: "plain" }],
      );
      return answer === "keep" ? ({ etag: current?.etag ?? "", fields: [] } satisfies Resolution) : null;
    },
    [ask, edits],
  );

  // Steps run one after another: a redo pressed while its undo is still saving replays that undo's
  // step once it lands, instead of finding the redo stack still empty.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const run = useCallback(
    async (direction: Direction) => {
      const replay = (resolution?: Resolution) =>
        direction === "undo" ? edits.undo(resolution) : edits.redo(resolution);
      try {
        let command = null;
        try {
          command = await replay();
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 409) throw e;
          const resolution = await resolveStep(direction, e.current);
          if (!resolution) return;
          command = await replay(resolution);
          if (resolution.fields?.length === 0) {
            toast({ tone: "info", title: `Kept the version on disk; ${command?.label ?? "the step"} is forgotten` });
            return;
          }
        }
        if (command) toast({ tone: "info", title: `${direction === "undo" ? "Undid" : "Redid"} ${command.label}` });
        else
          toast({
            tone: "info",
            title: `Nothing to ${direction}`,
            detail: "Layout moves and imports are not in the undo history: Auto-layout or a re-import reverts them.",
          });
      } catch (e) {
        toast({ tone: "error", title: `Could not ${direction}`, detail: errorDetail(e) });
      }
    },
    [edits, resolveStep, toast],
  );

  return useCallback(
    (direction: Direction) => {
      const next = queue.current.then(() => run(direction));
      queue.current = next;
      return next;
    },
    [run],
  );
}
