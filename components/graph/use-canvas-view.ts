import { useReactFlow, useStore, useStoreApi } from "@xyflow/react";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useEditor } from "@/components/editor/editor-store";
import { firstFit } from "@/lib/graph/fit-view";
import type { Rect } from "@/lib/graph/geometry";

/**
 * Where the view goes: fitted to the org first (and again after folding or unfolding everything),
 * centred on a node asked for, and kept on the selected node when the side panel narrows the canvas.
 * Returns the boxes as of the latest render, for effects that read them without following every drag.
 */
export function useCanvasView(
  boxes: Readonly<Record<string, Rect>>,
  nodeCount: number,
): RefObject<Readonly<Record<string, Rect>>> {
  const { fitView, setCenter, getViewport } = useReactFlow();
  const store = useStoreApi();
  const paneWidth = useStore((s) => s.width);
  const paneHeight = useStore((s) => s.height);
  const focus = useEditor((s) => s.focus);
  const refit = useEditor((s) => s.refit);
  const selectedNodeId = useEditor((s) => (s.selection?.type === "node" ? s.selection.id : null));
  const boxesNow = useRef(boxes);
  boxesNow.current = boxes;

  const center = useCallback(
    (id: string, zoom: number, duration: number) => {
      const box = boxesNow.current[id];
      if (box)
        void setCenter(box.x + Math.min(box.width, 400) / 2, box.y + Math.min(box.height, 200) / 2, {
          zoom,
          duration,
        });
    },
    [setCenter],
  );
  const outOfView = useCallback(
    (box: Rect) => {
      const { x, y, zoom } = getViewport();
      const [left, top] = [box.x * zoom + x, box.y * zoom + y];
      return left < 0 || top < 0 || left + box.width * zoom > paneWidth || top + box.height * zoom > paneHeight;
    },
    [getViewport, paneWidth, paneHeight],
  );

  // A node just created has no box until the org is read again: centre on it when it has one.
  const centred = useRef<number | null>(null);
  useEffect(() => {
    if (!focus || centred.current === focus.nonce || !boxes[focus.nodeId]) return;
    centred.current = focus.nonce;
    if (!focus.keepZoom) return center(focus.nodeId, 1.2, 400);
    if (outOfView(boxes[focus.nodeId])) center(focus.nodeId, getViewport().zoom, 400);
  }, [focus, boxes, center, outOfView, getViewport]);

  // The side panel narrows the canvas: keep the selected node in sight when that hides it.
  useEffect(() => {
    const box = selectedNodeId ? boxesNow.current[selectedNodeId] : undefined;
    if (selectedNodeId && box && outOfView(box)) center(selectedNodeId, getViewport().zoom, 300);
  }, [selectedNodeId, outOfView, getViewport, center]);

  const didFit = useRef(false);
  useEffect(() => {
    if (!didFit.current && nodeCount) {
      didFit.current = true;
      // The first view (lib/graph/fit-view): the picture painted before this canvas loaded used it too.
      requestAnimationFrame(() => void fitView(firstFit(store.getState().width)));
    }
  }, [nodeCount, fitView, store]);
  // Folding or unfolding everything changes the drawing's size: fit again, animated.
  const refitDone = useRef(refit);
  useEffect(() => {
    if (refit === refitDone.current || !nodeCount) return;
    refitDone.current = refit;
    requestAnimationFrame(() => void fitView({ ...firstFit(store.getState().width), duration: 250 }));
  }, [refit, nodeCount, fitView, store]);
  return boxesNow;
}
