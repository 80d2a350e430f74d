"use client";

import { useEffect } from "react";
import { wantOrgLists } from "@/lib/queries/org";

/**
 * The full lists (and zod, which parses them) are not part of the first load: the canvas draws
 * from the page's summary. They are asked for on the first sign of use: a key, a node under the
 * pointer or focus, a press or focus outside the canvas (toolbar, badge). Panning and zooming
 * the canvas is looking, not use. An open panel (from a link, the keyboard) asks too.
 */
export function useWantListsOnUse(panelOpen: boolean) {
  useEffect(() => {
    if (panelOpen) wantOrgLists();
  }, [panelOpen]);
  useEffect(() => {
    const inNode = (e: Event) => e.target instanceof Element && !!e.target.closest(".react-flow__node");
    const outsideCanvas = (e: Event) => e.target instanceof Element && !e.target.closest(".react-flow");
    const onKey = () => wantOrgLists();
    const onOver = (e: Event) => inNode(e) && wantOrgLists();
    const onPress = (e: Event) => (inNode(e) || outsideCanvas(e)) && wantOrgLists();
    const options = { capture: true, passive: true } as const;
    document.addEventListener("keydown", onKey, options);
    document.addEventListener("pointerover", onOver, options);
    document.addEventListener("pointerdown", onPress, options);
    document.addEventListener("focusin", onPress, options);
    return () => {
      document.removeEventListener("keydown", onKey, options);
      document.removeEventListener("pointerover", onOver, options);
      document.removeEventListener("pointerdown", onPress, options);
      document.removeEventListener("focusin", onPress, options);
    };
  }, []);
}
