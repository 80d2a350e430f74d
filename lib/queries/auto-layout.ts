import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { type Position, structureKeyOf } from "@/lib/graph/geometry";
import type { AutoLayout, Graph } from "@/schemas/graph";
import { autoLayoutQuery } from "./org";

const NO_POSITIONS: Record<string, Position> = {};

/**
 * The server ships each org version's layout with the page; only a structure it has not laid out yet
 * (a node just created) is laid out here, loading the layout module on that first need.
 */
export function useAutoLayout(graph: Graph): Record<string, Position> {
  const key = useMemo(() => structureKeyOf(graph), [graph]);
  // A big org's folded first view is placed by the server: the layout waits for the org it lays out.
  const server = useQuery({ ...autoLayoutQuery(), enabled: graph.nodes.length > 0 });
  const [local, setLocal] = useState<AutoLayout | null>(null);
  const ready = server.data?.structureKey === key ? server.data : local?.structureKey === key ? local : null;
  useEffect(() => {
    // A node just created takes its place at once, not after the refetch.
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
