"use client";

import { type ComponentType, useCallback, useEffect, useState } from "react";
import { CanvasPreview } from "./canvas-preview";
import type { LiveCanvasProps } from "./live-canvas";

type LiveProps = Omit<LiveCanvasProps, "onReady">;

// One request for the canvas's code, started as soon as this module runs in the browser (before the
// page hydrates), shared by every mount; a failed one is asked again on the next mount.
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

/**
 * The canvas, its code (React Flow, about 57 kB gz) out of the page's first-load scripts: until it
 * arrives and has fitted its view, a plain picture of the same first view stands in (canvas-preview).
 */
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
        <p role="alert" className="p-6 text-red-600">
          Could not load the canvas. Reload the page to try again.
        </p>
      )}
    </>
  );
}
