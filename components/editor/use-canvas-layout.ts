"use client";

import { useCallback, useMemo, useState } from "react";
import type { Position } from "@/lib/graph/geometry";
import { useAutoLayout } from "@/lib/queries/auto-layout";
import { useForgetPositions, useSavePositions } from "@/lib/queries/layout";
import { useLayout } from "@/lib/queries/org";
import type { Graph } from "@/schemas/graph";
import type { Toast } from "./shell-types";

/**
 * Where each node sits: the automatic layout, under the positions the user saved, under the
 * ones dragged in this session (saved as they are dropped).
 */
export function useCanvasLayout(graph: Graph, toast: Toast) {
  const layout = useLayout();
  const auto = useAutoLayout(graph);
  const [dragged, setDragged] = useState<Record<string, Position>>({});
  const save = useSavePositions();
  const forget = useForgetPositions();
  const positions = useMemo(() => ({ ...auto, ...layout.data?.positions, ...dragged }), [auto, layout.data, dragged]);

  const { mutateAsync: saveMoved } = save;
  const onPositionsChange = useCallback(
    (moved: Record<string, Position>) => {
      setDragged((d) => ({ ...d, ...moved }));
      saveMoved(moved).catch((e) => toast({ tone: "error", title: "Layout not saved", detail: String(e) }));
    },
    [saveMoved, toast],
  );

  const { mutateAsync: forgetIds } = forget;
  const resetLayout = useCallback(async () => {
    // Positions dragged in this session are saved but not yet in the layout query: forget both.
    await forgetIds([...new Set([...Object.keys(layout.data?.positions ?? {}), ...Object.keys(dragged)])]);
    setDragged({});
  }, [layout.data, dragged, forgetIds]);

  return { positions, onPositionsChange, resetLayout };
}
