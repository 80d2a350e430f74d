import { apiFetch } from "@/lib/api-client";
import { embedToggleResultSchema, overridesResponseSchema, tickResponseSchema } from "@/schemas/api/embed";
import { dryRunPlanSchema, type EmbedOverridesBody, embedListSchema } from "@/schemas/embed";

const capabilityUrl = (id: string, action?: string) =>
  `/api/embed/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

export async function listEmbed(signal?: AbortSignal) {
  return (await apiFetch("/api/embed", embedListSchema, { signal })).data;
}

export async function setEmbedEnabled(id: string, action: "enable" | "disable") {
  await apiFetch(capabilityUrl(id, action), embedToggleResultSchema, { method: "POST", body: {} });
}

export async function dryRunEmbed(id: string) {
  return (await apiFetch(capabilityUrl(id, "dry-run"), dryRunPlanSchema, { method: "POST", body: {} })).data;
}

export async function tickEmbed(id: string) {
  return (await apiFetch(capabilityUrl(id, "tick"), tickResponseSchema, { method: "POST", body: {} })).data.record;
}

/** Writes a capability's overrides over the version `etag`; answers with the capability as it now is. */
export async function saveEmbedOverrides(id: string, body: EmbedOverridesBody, etag: string) {
  return (await apiFetch(capabilityUrl(id), overridesResponseSchema, { method: "PATCH", body, ifMatch: etag })).data
    .capability;
}
