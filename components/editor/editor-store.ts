"use client";

import { createContext, createElement, type ReactNode, useContext, useState } from "react";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { EDGE_KINDS, type GraphEdgeKind } from "@/schemas/edge-kinds";
import type { FieldError } from "@/schemas/field-error";
import type { DialogRequest } from "./dialog";
import type { Ask } from "./shell-types";

export type CanvasSelection = { type: "node"; id: string } | { type: "edge"; id: string } | null;
/** Bring this node into view: centred and zoomed in, or (`keepZoom`, a node just created) only panned to. */
export type FocusRequest = { nodeId: string; nonce: number; keepZoom?: boolean };
/** Focus mode: only this node's neighbourhood, `depth` relationships away, is drawn in full. */
export type FocusMode = { nodeId: string; depth: 1 | 2 };

/**
 * The editor's UI state: what is selected and open, what is folded, focused and shown, and which
 * dialog is up. What the org says stays in TanStack Query; this holds only what the user is doing.
 */
export type EditorState = {
  selection: CanvasSelection;
  /** The record the side panel shows. */
  panel: PanelTarget | null;
  /** The panel has unsaved edits: closing it or leaving asks first. Read when asked, never drawn. */
  panelDirty: boolean;
  /** Where focus goes back to when the panel closes: the control the user opened it from. Never drawn. */
  panelOpener: HTMLElement | null;
  /** Problems the panel's draft causes on other records, highlighted on the canvas. */
  otherProblems: FieldError[];
  /** The record whose reach the canvas highlights, until turned off or another record is opened. */
  reachShown: PanelTarget | null;
  /** Folds changed in this session; until then, what the layout file says (or the big-org default). */
  folds: ReadonlySet<string> | null;
  focus: FocusRequest | null;
  focusMode: FocusMode | null;
  visibleKinds: ReadonlySet<GraphEdgeKind>;
  /** The Changes overlay: the plan against HEAD drawn on the canvas. */
  overlayOn: boolean;
  /** The project's Construct writes activity records: the panel's Activity tab and the canvas overlay exist. */
  activityHere: boolean;
  /** The activity overlay: profiles unused in the window dimmed, each with its dispatches and error rate. */
  activityOn: boolean;
  /** Bumped by "Fold all teams" and "Unfold all": the canvas fits the org again. */
  refit: number;
  routeOpen: boolean;
  dialog: DialogRequest | null;

  select: (selection: CanvasSelection) => void;
  setPanel: (panel: PanelTarget | null, opener?: HTMLElement | null) => void;
  setPanelDirty: (dirty: boolean) => void;
  setOtherProblems: (problems: FieldError[]) => void;
  showReach: (target: PanelTarget | null) => void;
  setFolds: (folds: ReadonlySet<string>) => void;
  /** Selects `nodeId` and brings it into view. */
  focusOn: (nodeId: string, keepZoom?: boolean) => void;
  setFocusMode: (mode: FocusMode | null) => void;
  toggleKind: (kind: GraphEdgeKind) => void;
  toggleOverlay: () => void;
  toggleActivity: () => void;
  refitView: () => void;
  setRouteOpen: (open: boolean) => void;
  ask: Ask;
  answer: (value: string | null) => void;
};

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(opts: { activityHere?: boolean } = {}): EditorStore {
  return createStore<EditorState>()((set, get) => ({
    selection: null,
    panel: null,
    panelDirty: false,
    panelOpener: null,
    otherProblems: [],
    reachShown: null,
    folds: null,
    focus: null,
    focusMode: null,
    visibleKinds: new Set(EDGE_KINDS),
    overlayOn: false,
    activityHere: !!opts.activityHere,
    activityOn: false,
    refit: 0,
    routeOpen: false,
    dialog: null,

    select: (selection) => set({ selection }),
    setPanel: (panel, opener = null) =>
      set(({ reachShown }) => ({
        panel,
        panelDirty: false,
        panelOpener: panel ? opener : null,
        reachShown: reachShown && panel?.kind === reachShown.kind && panel.id === reachShown.id ? reachShown : null,
      })),
    setPanelDirty: (panelDirty) => set({ panelDirty }),
    setOtherProblems: (otherProblems) => set({ otherProblems }),
    showReach: (reachShown) => set({ reachShown }),
    setFolds: (folds) => set({ folds }),
    focusOn: (nodeId, keepZoom) =>
      set({
        selection: { type: "node", id: nodeId },
        focus: { nodeId, nonce: Date.now(), ...(keepZoom ? { keepZoom } : {}) },
      }),
    setFocusMode: (focusMode) => set({ focusMode }),
    toggleKind: (kind) =>
      set(({ visibleKinds }) => {
        const next = new Set(visibleKinds);
        if (next.has(kind)) next.delete(kind);
        else next.add(kind);
        return { visibleKinds: next };
      }),
    toggleOverlay: () => set(({ overlayOn }) => ({ overlayOn: !overlayOn })),
    toggleActivity: () => set(({ activityOn }) => ({ activityOn: !activityOn })),
    refitView: () => set(({ refit }) => ({ refit: refit + 1 })),
    setRouteOpen: (routeOpen) => set({ routeOpen }),
    ask: (title, body, actions, opts = {}) =>
      new Promise<string | null>((resolve) => {
        // Focus goes back here when the dialog closes: it is opened from code, not from a trigger.
        const active = typeof document === "undefined" ? null : document.activeElement;
        const opener = typeof HTMLElement !== "undefined" && active instanceof HTMLElement ? active : null;
        set({ dialog: { title, body, actions, ...opts, opener, resolve } });
      }),
    answer: (value) => {
      get().dialog?.resolve(value);
      set({ dialog: null });
    },
  }));
}

const EditorStoreContext = createContext<EditorStore | null>(null);

/** One store per mounted editor, so two editors (or two tests, or two server renders) never share state. */
export function EditorStoreProvider({ children, activityHere }: { children: ReactNode; activityHere?: boolean }) {
  const [store] = useState(() => createEditorStore({ activityHere }));
  return createElement(EditorStoreContext.Provider, { value: store }, children);
}

/** The store itself, for callbacks that read the state when they run rather than when they render. */
export function useEditorApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditor outside <EditorStoreProvider>");
  return store;
}

/** A slice of the editor's state; the component renders again only when that slice changes. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorApi(), selector);
}
