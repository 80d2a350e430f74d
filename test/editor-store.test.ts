import { describe, expect, it } from "vitest";
import { createEditorStore } from "@/components/editor/editor-store";
import { EDGE_KINDS } from "@/schemas/edge-kinds";

describe("the editor store", () => {
  it("starts with nothing selected or open, every edge kind shown and no dialog", () => {
    const s = createEditorStore().getState();
    expect(s.selection).toBeNull();
    expect(s.panel).toBeNull();
    expect(s.folds).toBeNull();
    expect(s.focus).toBeNull();
    expect(s.overlayOn).toBe(false);
    expect(s.dialog).toBeNull();
    expect([...s.visibleKinds].sort()).toEqual([...EDGE_KINDS].sort());
  });

  it("is one per editor: two stores share no state", () => {
    const a = createEditorStore();
    const b = createEditorStore();
    a.getState().select({ type: "node", id: "specialist:cx-a" });
    a.getState().toggleKind(EDGE_KINDS[0]);
    expect(b.getState().selection).toBeNull();
    expect(b.getState().visibleKinds.has(EDGE_KINDS[0])).toBe(true);
  });

  it("toggles an edge kind off and on again, with a new set each time", () => {
    const store = createEditorStore();
    const before = store.getState().visibleKinds;
    store.getState().toggleKind(EDGE_KINDS[0]);
    const off = store.getState().visibleKinds;
    expect(off).not.toBe(before);
    expect(off.has(EDGE_KINDS[0])).toBe(false);
    store.getState().toggleKind(EDGE_KINDS[0]);
    expect(store.getState().visibleKinds.has(EDGE_KINDS[0])).toBe(true);
  });

  it("focusing a node selects it and asks for it in view, once per request", () => {
    const store = createEditorStore();
    store.getState().focusOn("team:core", true);
    const { selection, focus } = store.getState();
    expect(selection).toEqual({ type: "node", id: "team:core" });
    expect(focus).toMatchObject({ nodeId: "team:core", keepZoom: true });
    store.getState().focusOn("team:core");
    expect(store.getState().focus?.keepZoom).toBeUndefined();
  });

  it("opening a panel forgets the previous one's unsaved state", () => {
    const store = createEditorStore();
    store.getState().setPanel({ kind: "team", id: "core" });
    store.getState().setPanelDirty(true);
    store.getState().setPanel({ kind: "specialist", id: null });
    expect(store.getState().panelDirty).toBe(false);
  });

  it("a question resolves with the answer and leaves the screen", async () => {
    const store = createEditorStore();
    const answered = store.getState().ask("Discard?", "body", [{ label: "Discard", value: "discard" }]);
    expect(store.getState().dialog?.title).toBe("Discard?");
    store.getState().answer("discard");
    await expect(answered).resolves.toBe("discard");
    expect(store.getState().dialog).toBeNull();
  });

  it("refit and the overlay are toggles the canvas follows", () => {
    const store = createEditorStore();
    store.getState().refitView();
    store.getState().toggleOverlay();
    expect(store.getState().refit).toBe(1);
    expect(store.getState().overlayOn).toBe(true);
  });
});
