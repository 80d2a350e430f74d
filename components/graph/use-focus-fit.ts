import { useReactFlow, useStore } from "@xyflow/react";
import { type RefObject, useEffect, useRef } from "react";
import type { Rect } from "@/lib/graph/geometry";
import type { FocusMode } from "./focus-bar";

/** Below this zoom labels stop being legible: the first fit and focus mode never go under it. */
const LEGIBLE_ZOOM = 0.6;

/**
 * Entering focus mode (or changing its node or depth) brings the whole neighbourhood into view.
 * A neighbourhood too wide to fit legibly (the orchestrator of a thousand specialists) centres on
 * the focused node instead, at a legible zoom.
 */
export function useFocusFit(
  focusMode: FocusMode | null,
  around: ReadonlySet<string> | null,
  boxes: RefObject<Readonly<Record<string, Rect>>>,
  center: (id: string, zoom: number, duration: number) => void,
) {
  const { fitView, getViewport } = useReactFlow();
  const paneWidth = useStore((s) => s.width);
  const paneHeight = useStore((s) => s.height);
  // Read when the focus changes, not followed: a drag or a resize does not move the view.
  const now = useRef({ around, paneWidth, paneHeight });
  now.current = { around, paneWidth, paneHeight };
  const focusKey = focusMode ? `${focusMode.depth}|${focusMode.nodeId}` : null;
  useEffect(() => {
    if (!focusKey) return;
    const nodeId = focusKey.slice(focusKey.indexOf("|") + 1);
    const ids = [...(now.current.around ?? [])].filter((id) => boxes.current[id]);
    const rects = ids.map((id) => boxes.current[id]);
    if (!rects.length) return;
    const width = Math.max(...rects.map((b) => b.x + b.width)) - Math.min(...rects.map((b) => b.x));
    const height = Math.max(...rects.map((b) => b.y + b.height)) - Math.min(...rects.map((b) => b.y));
    const fits = Math.min(now.current.paneWidth / width, now.current.paneHeight / height) / 1.24;
    if (fits < LEGIBLE_ZOOM) center(nodeId, Math.max(getViewport().zoom, LEGIBLE_ZOOM), 300);
    else void fitView({ nodes: ids.map((id) => ({ id })), padding: 0.12, maxZoom: 1.25, duration: 300 });
  }, [focusKey, boxes, center, fitView, getViewport]);
}
