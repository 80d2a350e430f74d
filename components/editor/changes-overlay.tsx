"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { clientOnly, useLoaded } from "@/components/ui/client-only";
import type { Position } from "@/lib/graph/geometry";
import type { PlanOverlay } from "@/lib/plan/overlay";
import { planQuery } from "@/lib/queries/plan";
import type { Graph } from "@/schemas/graph";
import type { Plan } from "@/schemas/plan";
import { useEditor } from "./editor-store";

// The Changes overlay's legend and the plan's drawing on the canvas: their code loads when it is on.
const OverlayLegend = clientOnly(() => import("./canvas-overlays").then((m) => m.OverlayLegend));
const loadPlanOverlay = () => import("@/lib/plan/overlay");

/**
 * The Changes overlay: the plan against HEAD drawn on the canvas, refreshed with the org. What the
 * canvas draws is the org's graph with the ghosts of removed records, parked under it.
 */
export function useChangesOverlay(graph: Graph, positions: Record<string, Position>) {
  const on = useEditor((s) => s.overlayOn);
  const plan = useQuery({ ...planQuery("HEAD"), enabled: on });
  const code = useLoaded(loadPlanOverlay, on);
  const overlay = useMemo(
    () => (on && plan.data && code ? code.planOverlay(plan.data, graph, positions) : null),
    [on, plan.data, code, graph, positions],
  );
  const drawnPositions = useMemo(
    () => (overlay ? { ...positions, ...overlay.positions } : positions),
    [overlay, positions],
  );
  return {
    on,
    plan: plan.data ?? null,
    error: plan.error?.message ?? null,
    overlay,
    graph: overlay?.graph ?? graph,
    positions: drawnPositions,
  };
}

/** The overlay's legend over the canvas, with the field diff of the node selected. */
export function ChangesLegend({
  plan,
  error,
  overlay,
}: {
  plan: Plan | null;
  error: string | null;
  overlay: PlanOverlay | null;
}) {
  const selectedId = useEditor((s) => (s.selection?.type === "node" ? s.selection.id : null));
  return (
    <OverlayLegend
      plan={plan}
      error={error}
      selected={selectedId ? (overlay?.byNode[selectedId] ?? []) : []}
      selectedId={selectedId}
    />
  );
}
