"use client";

import { ReactFlowProvider, useStore } from "@xyflow/react";
import { type ComponentProps, useEffect } from "react";
import { OrgCanvas } from "@/components/graph/org-canvas";

export type LiveCanvasProps = ComponentProps<typeof OrgCanvas> & {
  /** The canvas shows its first view (fitted), or has nothing to fit: the picture can go. */
  onReady: () => void;
};

/** The canvas with React Flow: loaded after first paint (see deferred-canvas), never with the page. */
export function LiveCanvas({ onReady, ...props }: LiveCanvasProps) {
  return (
    <ReactFlowProvider>
      <OrgCanvas {...props} />
      <ReadyWhenFitted onReady={onReady} empty={props.graph.nodes.length === 0} />
    </ReactFlowProvider>
  );
}

/**
 * React Flow mounts at the identity viewport and the canvas fits its view a frame later: until the
 * viewport has moved the picture stays over it, so the org is never seen to jump.
 */
function ReadyWhenFitted({ onReady, empty }: { onReady: () => void; empty: boolean }) {
  const fitted = useStore((s) => s.transform[0] !== 0 || s.transform[1] !== 0 || s.transform[2] !== 1);
  useEffect(() => {
    if (fitted || empty) onReady();
  }, [fitted, empty, onReady]);
  // A fit that lands exactly on the identity viewport moves nothing: the picture goes anyway.
  useEffect(() => {
    const timer = setTimeout(onReady, 1500);
    return () => clearTimeout(timer);
  }, [onReady]);
  return null;
}
