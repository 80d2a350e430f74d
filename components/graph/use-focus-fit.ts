import { useReactFlow, useStore } from "@xyflow/react";
import { type RefObject, useEffect, useRef } from "react";
import type { FocusMode } from "@/components/editor/editor-store";
import { focusViewport } from "@/lib/graph/fit-view";
import type { Rect } from "@/lib/graph/geometry";

/**
 * Entering focus mode (or changing its node or depth) brings the whole neighbourhood into the
 * canvas, which is what the side panel leaves of the window: the pane React Flow measures. A
 * neighbourhood too wide to fit at a legible zoom (the orchestrator of a thousand specialists)
 * shows the focused node and as many neighbours as fit around it (`focusViewport`).
 * `around` names the boxes drawn: a neighbour hidden by a fold counts as its folded box.
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
