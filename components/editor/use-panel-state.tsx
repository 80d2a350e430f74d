"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PanelTarget } from "@/components/panel/entity-panel";
import { sessionDrafts } from "@/lib/editor/draft-store";
import type { Ask } from "./shell-types";

/** An unsaved draft never goes unasked: opening another record, closing, following a link or reloading asks first. */
export function usePanelState(ask: Ask) {
  const [panel, setPanelNow] = useState<PanelTarget | null>(null);
  const dirty = useRef(false);
  const router = useRouter();

  const setPanel = useCallback((next: PanelTarget | null) => {
    dirty.current = false;
    sessionDrafts().setOpenPanel(next);
    setPanelNow(next);
  }, []);

  // A reload reopens a panel with a draft. After mount: session storage does not exist on the server.
  useEffect(() => {
    const open = sessionDrafts().openPanel();
    if (open && sessionDrafts().get(open)) setPanelNow(open);
  }, []);

  /** A discarded draft leaves session storage with it. */
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

  const changePanel = useCallback(
    async (next: PanelTarget | null) => {
      if (panel && next && panel.kind === next.kind && panel.id === next.id) return true;
      if (!(await mayLeave())) return false;
      setPanel(next);
      return true;
    },
    [panel, mayLeave, setPanel],
  );

  // The browser's "leave site?" prompt; session storage keeps the draft if the reload goes ahead.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

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
