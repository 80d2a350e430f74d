import { apiFetch } from "@/lib/api-client";
import type { CapabilityView, DryRunPlan, EmbedList, EmbedOverridesBody, TickRecord } from "@/schemas/embed";

export const embedKeys = { all: ["embed"] as const };

export async function fetchEmbed(): Promise<EmbedList> {
  return (await apiFetch<EmbedList>("/api/embed")).data;
}

export async function embedAction(id: string, action: "enable" | "disable"): Promise<void> {
  await apiFetch(`/api/embed/${encodeURIComponent(id)}/${action}`, { method: "POST", body: {} });
}

export async function embedDryRun(id: string): Promise<DryRunPlan> {
  return (await apiFetch<DryRunPlan>(`/api/embed/${encodeURIComponent(id)}/dry-run`, { method: "POST", body: {} }))
    .data;
}

export async function embedTick(id: string): Promise<TickRecord> {
  return (
    await apiFetch<{ record: TickRecord }>(`/api/embed/${encodeURIComponent(id)}/tick`, { method: "POST", body: {} })
  ).data.record;
}

export async function embedOverrides(id: string, body: EmbedOverridesBody, etag: string): Promise<CapabilityView> {
  return (
    await apiFetch<{ capability: CapabilityView }>(`/api/embed/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body,
      ifMatch: etag,
    })
  ).data.capability;
}
