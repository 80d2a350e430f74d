import { apiFetch } from "@/lib/api-client";
import type { Position } from "@/lib/graph/geometry";

const layoutResponseSchema = async () => (await import("./parse")).layoutResponseSchema;
const autoLayoutResponseSchema = async () => (await import("./parse")).autoLayoutResponseSchema;

export async function getLayout(signal?: AbortSignal) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { signal })).data;
}

// One queue for every position written from this page, so an undo pressed mid-save lands after the move it undoes.
let queue: Promise<unknown> = Promise.resolve();

/** `null` forgets a position. */
export function putPositions(positions: Record<string, Position | null>) {
  const put = async () =>
    (await apiFetch("/api/layout", layoutResponseSchema, { method: "PUT", body: { positions } })).data;
  const next = queue.then(put, put);
  queue = next.catch(() => {});
  return next;
}

export async function putCollapsed(collapsed: readonly string[]) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { method: "PUT", body: { collapsed } })).data;
}

export async function getAutoLayout(signal?: AbortSignal) {
  return (await apiFetch("/api/graph/layout", autoLayoutResponseSchema, { signal })).data;
}
