import { apiFetch } from "@/lib/api-client";
import { accessHistorySchema, reachSchema } from "@/schemas/access";

const accessUrl = (id: string) => `/api/access/${encodeURIComponent(id)}`;

export async function getReach(id: string, signal?: AbortSignal) {
  return (await apiFetch(accessUrl(id), reachSchema, { signal })).data;
}

export async function getAccessHistory(id: string, signal?: AbortSignal) {
  return (await apiFetch(`${accessUrl(id)}/history`, accessHistorySchema, { signal })).data;
}
