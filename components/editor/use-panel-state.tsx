"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { sessionDrafts } from "@/lib/editor/draft-store";
import type { Ask } from "./shell-types";

/**
 * Which record the side panel shows, and the rule that an unsaved draft never goes unasked:
 * opening another record, closing the panel, following a link or reloading asks first.
 */
export function usePanelState(ask: Ask) {
  const [panel, setPanelNow] = useState<PanelTarget | null>(null);
  const dirty = useRef(false);
  const router = useRouter();

  const setPanel = useCallback((next: PanelTarget | null) => {
    dirty.current = false;
    sessionDrafts().setOpenPanel(next);
    setPanelNow(next);
  }, []);

  // A reload reopens the panel that had an unsaved draft; the panel restores the draft itself.
  // After mount, not in an initializer: session storage does not exist on the server's render.
  useEffect(() => {
    const open = sessionDrafts().openPanel();
    if (open && sessionDrafts().get(open)) setPanelNow(open);
  }, []);

  /** Whether the open panel may go: yes when it has no unsaved edits, else the user's answer. A discarded draft leaves session storage with it. */
  const mayLeave = useCallback(async () => {
    if (!panel || !dirty.current) return true;
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
    sessionDrafts().drop(panel);
    dirty.current = false;
    return true;
  }, [panel, ask]);

  /** Opens `next` in the panel (or closes it) once the current draft, if any, may go. */
  const changePanel = useCallback(
    async (next: PanelTarget | null) => {
      if (panel && next && panel.kind === next.kind && panel.id === next.id) return true;
      if (!(await mayLeave())) return false;
      setPanel(next);
      return true;
    },
    [panel, mayLeave, setPanel],
  );

  // Reloading or closing the tab with a draft: the browser's own "leave site?" prompt. The draft
  // is in session storage as well, so a reload that goes ahead still finds it.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  /** Leaves the editor for `href` (a header link, the palette): asks first when the panel has a draft. */
  const go = useCallback(
    async (href: string) => {
      if (await mayLeave()) router.push(href);
    },
    [mayLeave, router],
  );

  const onDirtyChange = useCallback((next: boolean) => {
    dirty.current = next;
  }, []);

  return { panel, setPanel, changePanel, go, onDirtyChange };
}
