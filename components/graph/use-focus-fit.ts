import { useReactFlow, useStore } from "@xyflow/react";
import { type RefObject, useEffect, useRef } from "react";
import type { FocusMode } from "@/components/editor/editor-store";
import { focusViewport } from "@/lib/graph/fit-view";
import type { Rect } from "@/lib/graph/geometry";

/**
 * Frames the whole neighbourhood in the pane the side panel leaves; one too wide for a legible zoom shows the
 * focused node and as many neighbours as fit (`focusViewport`). A neighbour hidden by a fold counts as its box.
 */
export function useFocusFit(
  focusMode: FocusMode | null,
  around: ReadonlySet<string> | null,
  boxes: RefObject<Readonly<Record<string, Rect>>>,
) {
  const { setViewport } = useReactFlow();
  const paneWidth = useStore((s) => s.width);
  const paneHeight = useStore((s) => s.height);
  // Read when the focus changes, not followed: a drag or a resize does not move the view.
  const now = useRef({ around, paneWidth, paneHeight });
  now.current = { around, paneWidth, paneHeight };
  const focusKey = focusMode ? `${focusMode.depth}|${focusMode.nodeId}` : null;
  useEffect(() => {
    if (!focusKey) return;
    const nodeId = focusKey.slice(focusKey.indexOf("|") + 1);
    const focused = boxes.current[nodeId];
    if (!focused) return;
    const rects = [...(now.current.around ?? [])]
      .filter((id) => id !== nodeId && boxes.current[id])
      .map((id) => boxes.current[id]);
    const view = focusViewport(focused, rects, now.current.paneWidth, now.current.paneHeight);
    if (view) void setViewport(view, { duration: 300 });
  }, [focusKey, boxes, setViewport]);
}
