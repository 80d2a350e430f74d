"use client";

import { useEffect, useMemo, useRef } from "react";
import { takeOwnAdd } from "@/lib/editor/own-adds";
import { drawnPositions, placesForAdded, wantedPositions } from "@/lib/graph/drawing";
import { type Position, structureKeyOf } from "@/lib/graph/geometry";
import type { Graph } from "@/schemas/graph";

type Drawn = { ids: ReadonlySet<string>; positions: Readonly<Record<string, Position>> };

/**
 * When the org gains records (New, an import, a file added outside), the boxes already drawn stay
 * where the user sees them and the new ones take free spots near their team, rather than the whole
 * org being packed again. What is held for the user's own add is saved too, so a reload draws the same.
 * Returns what the canvas draws, and the same before boxes are set apart (what a move is measured against).
 */
export function useHeldPlaces(
  graph: Graph,
  collapsed: ReadonlySet<string>,
  base: Readonly<Record<string, Position>>,
  saved: Readonly<Record<string, Position>> | undefined,
  save: (held: Readonly<Record<string, Position>>) => void,
): { positions: Readonly<Record<string, Position>>; wanted: Readonly<Record<string, Position>> } {
  const drawn = useRef<Drawn | null>(null);
  const now = useRef({ graph, collapsed, saved });
  now.current = { graph, collapsed, saved };
  const key = useMemo(() => structureKeyOf(graph), [graph]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the graph's structure; the rest is read as drawn last.
  const held = useMemo(() => {
    const before = drawn.current;
    const { graph: g, collapsed: folds, saved: kept } = now.current;
    if (!before?.ids.size || !kept || g.nodes.every((n) => before.ids.has(n.id))) return NO_PLACES;
    return placesForAdded(g, folds, before.positions, kept);
  }, [key]);

  const savedFor = useRef<Readonly<Record<string, Position>> | null>(null);
  // Once saved, the places are the saved positions' to keep, so an Auto-layout can forget them.
  const holding = savedFor.current === held ? NO_PLACES : held;
  const wanted = useMemo(() => wantedPositions(base, holding, saved), [base, holding, saved]);
  const positions = useMemo(() => drawnPositions(graph.nodes, collapsed, wanted), [graph.nodes, collapsed, wanted]);
  const drawnNow = saved !== undefined && graph.nodes.every((n) => positions[n.id]);
  useEffect(() => {
    // Only a full drawing is a "before": not the empty first frame nor one waiting for its layout.
    if (drawnNow) drawn.current = { ids: new Set(graph.nodes.map((n) => n.id)), positions };
  }, [drawnNow, graph, positions]);

  useEffect(() => {
    if (savedFor.current === held || Object.keys(held).length === 0) return;
    // Records someone else added keep their places in this view; the layout file is written only
    // for an add of the user's own, which a reload then draws the same.
    if (!takeOwnAdd()) return;
    savedFor.current = held;
    save(held);
  }, [held, save]);
  return { positions, wanted };
}

const NO_PLACES: Readonly<Record<string, Position>> = {};
