import { apiFetch } from "@/lib/api-client";
import { accessUnusedSchema, activitySummarySchema } from "@/schemas/activity";

export type ActivityParams = { since?: string; profile?: string; limit?: number };

export async function getActivity(params: ActivityParams, signal?: AbortSignal) {
  const q = new URLSearchParams();
  if (params.since) q.set("since", params.since);
  if (params.profile) q.set("profile", params.profile);
  if (params.limit) q.set("limit", String(params.limit));
  return (await apiFetch(`/api/activity?${q}`, activitySummarySchema, { signal })).data;
}

export async function getAccessUnused(id: string, signal?: AbortSignal) {
  return (await apiFetch(`/api/access/${encodeURIComponent(id)}/unused`, accessUnusedSchema, { signal })).data;
}
