import { apiFetch } from "@/lib/api-client";
import type { Position } from "@/lib/graph/geometry";

/**
 * Saved canvas positions (`studio/layout.json`) and the server's automatic layout. The schemas
 * load with the first answer: the editor's first load imports this module and must not carry zod.
 */

const layoutResponseSchema = async () => (await import("./parse")).layoutResponseSchema;
const autoLayoutResponseSchema = async () => (await import("./parse")).autoLayoutResponseSchema;

export async function getLayout(signal?: AbortSignal) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { signal })).data;
}

/** Saves moved positions; `null` forgets one (back to the automatic layout). */
export async function putPositions(positions: Record<string, Position | null>) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { method: "PUT", body: { positions } })).data;
}

/** Saves which teams and groups are folded: the whole list, replacing the one on disk. */
export async function putCollapsed(collapsed: readonly string[]) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { method: "PUT", body: { collapsed } })).data;
}

export async function getAutoLayout(signal?: AbortSignal) {
  return (await apiFetch("/api/graph/layout", autoLayoutResponseSchema, { signal })).data;
}
