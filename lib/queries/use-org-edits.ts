import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { apiFetch } from "@/lib/api-client";
import {
  dropped,
  type EditCommand,
  type HistoryStore,
  inversePatch,
  pushed,
  redone,
  undone,
} from "@/lib/editor/history";
import type { FieldError } from "@/schemas/field-error";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/org";
import { orgKeys } from "./org";

/** How to replay a step that ran into a newer version: write over `etag`, only `fields` for a patch. */
export type Resolution = { etag: string; fields?: string[] };

export type WriteResponse = { ok: true; path: string; record: EntityRecord; etag: string; warnings: FieldError[] };

const entityUrl = (kind: EntityKind, id: string, query = "") => `/api/org/${kind}/${encodeURIComponent(id)}${query}`;

/**
 * Every edit the editor makes, as mutations that save through the API and record themselves in
 * the undo history. Errors come back as `ApiError` (422 with FieldErrors, 409 with the current
 * record) for the caller to show.
 */
export function useOrgEdits(history: HistoryStore) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(history.subscribe, history.get, history.get);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: orgKeys.all }), [queryClient]);

  // Every write names the version it was made against: the caller's, never one fetched just
  // before writing, which would overwrite whatever changed since unasked.
  const rawPatch = useCallback(
    async (kind: EntityKind, id: string, patch: Record<string, unknown>, scope: WritableScope, etag: string) =>
      (
        await apiFetch<WriteResponse>(entityUrl(kind, id, `?scope=${scope}`), {
          method: "PATCH",
          body: patch,
          ifMatch: etag,
        })
      ).data,
    [],
  );

  const rawRemove = useCallback(
    async (kind: EntityKind, id: string, scope: WritableScope, force: boolean, etag: string) =>
      (
        await apiFetch<{ ok: true; record: EntityRecord; etag: string | null }>(
          entityUrl(kind, id, `?scope=${scope}${force ? "&force=1" : ""}`),
          { method: "DELETE", ifMatch: etag },
        )
      ).data,
    [],
  );

  const rawCreate = useCallback(
    async (kind: EntityKind, record: EntityRecord, scope: WritableScope, ownerSpecialist?: string) =>
      (
        await apiFetch<WriteResponse>(
          `/api/org/${kind}?scope=${scope}${ownerSpecialist ? `&ownerSpecialist=${encodeURIComponent(ownerSpecialist)}` : ""}`,
          { method: "POST", body: record },
        )
      ).data,
    [],
  );

  /** Saves `patch` over `kind/id` in `scope`; `previous` is the record the user saw, `hadLayer` whether `scope` already had a file. */
  const save = useCallback(
    async (args: {
      kind: EntityKind;
      id: string;
      patch: Record<string, unknown>;
      previous: EntityRecord;
      etag: string;
      scope?: WritableScope;
      hadLayer: boolean;
      label: string;
    }) => {
      const scope = args.scope ?? "project";
      try {
        const result = await rawPatch(args.kind, args.id, args.patch, scope, args.etag);
        history.set(
          pushed(history.get(), {
            type: "patch",
            label: args.label,
            kind: args.kind,
            id: args.id,
            scope,
            before: inversePatch(args.previous, args.patch),
            after: args.patch,
            createdLayer: !args.hadLayer,
            etag: result.etag,
          }),
        );
        return result;
      } finally {
        await refresh();
      }
    },
    [history, rawPatch, refresh],
  );

  const create = useCallback(
    async (
      kind: EntityKind,
      record: EntityRecord,
      label: string,
      scope: WritableScope = "project",
      ownerSpecialist?: string,
    ) => {
      try {
        const result = await rawCreate(kind, record, scope, ownerSpecialist);
        history.set(
          pushed(history.get(), {
            type: "create",
            label,
            kind,
            id: String(record.id),
            scope,
            record,
            ownerSpecialist,
            etag: result.etag,
          }),
        );
        return result;
      } finally {
        await refresh();
      }
    },
    [history, rawCreate, refresh],
  );

  const remove = useCallback(
    async (
      kind: EntityKind,
      id: string,
      opts: { force?: boolean; etag: string; label: string; scope?: WritableScope },
    ) => {
      const scope = opts.scope ?? "project";
      try {
        const result = await rawRemove(kind, id, scope, !!opts.force, opts.etag);
        history.set(
          pushed(history.get(), {
            type: "remove",
            label: opts.label,
            kind,
            id,
            scope,
            record: result.record,
            etag: result.etag,
          }),
        );
        return result;
      } finally {
        await refresh();
      }
    },
    [history, rawRemove, refresh],
  );

  /** Replays `command` against the version it left (or the one the user chose to overwrite); returns the version it leaves. */
  const run = useCallback(
    async (command: EditCommand, direction: "undo" | "redo", resolution?: Resolution): Promise<string | null> => {
      const etag = resolution?.etag ?? command.etag ?? "";
      const only = (patch: Record<string, unknown>) =>
        resolution?.fields ? Object.fromEntries(resolution.fields.map((f) => [f, patch[f] ?? null])) : patch;
      switch (command.type) {
        case "patch":
          if (direction === "undo" && command.createdLayer)
            return (await rawRemove(command.kind, command.id, command.scope, true, etag)).etag;
          return (
            await rawPatch(
              command.kind,
              command.id,
              only(direction === "undo" ? command.before : command.after),
              command.scope,
              etag,
            )
          ).etag;
        case "create":
          if (direction === "undo") return (await rawRemove(command.kind, command.id, command.scope, true, etag)).etag;
          return (await rawCreate(command.kind, command.record, command.scope, command.ownerSpecialist)).etag;
        case "remove":
          if (direction === "undo") return (await rawCreate(command.kind, command.record, command.scope)).etag;
          return (await rawRemove(command.kind, command.id, command.scope, true, etag)).etag;
      }
    },
    [rawCreate, rawPatch, rawRemove],
  );

  /**
   * Replays the newest undoable (or redoable) command and moves it across the history. A record
   * changed since fails with the server's 409 (`ApiError.current`) and nothing is written; the
   * caller asks the user and calls again with a `resolution`: the current version to write over,
   * and for a patch the fields to put back (none: the step is dropped, the disk kept as it is).
   */
  const step = useCallback(
    async (direction: "undo" | "redo", resolution?: Resolution) => {
      const state = history.get();
      const command = direction === "undo" ? state.past.at(-1) : state.future[0];
      if (!command) return null;
      try {
        if (resolution?.fields?.length === 0) {
          history.set(dropped(history.get(), direction));
          return command;
        }
        const etag = await run(command, direction, resolution);
        history.set(direction === "undo" ? undone(history.get(), etag) : redone(history.get(), etag));
        return command;
      } finally {
        await refresh();
      }
    },
    [history, refresh, run],
  );
  const undo = useCallback((resolution?: Resolution) => step("undo", resolution), [step]);
  const redo = useCallback((resolution?: Resolution) => step("redo", resolution), [step]);
  /** The command the next undo (or redo) replays, to describe a conflict it runs into. */
  const peek = useCallback(
    (direction: "undo" | "redo") =>
      (direction === "undo" ? history.get().past.at(-1) : history.get().future[0]) ?? null,
    [history],
  );

  return useMemo(
    () => ({
      save,
      create,
      remove,
      undo,
      redo,
      peek,
      refresh,
      canUndo: state.past.length > 0,
      canRedo: state.future.length > 0,
      nextUndo: state.past.at(-1)?.label,
      nextRedo: state.future[0]?.label,
    }),
    [save, create, remove, undo, redo, peek, refresh, state],
  );
}
export type OrgEdits = ReturnType<typeof useOrgEdits>;
