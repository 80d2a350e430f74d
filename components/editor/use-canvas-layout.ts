"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { type EditCommand, moveOf } from "@/lib/editor/history";
import { allTeams, foldable, initialCollapsed, revealed, toggled, withFold } from "@/lib/graph/collapse";
import { placesForMove } from "@/lib/graph/drawing";
import { type Position, structureKeyOf } from "@/lib/graph/geometry";
import { packedLayout } from "@/lib/graph/layout";
import { useAutoLayout } from "@/lib/queries/auto-layout";
import { useSaveCollapsed, useSavePositions } from "@/lib/queries/layout";
import { useLayout } from "@/lib/queries/org";
import type { Graph } from "@/schemas/graph";
import { useEditor } from "./editor-store";
import type { Toast } from "./shell-types";
import { useHeldPlaces } from "./use-held-places";

/**
 * The automatic layout (re-packed around the folds) under the saved positions, which show a move as it
 * is saved, and the places held when records are added. A move and an Auto-layout are steps of the
 * undo history; holding places is not, as the user moved nothing. Only what the user does on purpose
 * is saved (a move, an add, a fold): a record opened inside a folded team is unfolded in this view alone.
 */
export function useCanvasLayout(graph: Graph, toast: Toast, record: (command: EditCommand) => void) {
  const layout = useLayout();
  const auto = useAutoLayout(graph);
  const folds = useEditor((s) => s.folds);
  const setFolds = useEditor((s) => s.setFolds);
  const save = useSavePositions();
  const saveFolds = useSaveCollapsed();
  const savedFolds = layout.data?.collapsed;
  const collapsed = useMemo(() => folds ?? initialCollapsed(graph, savedFolds), [folds, graph, savedFolds]);

  // With folds the browser packs the org again (tens of ms at 1,000 nodes), once per structure and set of folds.
  const key = useMemo(() => structureKeyOf(graph), [graph]);
  const graphNow = useRef(graph);
  graphNow.current = graph;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the graph's structure, all the layout reads.
  const packed = useMemo(() => (collapsed.size ? packedLayout(graphNow.current, collapsed) : null), [key, collapsed]);
  const base = packed ?? auto;
  const hold = useCallback(
    (held: Readonly<Record<string, Position>>) =>
      void save({ ...held }).catch((e) => toast({ tone: "error", title: "Layout not saved", detail: String(e) })),
    [save, toast],
  );
  const { positions, wanted } = useHeldPlaces(graph, collapsed, base, layout.data?.positions, hold);
  const drawing = useRef({ positions, wanted, collapsed, nodes: graph.nodes });
  drawing.current = { positions, wanted, collapsed, nodes: graph.nodes };

  const saved = useRef(layout.data?.positions);
  saved.current = layout.data?.positions;
  const write = useCallback(
    (changed: Record<string, Position | null>, label?: string) => {
      const move = moveOf(saved.current ?? {}, changed);
      record(label ? { ...move, label } : move);
      save(changed).catch((e) => toast({ tone: "error", title: "Layout not saved", detail: String(e) }));
    },
    [save, record, toast],
  );
  // The boxes the drop would cover make room, and are saved with it, so a reload draws what was dropped.
  const onPositionsChange = useCallback(
    (moved: Record<string, Position>) => {
      const d = drawing.current;
      // Named for what the user dropped, not for the boxes that made room.
      write(placesForMove(d.nodes, d.collapsed, d.wanted, d.positions, moved), moveOf({}, moved).label);
    },
    [write],
  );
  // Auto-layout forgets positions only: what is folded stays folded.
  const resetLayout = useCallback(async () => {
    const ids = Object.keys(saved.current ?? {});
    if (ids.length) write(Object.fromEntries(ids.map((id) => [id, null])), "Auto-layout");
  }, [write]);

  /** Part of a move into another team, whose own step undoes the move. */
  const forgetPosition = useCallback(
    (id: string) => {
      save({ [id]: null }).catch((e) => toast({ tone: "error", title: "Layout not saved", detail: String(e) }));
    },
    [save, toast],
  );

  const { mutateAsync: saveCollapsed } = saveFolds;
  const storeFolds = useCallback(
    (next: ReadonlySet<string>) => {
      // A deleted team's fold is not kept forever.
      const can = foldable(graph);
      saveCollapsed([...next].filter((id) => can.has(id)).sort()).catch((e) =>
        toast({ tone: "error", title: "Folds not saved", detail: String(e) }),
      );
    },
    [graph, saveCollapsed, toast],
  );
  const toggleFold = useCallback(
    (id: string) => {
      const next = toggled(collapsed, id);
      setFolds(next);
      // Only this box's fold is the user's: folds this view opened by itself stay as the file has them.
      storeFolds(withFold(initialCollapsed(graph, savedFolds), id, next.has(id)));
    },
    [collapsed, graph, savedFolds, setFolds, storeFolds],
  );
  const foldAll = useCallback(
    (next: ReadonlySet<string>) => {
      setFolds(next);
      storeFolds(next);
    },
    [setFolds, storeFolds],
  );
  const foldAllTeams = useCallback(() => foldAll(allTeams(graph)), [foldAll, graph]);
  const unfoldAll = useCallback(() => foldAll(new Set()), [foldAll]);
  // Opening a record (Ctrl+K, the problem list, a link, a create) shows it without saving a fold.
  const reveal = useCallback(
    (nodeId: string) => {
      const next = revealed(graph, collapsed, nodeId);
      if (next !== collapsed) setFolds(next);
    },
    [graph, collapsed, setFolds],
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
