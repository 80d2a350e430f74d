import { type AccessGraph, accessGraph } from "@/lib/access/graph";
import { reachOf } from "@/lib/access/reach";
import type { Reach } from "@/schemas/access";
import { AppError } from "../errors";
import { recordsOf, type Snapshot } from "./merge";
import { graphOf } from "./previews";

const cache = new WeakMap<Snapshot, AccessGraph>();

/** Built once per snapshot from the graph the canvas already has, so every reach after the first is a walk. */
export function accessGraphOf(snap: Snapshot): AccessGraph {
  let graph = cache.get(snap);
  if (!graph) {
    graph = accessGraph(recordsOf(snap.rows), graphOf(snap).edges);
    cache.set(snap, graph);
  }
  return graph;
}

export function reachIn(snap: Snapshot, id: string): Reach {
  const reach = reachOf(accessGraphOf(snap), id);
  if (!reach) throw new AppError("not_found", `no specialist or worker profile "${id}" in the org`);
  return reach;
}
