import { apiFetch } from "@/lib/api-client";

// On the packs page's first load: schemas (and zod) arrive with the first answer, not with the page.
const api = () => import("@/schemas/api/packs");
const packToggleResultSchema = async () => (await api()).packToggleResultSchema;
const packEnableResultSchema = async () => (await api()).packEnableResultSchema;
const packInstallResultSchema = async () => (await api()).packInstallResultSchema;
const packPreviewSchema = async () => (await import("@/schemas/pack-preview")).packPreviewSchema;

const packUrl = (id: string, action: string) => `/api/packs/${encodeURIComponent(id)}/${action}`;

export async function disablePack(id: string) {
  await apiFetch(packUrl(id, "disable"), packToggleResultSchema, { method: "POST", body: {} });
}

export async function enablePack(id: string, force: boolean) {
  await apiFetch(packUrl(id, "enable"), packEnableResultSchema, { method: "POST", body: force ? { force } : {} });
}

/** What enabling `id` would change, nothing enabled. */
export async function previewEnablePack(id: string) {
  return (await apiFetch(packUrl(id, "preview"), packPreviewSchema, { method: "POST", body: {} })).data;
}

/** What installing from a folder or an uploaded zip would change, nothing installed. */
export async function previewInstallPack(body: Record<string, unknown>) {
  return (await apiFetch("/api/packs/preview", packPreviewSchema, { method: "POST", body })).data;
}

export async function installPack(body: Record<string, unknown>) {
  return (await apiFetch("/api/packs/install", packInstallResultSchema, { method: "POST", body })).data;
}
