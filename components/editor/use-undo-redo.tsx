"use client";

import { useCallback, useRef } from "react";
import { ApiError } from "@/lib/api/error";
import { NotUndoable, type OrgEdits, type Resolution } from "@/lib/queries/use-org-edits";
import { type Ask, errorDetail, type Toast } from "./shell-types";
import type { Direction } from "./undo-conflict";

/** A step that meets a record changed on disk asks how to replay it; nothing is written until answered. */
export function useUndoRedo(edits: OrgEdits, ask: Ask, toast: Toast) {
  // Steps run in order: a redo pressed while its undo still saves replays once it lands.
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
          const { resolveStep } = await import("./undo-conflict");
          const resolution = await resolveStep(edits, ask, direction, e.current);
          if (!resolution) return;
          command = await replay(resolution);
          if (resolution.fields?.length === 0) {
            toast({ tone: "info", title: `Kept the version on disk; ${command?.label ?? "the step"} is forgotten` });
            return;
          }
        }
        if (command) toast({ tone: "info", title: `${direction === "undo" ? "Undid" : "Redid"} ${command.label}` });
        else toast({ tone: "info", title: `Nothing to ${direction}` });
      } catch (e) {
        if (e instanceof NotUndoable) {
          toast({ tone: "info", title: "Nothing undone", detail: e.message });
          return;
        }
        toast({ tone: "error", title: `Could not ${direction}`, detail: errorDetail(e) });
      }
    },
    [edits, ask, toast],
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
