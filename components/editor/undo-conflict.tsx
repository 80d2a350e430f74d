"use client";

import { isRecordCommand, stepConflicts } from "@/lib/editor/history";
import type { OrgEdits, Resolution } from "@/lib/queries/use-org-edits";
import { askConflicts } from "./conflict-dialog";
import type { Ask } from "./shell-types";

export type Direction = "undo" | "redo";

/** Asks how to replay a step that ran into a newer version; null: leave everything as it is. */
export async function resolveStep(
  edits: OrgEdits,
  ask: Ask,
  direction: Direction,
  current: { record: Record<string, unknown>; etag: string } | undefined,
): Promise<Resolution | null> {
  const command = edits.peek(direction);
  if (!command || !isRecordCommand(command)) return null;
  const verb = direction === "undo" ? "Undo" : "Redo";
  const name = <code>{`${command.kind} ${command.id}`}</code>;
  if (command.type === "patch" && !(direction === "undo" && command.createdLayer) && current) {
    const conflicts = stepConflicts(command, direction, current.record);
    // Changes elsewhere in the record are kept; only the step's own fields are written.
    if (!conflicts.length) return { etag: current.etag } satisfies Resolution;
    const choices = await askConflicts(
      ask,
      "Changed on disk",
      <>
        {name} changed on disk after “{command.label}”. {verb} would write over these fields: keep the version on disk
        or the {direction === "undo" ? "undone" : "redone"} one, field by field. Nothing is written until you choose.
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
      {name} exists again since “{command.label}”; {direction === "undo" ? "undoing" : "redoing"} would write over it,
      so it is not replayed.
    </>,
    [{ label: "Keep it, forget this step", value: "keep", tone: "plain" }],
  );
  return answer === "keep" ? ({ etag: current?.etag ?? "", fields: [] } satisfies Resolution) : null;
}
