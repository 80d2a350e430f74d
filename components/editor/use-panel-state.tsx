"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { projectDrafts } from "@/lib/editor/draft-store";
import type { GraphNode } from "@/schemas/graph";
import type { EntityKind } from "@/schemas/kinds";
import { useEditorApi } from "./editor-store";

/** The panel a node opens: specialists, teams and groups have one, the parties do not. */
export function targetOfNode(node: GraphNode | undefined): PanelTarget | null {
  if (!node) return null;
  // Parties and tiers are not records: they have no panel.
  return node.kind === "party" || node.kind === "tier" ? null : { kind: node.kind, id: node.entityId };
}

/**
 * An unsaved draft never goes unasked: opening another record, closing, following a link or reloading asks first.
 * Each function reads the store when it runs, so it keeps its identity across renders.
 */
export function usePanelFlow() {
  const store = useEditorApi();
  const router = useRouter();

  return useMemo(() => {
    const setPanel = (next: PanelTarget | null) => {
      projectDrafts().setOpenPanel(next);
      store.getState().setPanel(next);
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

    const changePanel = async (next: PanelTarget | null) => {
      const { panel } = store.getState();
      if (panel && next && panel.kind === next.kind && panel.id === next.id) return true;
      if (!(await mayLeave())) return false;
      setPanel(next);
      return true;
    };

    return {
      setPanel,
      changePanel,
      /** The panel's own close button (or a record deleted): the draft's problems elsewhere go with it. */
      closePanel: async () => {
        if (await changePanel(null)) store.getState().setOtherProblems([]);
      },
      /** Escape: the panel closes and the canvas drops its selection. */
      dismissPanel: async () => {
        if (await changePanel(null)) store.getState().select(null);
      },
      createNew: async (kind: EntityKind) => {
        if (await changePanel({ kind, id: null })) store.getState().select(null);
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
