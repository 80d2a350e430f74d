import { sameJson } from "@/lib/json/same-json";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/kinds";

/**
 * Undo/redo as data: each entry says what changed in which tier file, so undoing is another
 * validated save (never a local rewind that could disagree with the disk). `etag` is the version
 * the entry's last replay left (the edit's own result, or the undo's): undo and redo send it as
 * `If-Match`, so a record changed since, anywhere, is never overwritten unasked. `null` means the
 * replay left no record at all.
 */
export type EditCommand = { label: string; kind: EntityKind; id: string; scope: WritableScope; etag: string | null } & (
  | { type: "patch"; before: Record<string, unknown>; after: Record<string, unknown>; createdLayer: boolean }
  | {
      type: "create";
      record: EntityRecord;
      /** A new team's owner specialist, moved into it by the same write. */
      ownerSpecialist?: string;
    }
  | { type: "remove"; record: EntityRecord }
);

export type HistoryState = { past: EditCommand[]; future: EditCommand[] };

const LIMIT = 100;

export function pushed(state: HistoryState, command: EditCommand): HistoryState {
  return { past: [...state.past.slice(-(LIMIT - 1)), command], future: [] };
}

/** Moves the newest command to the future; `etag` is the version its undo left. */
export function undone(state: HistoryState, etag: string | null): HistoryState {
  const command = state.past[state.past.length - 1];
  return command ? { past: state.past.slice(0, -1), future: [{ ...command, etag }, ...state.future] } : state;
}

/** Moves the next command back to the past; `etag` is the version its redo left. */
export function redone(state: HistoryState, etag: string | null): HistoryState {
  const command = state.future[0];
  return command ? { past: [...state.past, { ...command, etag }], future: state.future.slice(1) } : state;
}

/** Drops the newest command (undo) or the next one (redo): the user kept what is on disk instead. */
export function dropped(state: HistoryState, direction: "undo" | "redo"): HistoryState {
  return direction === "undo"
    ? { past: state.past.slice(0, -1), future: state.future }
    : { past: state.past, future: state.future.slice(1) };
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

/** A field an undo or redo would write over a value someone else put there since. */
export type StepConflict = { field: string; mine: unknown; theirs: unknown };

/**
 * What replaying a patch `command` over `current` (the record as it is now) would overwrite:
 * the fields whose value is neither what the command left nor what it would write. Fields
 * nobody else touched are not conflicts, and are written without asking.
 */
export function stepConflicts(
  command: Extract<EditCommand, { type: "patch" }>,
  direction: "undo" | "redo",
  current: EntityRecord,
): StepConflict[] {
  const [write, expected] = direction === "undo" ? [command.before, command.after] : [command.after, command.before];
  const value = (v: unknown) => (v === null ? undefined : v);
  return Object.keys(write)
    .filter((f) => !sameJson(current[f], value(expected[f])) && !sameJson(current[f], value(write[f])))
    .map((field) => ({ field, mine: value(write[field]), theirs: current[field] }));
}
