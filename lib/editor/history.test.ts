import { describe, expect, it, vi } from "vitest";
import {
  createHistoryStore,
  dropped,
  type EditCommand,
  type HistoryState,
  inversePatch,
  isRecordCommand,
  moveOf,
  pushed,
  redone,
  stepConflicts,
  undone,
} from "@/lib/editor/history";

const EMPTY: HistoryState = { past: [], future: [] };

function cmd(n: number): EditCommand {
  return {
    type: "patch",
    label: `edit ${n}`,
    kind: "specialist",
    id: "cx-a",
    scope: "project",
    before: { n: n - 1 },
    after: { n },
    createdLayer: false,
    etag: `e${n}`,
  };
}
const labels = (commands: readonly EditCommand[]) => commands.map((c) => c.label);

describe("pushed / undone / redone", () => {
  it("pushes onto the past, undoes into the future and redoes back", () => {
    const two = pushed(pushed(EMPTY, cmd(1)), cmd(2));
    expect(labels(two.past)).toEqual(["edit 1", "edit 2"]);
    expect(two.future).toEqual([]);

    const back = undone(two, "u2");
    expect(labels(back.past)).toEqual(["edit 1"]);
    expect(labels(back.future)).toEqual(["edit 2"]);

    const backTwice = undone(back, "u1");
    expect(backTwice.past).toEqual([]);
    expect(labels(backTwice.future)).toEqual(["edit 1", "edit 2"]);

    expect(backTwice.future.map((c) => c.etag)).toEqual(["u1", "u2"]);
    const forward = redone(backTwice, "e1");
    expect(labels(forward.past)).toEqual(["edit 1"]);
    expect(labels(forward.future)).toEqual(["edit 2"]);
    expect(redone(forward, "e2")).toEqual(two);
  });

  it("does not change the state it is given", () => {
    const state = pushed(pushed(EMPTY, cmd(1)), cmd(2));
    const copy = structuredClone(state);
    undone(state, null);
    redone(undone(state, null), null);
    pushed(state, cmd(3));
    expect(state).toEqual(copy);
  });

  it("returns the same state when there is nothing to undo or redo", () => {
    expect(undone(EMPTY, null)).toBe(EMPTY);
    const one = pushed(EMPTY, cmd(1));
    expect(redone(one, null)).toBe(one);
  });

  it("clears the redo stack on a new push", () => {
    const afterUndo = undone(pushed(pushed(EMPTY, cmd(1)), cmd(2)), null);
    expect(afterUndo.future).toHaveLength(1);
    const next = pushed(afterUndo, cmd(3));
    expect(labels(next.past)).toEqual(["edit 1", "edit 3"]);
    expect(next.future).toEqual([]);
    expect(redone(next, null)).toBe(next);
  });

  it("keeps the last 100 commands", () => {
    let state = EMPTY;
    for (let i = 1; i <= 100; i++) state = pushed(state, cmd(i));
    expect(state.past).toHaveLength(100);
    expect(state.past[0].label).toBe("edit 1");

    for (let i = 101; i <= 150; i++) state = pushed(state, cmd(i));
    expect(state.past).toHaveLength(100);
    expect(state.past[0].label).toBe("edit 51");
    expect(state.past[99].label).toBe("edit 150");

    let undos = 0;
    while (state.past.length) {
      state = undone(state, null);
      undos++;
    }
    expect(undos).toBe(100);
    expect(state.future[0].label).toBe("edit 51");
  });
});

describe("inversePatch", () => {
  it("puts back the previous values of the patched fields only", () => {
    const previous = { id: "cx-a", role: "engineer", modelTier: "standard", skills: ["a/b"] };
    expect(inversePatch(previous, { role: "qa", skills: ["c/d"] })).toEqual({ role: "engineer", skills: ["a/b"] });
  });

  it("uses null for fields that were absent, and keeps a previous null", () => {
    expect(inversePatch({ id: "cx-a", displayName: null }, { when_to_use: "x", displayName: "X" })).toEqual({
      when_to_use: null,
      displayName: null,
    });
  });

  it("does not treat inherited properties as present", () => {
    expect(inversePatch({ id: "cx-a" }, { toString: "x", constructor: "y" })).toEqual({
      toString: null,
      constructor: null,
    });
  });

  it("deep-copies the previous values", () => {
    const previous = { fence: { allowedPaths: ["src/**"], approvalRequired: ["commit"] } };
    const inverse = inversePatch(previous, { fence: { allowedPaths: ["lib/**"] } });
    expect(inverse.fence).toEqual(previous.fence);
    expect(inverse.fence).not.toBe(previous.fence);
    (inverse.fence as { allowedPaths: string[] }).allowedPaths.push("mutated/**");
    expect(previous.fence.allowedPaths).toEqual(["src/**"]);
  });

  it("undoes the patch when applied after it", () => {
    const previous = { id: "cx-a", role: "engineer", fence: { allowedPaths: ["src/**"] } };
    const patch = { role: "qa", fence: { allowedPaths: ["lib/**"] }, events: ["x"] };
    const apply = (rec: Record<string, unknown>, p: Record<string, unknown>) => {
      const out = { ...rec };
      for (const [k, v] of Object.entries(p)) {
        if (v === null) delete out[k];
        else out[k] = v;
      }
      return out;
    };
    const inverse = inversePatch(previous, patch);
    expect(apply(apply(previous, patch), inverse)).toEqual(previous);
  });
});

describe("createHistoryStore", () => {
  it("starts empty and notifies every subscriber on set", () => {
    const store = createHistoryStore();
    expect(store.get()).toEqual(EMPTY);
    const a = vi.fn();
    const b = vi.fn();
    store.subscribe(a);
    store.subscribe(b);
    const next = pushed(store.get(), cmd(1));
    store.set(next);
    expect(store.get()).toBe(next);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it("lets a listener read the new state when notified", () => {
    const store = createHistoryStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.get().past.length));
    store.set(pushed(store.get(), cmd(1)));
    store.set(pushed(store.get(), cmd(2)));
    store.set(undone(store.get(), null));
    expect(seen).toEqual([1, 2, 1]);
  });

  it("stops notifying after unsubscribe", () => {
    const store = createHistoryStore();
    const a = vi.fn();
    const b = vi.fn();
    const unsubscribeA = store.subscribe(a);
    store.subscribe(b);
    unsubscribeA();
    store.set(pushed(store.get(), cmd(1)));
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
  });

  it("keeps separate state per store", () => {
    const one = createHistoryStore();
    const two = createHistoryStore();
    one.set(pushed(one.get(), cmd(1)));
    expect(two.get()).toEqual(EMPTY);
  });
});

describe("dropped", () => {
  it("forgets the command the user chose not to replay, in either direction", () => {
    const two = pushed(pushed(EMPTY, cmd(1)), cmd(2));
    expect(labels(dropped(two, "undo").past)).toEqual(["edit 1"]);
    const back = undone(two, "u2");
    expect(dropped(back, "redo")).toEqual({ past: back.past, future: [] });
  });
});

describe("stepConflicts", () => {
  const edit: Extract<EditCommand, { type: "patch" }> = {
    ...(cmd(1) as Extract<EditCommand, { type: "patch" }>),
    before: { displayName: "Writer", when_to_use: null },
    after: { displayName: "Writer of docs", when_to_use: "docs" },
  };

  it("is empty while the record still holds what the step left, whatever else changed", () => {
    expect(stepConflicts(edit, "undo", { displayName: "Writer of docs", when_to_use: "docs", role: "x" })).toEqual([]);
  });

  it("names each field someone changed since, with the value the step would write", () => {
    expect(stepConflicts(edit, "undo", { displayName: "Renamed elsewhere", when_to_use: "docs" })).toEqual([
      { field: "displayName", mine: "Writer", theirs: "Renamed elsewhere" },
    ]);
    expect(stepConflicts(edit, "redo", { displayName: "Writer", when_to_use: "other" })).toEqual([
      { field: "when_to_use", mine: "docs", theirs: "other" },
    ]);
  });

  it("is no conflict when the record already holds what the step would write", () => {
    expect(stepConflicts(edit, "undo", { displayName: "Writer" })).toEqual([]);
  });
});

describe("moves and imports in the history", () => {
  it("a move remembers the positions it replaced, null where the box was laid out automatically", () => {
    const move = moveOf(
      { "specialist:a": { x: 1, y: 2 } },
      { "specialist:a": { x: 5, y: 6 }, "team:t": { x: 0, y: 0 } },
    );
    expect(move).toEqual({
      type: "layout",
      label: "move 2 boxes",
      before: { "specialist:a": { x: 1, y: 2 }, "team:t": null },
      after: { "specialist:a": { x: 5, y: 6 }, "team:t": { x: 0, y: 0 } },
      etag: null,
    });
    expect(moveOf({}, { "specialist:a": { x: 5, y: 6 } }).label).toBe("move specialist a");
    expect(isRecordCommand(move)).toBe(false);
    expect(isRecordCommand(cmd(1))).toBe(true);
  });

  it("a move undoes before the older edit under it, and redoes after", () => {
    const move = moveOf({}, { "specialist:a": { x: 5, y: 6 } });
    const state = pushed(pushed(EMPTY, cmd(1)), move);
    const back = undone(state, null);
    expect(labels(back.past)).toEqual(["edit 1"]);
    expect(back.future[0]).toEqual(move);
    expect(redone(back, null)).toEqual(state);
  });
});
