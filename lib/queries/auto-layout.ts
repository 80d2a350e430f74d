import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { type Position, structureKeyOf } from "@/lib/graph/geometry";
import type { AutoLayout, Graph } from "@/schemas/graph";
import { autoLayoutQuery } from "./org";

const NO_POSITIONS: Record<string, Position> = {};

/**
 * Automatic positions for `graph`. The server lays each version of the org out once and the
 * editor page ships the result, so a first load runs no layout in the browser; only a structure
 * the server has not laid out yet (a node just created, before the refetch answers) is laid out
 * here, with the layout module loaded on that first need. Meanwhile the last positions known stand in, and
 * the canvas holds back nodes that have none.
 */
export function useAutoLayout(graph: Graph): Record<string, Position> {
  const key = useMemo(() => structureKeyOf(graph), [graph]);
  const server = useQuery(autoLayoutQuery());
  const [local, setLocal] = useState<AutoLayout | null>(null);
  const ready = server.data?.structureKey === key ? server.data : local?.structureKey === key ? local : null;
  useEffect(() => {
    // Not waiting for the server's refetch: a node just created should take its place at once.
    if (ready || graph.nodes.length === 0) return;
    let live = true;
    void import("@/lib/graph/layout").then(({ layoutGraph }) => {
      if (live) setLocal({ structureKey: key, positions: layoutGraph(graph.nodes, graph.edges) });
    });
    return () => {
      live = false;
    };
  }, [key, ready, graph]);
  return (ready ?? server.data ?? local)?.positions ?? NO_POSITIONS;
}
