import { apiFetch } from "@/lib/api-client";
import type { EmbedOverridesBody } from "@/schemas/embed";

// On the embed page's first load: schemas (and zod) arrive with the first answer, not with the page.
const api = () => import("@/schemas/api/embed");
const embed = () => import("@/schemas/embed");
const embedListSchema = async () => (await embed()).embedListSchema;
const dryRunPlanSchema = async () => (await embed()).dryRunPlanSchema;
const embedToggleResultSchema = async () => (await api()).embedToggleResultSchema;
const tickResponseSchema = async () => (await api()).tickResponseSchema;
const overridesResponseSchema = async () => (await api()).overridesResponseSchema;

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
