import { randomUUID } from "node:crypto";
import { summarize } from "@/lib/api/summary";
import { foldedView } from "@/lib/graph/first-view";
import type { OrgSummary } from "@/schemas/api/org";
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
  cache.set(graph, { saved: key, view: view && { ...view, kinds: [...api.paths.adapter.kinds] } });
  return cache.get(graph)?.view ?? null;
}

const summaries = new WeakMap<Graph, Promise<OrgSummary>>();

/**
 * The first-paint summary, made once per org version (the graph is one per snapshot). Its `key` is
 * new with each, so the page's renders of one version draw its graph and layout once between them.
 */
export async function firstPaintSummary(api: OrgApi): Promise<OrgSummary> {
  const graph = await api.graph();
  let summary = summaries.get(graph);
  if (!summary) {
    const { kinds } = api.paths.adapter;
    summary = Promise.all(kinds.map((kind) => api.listEntities(kind))).then((lists) => ({
      ...summarize(lists, kinds),
      kinds: [...kinds],
      key: randomUUID(),
    }));
    summaries.set(graph, summary);
    // A failed read is asked again by the next render rather than remembered.
    summary.catch(() => summaries.delete(graph));
  }
  return summary;
}
