"use client";

import { type ComponentType, useCallback, useEffect, useState } from "react";
import { CanvasPreview } from "./canvas-preview";
import type { LiveCanvasProps } from "./live-canvas";

type LiveProps = Omit<LiveCanvasProps, "onReady">;

// Requested as soon as this module runs in the browser, before hydration; a failed load is retried on the next mount.
let loading: Promise<ComponentType<LiveCanvasProps>> | null = null;
function loadCanvas() {
  loading ??= import("./live-canvas").then(
    (m) => m.LiveCanvas,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
if (typeof window !== "undefined") void loadCanvas().catch(() => {});

/** React Flow (about 57 kB gz) stays out of the first load; canvas-preview's picture stands in until it fits. */
export function DeferredCanvas(props: LiveProps) {
  const [Live, setLive] = useState<ComponentType<LiveCanvasProps> | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let on = true;
    loadCanvas().then(
      (c) => on && setLive(() => c),
      () => on && setFailed(true),
    );
    return () => {
      on = false;
    };
  }, []);
  const onReady = useCallback(() => setReady(true), []);
  return (
    <>
      {Live && <Live {...props} onReady={onReady} />}
      {!ready && !failed && (
        // Over the canvas while it mounts (same place, opaque in the dark theme like React Flow's pane).
        <div className="pointer-events-none absolute inset-0 bg-slate-50 dark:bg-[#141414]">
          <CanvasPreview graph={props.graph} positions={props.positions} collapsed={props.layout.collapsed} />
        </div>
      )}
      {failed && (
        <p role="alert" className="p-6 text-red-600 dark:text-red-400">
          Could not load the canvas. Reload the page to try again.
        </p>
      )}
    </>
  );
}
