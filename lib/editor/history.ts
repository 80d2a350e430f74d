import type { Position } from "@/lib/graph/geometry";
import { sameJson } from "@/lib/json/same-json";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/kinds";

/**
 * Undo is another validated save, never a local rewind. `etag`, the version the last replay left,
 * goes as `If-Match` so nothing changed since is overwritten unasked; `null`: no record left.
 * A move replays the positions it replaced (`null`: the automatic one); an import cannot be replayed,
 * so it stays on top and says so rather than letting undo reach an older edit under it.
 */
export type EditCommand = { label: string; etag: string | null } & (
  | RecordCommand
  | { type: "layout"; before: Record<string, Position | null>; after: Record<string, Position | null> }
  | { type: "import" }
);

export type RecordCommand = { kind: EntityKind; id: string; scope: WritableScope } & (
  | { type: "patch"; before: Record<string, unknown>; after: Record<string, unknown>; createdLayer: boolean }
  | {
      type: "create";
      record: EntityRecord;
      ownerSpecialist?: string;
    }
  | { type: "remove"; record: EntityRecord }
);

export const isRecordCommand = (command: EditCommand): command is EditCommand & RecordCommand =>
  command.type !== "layout" && command.type !== "import";

/** What a move of `after` replaces, read from the positions saved before it (absent: automatic). */
export function moveOf(saved: Readonly<Record<string, Position>>, after: Record<string, Position | null>) {
  const before = Object.fromEntries(Object.keys(after).map((id) => [id, saved[id] ?? null]));
  const ids = Object.keys(after);
  const label = ids.length === 1 ? `move ${ids[0].replace(":", " ")}` : `move ${ids.length} boxes`;
  return { type: "layout" as const, label, before, after, etag: null };
}

export type HistoryState = { past: EditCommand[]; future: EditCommand[] };

const LIMIT = 100;

export function pushed(state: HistoryState, command: EditCommand): HistoryState {
  return { past: [...state.past.slice(-(LIMIT - 1)), command], future: [] };
}

export function undone(state: HistoryState, etag: string | null): HistoryState {
  const command = state.past[state.past.length - 1];
  return command ? { past: state.past.slice(0, -1), future: [{ ...command, etag }, ...state.future] } : state;
}

export function redone(state: HistoryState, etag: string | null): HistoryState {
  const command = state.future[0];
  return command ? { past: [...state.past, { ...command, etag }], future: state.future.slice(1) } : state;
}

/** The user kept what is on disk instead. */
export function dropped(state: HistoryState, direction: "undo" | "redo"): HistoryState {
  return direction === "undo"
    ? { past: state.past.slice(0, -1), future: state.future }
    : { past: state.past, future: state.future.slice(1) };
}

/** `null` for fields that were absent. */
export function inversePatch(previous: EntityRecord, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(patch)) out[key] = Object.hasOwn(previous, key) ? structuredClone(previous[key]) : null;
  return out;
}

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

export type StepConflict = { field: string; mine: unknown; theirs: unknown };

/** Fields nobody else touched are not conflicts and are written without asking. */
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
