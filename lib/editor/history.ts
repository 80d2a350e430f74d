import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/org";

/**
 * Undo/redo as data: each entry says what changed in which tier file, so undoing is another
 * validated save (never a local rewind that could disagree with the disk).
 */
export type EditCommand =
  | {
      type: "patch";
      label: string;
      kind: EntityKind;
      id: string;
      scope: WritableScope;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      createdLayer: boolean;
    }
  | {
      type: "create";
      label: string;
      kind: EntityKind;
      id: string;
      scope: WritableScope;
      record: EntityRecord;
      /** A new team's owner specialist, moved into it by the same write. */
      ownerSpecialist?: string;
    }
  | { type: "remove"; label: string; kind: EntityKind; id: string; scope: WritableScope; record: EntityRecord };

export type HistoryState = { past: EditCommand[]; future: EditCommand[] };

const LIMIT = 100;

export function pushed(state: HistoryState, command: EditCommand): HistoryState {
  return { past: [...state.past.slice(-(LIMIT - 1)), command], future: [] };
}

export function undone(state: HistoryState): HistoryState {
  const command = state.past[state.past.length - 1];
  return command ? { past: state.past.slice(0, -1), future: [command, ...state.future] } : state;
}

export function redone(state: HistoryState): HistoryState {
  const command = state.future[0];
  return command ? { past: [...state.past, command], future: state.future.slice(1) } : state;
}

/** The values `patch` replaces, as a patch that puts them back (`null` for fields that were absent). */
export function inversePatch(previous: EntityRecord, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(patch)) out[key] = Object.hasOwn(previous, key) ? structuredClone(previous[key]) : null;
  return out;
}

/** A tiny external store for `useSyncExternalStore`: state plus subscribers, no I/O. */
export function createHistoryStore() {
  let state: HistoryState = { past: [], future: [] };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: HistoryState) {
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type HistoryStore = ReturnType<typeof createHistoryStore>;
