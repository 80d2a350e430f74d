import { foldedView } from "@/lib/graph/first-view";
import type { FoldedView, Graph, Layout } from "@/schemas/graph";
import type { OrgApi } from "./org-api";

const cache = new WeakMap<Graph, { saved: string; view: FoldedView | null }>();

/** Folded once per org version and saved layout: reloading an unchanged org packs nothing again. */
export async function foldedFirstView(api: OrgApi, saved: Layout | null): Promise<FoldedView | null> {
  const graph = await api.graph();
  const key = JSON.stringify(saved ? [saved.collapsed, saved.positions] : null);
  const hit = cache.get(graph);
  if (hit?.saved === key) return hit.view;
  const view = foldedView(graph, saved);
  cache.set(graph, { saved: key, view: view && { ...view, generation: api.paths.construct.generation } });
  return cache.get(graph)?.view ?? null;
}
