import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { putPositions } from "@/lib/api/layout";
import { createEntity, patchEntity, removeEntity } from "@/lib/api/org";
import {
  dropped,
  type EditCommand,
  type HistoryStore,
  inversePatch,
  isRecordCommand,
  pushed,
  redone,
  undone,
} from "@/lib/editor/history";
import { noteOwnAdd, takeOwnAdd } from "@/lib/editor/own-adds";
import type { Position } from "@/lib/graph/geometry";
import type { Layout } from "@/schemas/graph";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/kinds";
import { withPositions } from "./layout";
import { orgKeys } from "./org-keys";

export type Resolution = { etag: string; fields?: string[] };

export type SaveArgs = {
  kind: EntityKind;
  id: string;
  patch: Record<string, unknown>;
  previous: EntityRecord;
  etag: string;
  scope?: WritableScope;
  /** Else undo removes the layer. */
  hadLayer: boolean;
  label: string;
};
export type CreateArgs = {
  kind: EntityKind;
  record: EntityRecord;
  label: string;
  scope?: WritableScope;
  ownerSpecialist?: string;
};
export type RemoveArgs = {
  kind: EntityKind;
  id: string;
  force?: boolean;
  etag: string;
  label: string;
  scope?: WritableScope;
};

export class NotUndoable extends Error {}

async function replay(command: EditCommand, direction: "undo" | "redo", resolution?: Resolution) {
  if (command.type === "import")
    throw new NotUndoable(
      `${command.label} cannot be undone here: import the export you replaced, or restore the files with git`,
    );
  if (command.type === "layout") {
    await putPositions(direction === "undo" ? command.before : command.after);
    return null;
  }
  const etag = resolution?.etag ?? command.etag ?? "";
  const only = (patch: Record<string, unknown>) =>
    resolution?.fields ? Object.fromEntries(resolution.fields.map((f) => [f, patch[f] ?? null])) : patch;
  switch (command.type) {
    case "patch":
      if (direction === "undo" && command.createdLayer)
        return (await removeEntity(command.kind, command.id, command.scope, true, etag)).etag;
      return (
        await patchEntity(
          command.kind,
          command.id,
          only(direction === "undo" ? command.before : command.after),
          command.scope,
          etag,
        )
      ).etag;
    case "create":
      if (direction === "undo") return (await removeEntity(command.kind, command.id, command.scope, true, etag)).etag;
      return (await createEntity(command.kind, command.record, command.scope, command.ownerSpecialist)).etag;
    case "remove":
      if (direction === "undo")
        return (await createEntity(command.kind, command.record, command.scope, undefined, true)).etag;
      return (await removeEntity(command.kind, command.id, command.scope, true, etag)).etag;
  }
}

/**
 * Every write names the version the caller saw, never one fetched just before writing, which would
 * overwrite whatever changed since unasked.
 */
export function useOrgEdits(history: HistoryStore) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(history.subscribe, history.get, history.get);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: orgKeys.all }), [queryClient]);
  /** A step that is no save of a record: a move, or an import that undo must not reach past. */
  const record = useCallback(
    (command: EditCommand) => {
      if (!isRecordCommand(command)) history.set(pushed(history.get(), command));
    },
    [history],
  );
  const onSettled = () => refresh();
  const showPositions = (positions: Record<string, Position | null>) =>
    queryClient.setQueryData<Layout>(orgKeys.layout, (layout) => layout && withPositions(layout, positions));

  const { mutateAsync: save } = useMutation({
    mutationFn: async (args: SaveArgs) => {
      const scope = args.scope ?? "project";
      const result = await patchEntity(args.kind, args.id, args.patch, scope, args.etag);
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
    },
    onSettled,
  });

  const { mutateAsync: createNow } = useMutation({
    mutationFn: async ({ kind, record, label, scope = "project", ownerSpecialist }: CreateArgs) => {
      // Noted before the write: the org's change can reach the canvas before the answer does.
      noteOwnAdd();
      const result = await createEntity(kind, record, scope, ownerSpecialist).catch((e: unknown) => {
        takeOwnAdd();
        throw e;
      });
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
    },
    onSettled,
  });

  const { mutateAsync: removeNow } = useMutation({
    mutationFn: async ({ kind, id, force, etag, label, scope = "project" }: RemoveArgs) => {
      const result = await removeEntity(kind, id, scope, !!force, etag);
      history.set(
        pushed(history.get(), { type: "remove", label, kind, id, scope, record: result.record, etag: result.etag }),
      );
      return result;
    },
    onSettled,
  });

  /** A 409 writes nothing; the caller asks the user and retries with a `resolution` (no fields: drop the step). */
  const { mutateAsync: step } = useMutation({
    mutationFn: async ({ direction, resolution }: { direction: "undo" | "redo"; resolution?: Resolution }) => {
      const now = history.get();
      const command = direction === "undo" ? now.past.at(-1) : now.future[0];
      if (!command) return null;
      if (resolution?.fields?.length === 0) {
        history.set(dropped(history.get(), direction));
        return command;
      }
      const etag = await replay(command, direction, resolution);
      if (command.type === "layout") showPositions(direction === "undo" ? command.before : command.after);
      history.set(direction === "undo" ? undone(history.get(), etag) : redone(history.get(), etag));
      return command;
    },
    onSettled,
  });

  const create = useCallback(
    (kind: EntityKind, record: EntityRecord, label: string, scope?: WritableScope, ownerSpecialist?: string) =>
      createNow({ kind, record, label, scope, ownerSpecialist }),
    [createNow],
  );
  const remove = useCallback(
    (kind: EntityKind, id: string, opts: Omit<RemoveArgs, "kind" | "id">) => removeNow({ kind, id, ...opts }),
    [removeNow],
  );
  const undo = useCallback((resolution?: Resolution) => step({ direction: "undo", resolution }), [step]);
  const redo = useCallback((resolution?: Resolution) => step({ direction: "redo", resolution }), [step]);
  const peek = useCallback(
    (direction: "undo" | "redo") =>
      (direction === "undo" ? history.get().past.at(-1) : history.get().future[0]) ?? null,
    [history],
  );

  return useMemo(
    () => ({
      save,
      record,
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
    [save, record, create, remove, undo, redo, peek, refresh, state],
  );
}
export type OrgEdits = ReturnType<typeof useOrgEdits>;
