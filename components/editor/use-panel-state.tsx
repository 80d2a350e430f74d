"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { projectDrafts } from "@/lib/editor/draft-store";
import type { GraphNode } from "@/schemas/graph";
import type { EntityKind } from "@/schemas/kinds";
import { useEditorApi } from "./editor-store";
import { focusOrigin, panelLabel, returnFocus } from "./panel-focus";

/** The panel a node opens: specialists, teams and groups have one, the parties do not. */
export function targetOfNode(node: GraphNode | undefined): PanelTarget | null {
  if (!node) return null;
  // Parties and tiers are not records: they have no panel.
  return node.kind === "party" || node.kind === "tier" ? null : { kind: node.kind, id: node.entityId };
}

/** How a record is opened on purpose: the fields to focus first, and where focus returns on close. */
export type OpenHow = { fields?: readonly string[]; opener?: HTMLElement | null };

/**
 * An unsaved draft never goes unasked: opening another record, closing, following a link or reloading asks first.
 * Each function reads the store when it runs, so it keeps its identity across renders.
 */
export function usePanelFlow() {
  const store = useEditorApi();
  const router = useRouter();

  return useMemo(() => {
    const setPanel = (next: PanelTarget | null, opener: HTMLElement | null = null) => {
      projectDrafts().setOpenPanel(next);
      store.getState().setPanel(next, opener);
    };

    /** A discarded draft leaves storage with it. */
    const mayLeave = async () => {
      const { panel, panelDirty, ask } = store.getState();
      if (!panel || !panelDirty) return true;
      const answer = await ask(
        "Discard unsaved changes?",
        <>
          <code>{panel.id ?? `new ${panel.kind}`}</code> has changes you have not saved. Keep editing, or discard them?
        </>,
        [
          { label: "Keep editing", value: "keep", tone: "plain" },
          { label: "Discard changes", value: "discard", tone: "danger" },
        ],
        { noCancel: true },
      );
      if (answer !== "discard") return false;
      projectDrafts().drop(panel);
      store.getState().setPanelDirty(false);
      return true;
    };

    const focusPanel = (target: PanelTarget, fields: readonly string[] = []) =>
      // Its code comes with the first such opening.
      void import("@/components/palette/focus-field").then((m) => m.focusPanelWhenShown(panelLabel(target), fields));

    /** `opener`: where focus goes back when the panel closes; by default, where it is now. */
    const changePanel = async (next: PanelTarget | null, opener: HTMLElement | null = focusOrigin()) => {
      const { panel } = store.getState();
      if (panel && next && panel.kind === next.kind && panel.id === next.id) return true;
      if (!(await mayLeave())) return false;
      setPanel(next, opener);
      return true;
    };

    /** Closed from the panel or by Escape: focus goes back to where the panel was opened from. */
    const close = async () => {
      const { panel, panelOpener } = store.getState();
      if (!(await changePanel(null))) return false;
      if (panel) returnFocus(panel, panelOpener);
      return true;
    };

    /**
     * A record opened on purpose (the palette, a problem, a link, New ▾) takes the keyboard with it: focus
     * moves into its panel, to the field asked for, a new record's first field, or the record's heading.
     */
    const openPanel = async (next: PanelTarget, opts: OpenHow = {}) => {
      const opener = opts.opener === undefined ? focusOrigin() : opts.opener;
      if (!(await changePanel(next, opener))) return false;
      focusPanel(next, opts.fields);
      return true;
    };

    return {
      setPanel,
      changePanel,
      openPanel,
      focusPanel,
      /** The panel's own close button (or a record deleted): the draft's problems elsewhere go with it. */
      closePanel: async () => {
        if (await close()) store.getState().setOtherProblems([]);
      },
      /** Escape: the panel closes and the canvas drops its selection. */
      dismissPanel: async () => {
        if (await close()) store.getState().select(null);
      },
      createNew: async (kind: EntityKind) => {
        if (await openPanel({ kind, id: null })) store.getState().select(null);
      },
      go: async (href: string) => {
        if (await mayLeave()) router.push(href);
      },
    };
  }, [store, router]);
}

/** What outlives the page's state: the draft's panel reopens after a reload, and leaving the tab asks first. */
export function usePanelGuards() {
  const store = useEditorApi();

  // Reopening the studio reopens a panel with a draft. After mount: local storage does not exist on the server.
  useEffect(() => {
    const open = projectDrafts().openPanel();
    if (open && projectDrafts().get(open)) store.getState().setPanel(open);
  }, [store]);

  // The browser's "leave site?" prompt; local storage keeps the draft if the page goes anyway.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!store.getState().panelDirty) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [store]);
}
