import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { apiFetch } from "@/lib/api-client";
import { type EditCommand, type HistoryStore, inversePatch, pushed, redone, undone } from "@/lib/editor/history";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/org";
import { orgKeys } from "./org";

export type WriteResponse = { ok: true; path: string; record: EntityRecord; etag: string; warnings: unknown[] };

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

  const currentEtag = useCallback(
    async (kind: EntityKind, id: string) => (await apiFetch(entityUrl(kind, id))).etag ?? "",
    [],
  );

  const rawPatch = useCallback(
    async (kind: EntityKind, id: string, patch: Record<string, unknown>, scope: WritableScope, etag?: string) => {
      const ifMatch = etag ?? (await currentEtag(kind, id));
      return (
        await apiFetch<WriteResponse>(entityUrl(kind, id, `?scope=${scope}`), { method: "PATCH", body: patch, ifMatch })
      ).data;
    },
    [currentEtag],
  );

  const rawRemove = useCallback(
    async (kind: EntityKind, id: string, scope: WritableScope, force: boolean, etag?: string) => {
      const ifMatch = etag ?? (await currentEtag(kind, id));
      return (
        await apiFetch<{ ok: true; record: EntityRecord }>(
          entityUrl(kind, id, `?scope=${scope}${force ? "&force=1" : ""}`),
          { method: "DELETE", ifMatch },
        )
      ).data;
    },
    [currentEtag],
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
      etag?: string;
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
          pushed(history.get(), { type: "create", label, kind, id: String(record.id), scope, record, ownerSpecialist }),
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
      opts: { force?: boolean; etag?: string; label: string; scope?: WritableScope },
    ) => {
      const scope = opts.scope ?? "project";
      try {
        const result = await rawRemove(kind, id, scope, !!opts.force, opts.etag);
        history.set(
          pushed(history.get(), { type: "remove", label: opts.label, kind, id, scope, record: result.record }),
        );
        return result;
      } finally {
        await refresh();
      }
    },
    [history, rawRemove, refresh],
  );

  const run = useCallback(
    async (command: EditCommand, direction: "undo" | "redo") => {
      switch (command.type) {
        case "patch":
          if (direction === "undo" && command.createdLayer)
            await rawRemove(command.kind, command.id, command.scope, true);
          else
            await rawPatch(
              command.kind,
              command.id,
              direction === "undo" ? command.before : command.after,
              command.scope,
            );
          break;
        case "create":
          if (direction === "undo") await rawRemove(command.kind, command.id, command.scope, true);
          else await rawCreate(command.kind, command.record, command.scope, command.ownerSpecialist);
          break;
        case "remove":
          if (direction === "undo") await rawCreate(command.kind, command.record, command.scope);
          else await rawRemove(command.kind, command.id, command.scope, true);
          break;
      }
    },
    [rawCreate, rawPatch, rawRemove],
  );

  /** Replays the newest undoable (or redoable) command and moves it across the history. */
  const step = useCallback(
    async (direction: "undo" | "redo") => {
      const state = history.get();
      const command = direction === "undo" ? state.past.at(-1) : state.future[0];
      if (!command) return null;
      try {
        await run(command, direction);
        history.set(direction === "undo" ? undone(history.get()) : redone(history.get()));
        return command;
      } finally {
        await refresh();
      }
    },
    [history, refresh, run],
  );
  const undo = useCallback(() => step("undo"), [step]);
  const redo = useCallback(() => step("redo"), [step]);

  return useMemo(
    () => ({
      save,
      create,
      remove,
      undo,
      redo,
      refresh,
      canUndo: state.past.length > 0,
      canRedo: state.future.length > 0,
      nextUndo: state.past.at(-1)?.label,
      nextRedo: state.future[0]?.label,
    }),
    [save, create, remove, undo, redo, refresh, state],
  );
}
export type OrgEdits = ReturnType<typeof useOrgEdits>;
