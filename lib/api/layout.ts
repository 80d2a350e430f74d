import { apiFetch } from "@/lib/api-client";
import type { Position } from "@/lib/graph/geometry";

const layoutResponseSchema = async () => (await import("./parse")).layoutResponseSchema;
const autoLayoutResponseSchema = async () => (await import("./parse")).autoLayoutResponseSchema;

export async function getLayout(signal?: AbortSignal) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { signal })).data;
}

/** `null` forgets a position. */
export async function putPositions(positions: Record<string, Position | null>) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { method: "PUT", body: { positions } })).data;
}

export async function putCollapsed(collapsed: readonly string[]) {
  return (await apiFetch("/api/layout", layoutResponseSchema, { method: "PUT", body: { collapsed } })).data;
}

export async function getAutoLayout(signal?: AbortSignal) {
  return (await apiFetch("/api/graph/layout", autoLayoutResponseSchema, { signal })).data;
}
