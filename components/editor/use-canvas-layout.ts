"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { allTeams, foldable, initialCollapsed, revealed, toggled } from "@/lib/graph/collapse";
import { type Position, structureKeyOf } from "@/lib/graph/geometry";
import { layoutGraph } from "@/lib/graph/layout";
import { useAutoLayout } from "@/lib/queries/auto-layout";
import { useForgetPositions, useSaveCollapsed, useSavePositions } from "@/lib/queries/layout";
import { useLayout } from "@/lib/queries/org";
import type { Graph } from "@/schemas/graph";
import { useEditor } from "./editor-store";
import type { Toast } from "./shell-types";

/** The automatic layout (re-packed around the folds), under saved positions, under those dragged in this session. */
export function useCanvasLayout(graph: Graph, toast: Toast) {
  const layout = useLayout();
  const auto = useAutoLayout(graph);
  const [dragged, setDragged] = useState<Record<string, Position>>({});
  const folds = useEditor((s) => s.folds);
  const setFolds = useEditor((s) => s.setFolds);
  const save = useSavePositions();
  const forget = useForgetPositions();
  const saveFolds = useSaveCollapsed();
  const savedFolds = layout.data?.collapsed;
  const collapsed = useMemo(() => folds ?? initialCollapsed(graph, savedFolds), [folds, graph, savedFolds]);

  // With folds the browser packs the org again (tens of ms at 1,000 nodes), once per structure and set of folds.
  const key = useMemo(() => structureKeyOf(graph), [graph]);
  const graphNow = useRef(graph);
  graphNow.current = graph;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the graph's structure, all the layout reads.
  const packed = useMemo(
    () => (collapsed.size ? layoutGraph(graphNow.current.nodes, graphNow.current.edges, {}, collapsed) : null),
    [key, collapsed],
  );
  const base = packed ?? auto;
  const positions = useMemo(() => ({ ...base, ...layout.data?.positions, ...dragged }), [base, layout.data, dragged]);

  const { mutateAsync: saveMoved } = save;
  const onPositionsChange = useCallback(
    (moved: Record<string, Position>) => {
      setDragged((d) => ({ ...d, ...moved }));
      saveMoved(moved).catch((e) => toast({ tone: "error", title: "Layout not saved", detail: String(e) }));
    },
    [saveMoved, toast],
  );

  const { mutateAsync: forgetIds } = forget;
  // Auto-layout forgets positions only: what is folded stays folded.
  const resetLayout = useCallback(async () => {
    // Positions dragged in this session are saved but absent from the layout query: forget both.
    await forgetIds([...new Set([...Object.keys(layout.data?.positions ?? {}), ...Object.keys(dragged)])]);
    setDragged({});
  }, [layout.data, dragged, forgetIds]);

  const forgetPosition = useCallback(
    (id: string) => {
      setDragged(({ [id]: _, ...rest }) => rest);
      forgetIds([id]).catch((e) => toast({ tone: "error", title: "Layout not saved", detail: String(e) }));
    },
    [forgetIds, toast],
  );

  const { mutateAsync: saveCollapsed } = saveFolds;
  const changeFolds = useCallback(
    (next: ReadonlySet<string>) => {
      if (next === collapsed) return;
      setFolds(next);
      // A deleted team's fold is not kept forever.
      const can = foldable(graph);
      saveCollapsed([...next].filter((id) => can.has(id)).sort()).catch((e) =>
        toast({ tone: "error", title: "Folds not saved", detail: String(e) }),
      );
    },
    [collapsed, graph, saveCollapsed, setFolds, toast],
  );
  const toggleFold = useCallback((id: string) => changeFolds(toggled(collapsed, id)), [changeFolds, collapsed]);
  const foldAllTeams = useCallback(() => changeFolds(allTeams(graph)), [changeFolds, graph]);
  const unfoldAll = useCallback(() => changeFolds(new Set()), [changeFolds]);
  const reveal = useCallback(
    (nodeId: string) => changeFolds(revealed(graph, collapsed, nodeId)),
    [changeFolds, graph, collapsed],
  );

  // A node to reveal may sit in a folded team: its folds open once per request, so folding it again sticks.
  const focus = useEditor((s) => s.focus);
  const revealedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!focus || revealedFor.current === focus.nonce || !graph.nodes.some((n) => n.id === focus.nodeId)) return;
    revealedFor.current = focus.nonce;
    reveal(focus.nodeId);
  }, [focus, graph, reveal]);

  return {
    positions,
    onPositionsChange,
    resetLayout,
    forgetPosition,
    collapsed,
    toggleFold,
    foldAllTeams,
    unfoldAll,
    reveal,
  };
}

export type CanvasLayout = ReturnType<typeof useCanvasLayout>;
