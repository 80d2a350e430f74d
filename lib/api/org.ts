import { apiFetch } from "@/lib/api-client";
import type { ImportMode, ListResponse } from "@/schemas/api/org";
import type { ValidationResult } from "@/schemas/field-error";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/kinds";

// On the editor's first load: schemas (and zod) arrive with the first answer, not with the page.

const org = () => import("@/schemas/api/org");
const listResponseSchema = async () => (await import("./parse")).listResponseSchema;
const writeOkSchema = async () => (await org()).writeOkSchema;
const removeOkSchema = async () => (await org()).removeOkSchema;
const importResultSchema = async () => (await org()).importResultSchema;
const routePreviewSchema = async () => (await import("@/schemas/api/preview")).routePreviewSchema;
const validationResultSchema = async () => (await import("@/schemas/field-error")).validationResultSchema;

const kindUrl = (kind: EntityKind | "skill") => `/api/org/${kind}`;
const entityUrl = (kind: EntityKind, id: string) => `${kindUrl(kind)}/${encodeURIComponent(id)}`;
const query = (params: Record<string, string | false | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};

export async function listEntities(kind: EntityKind | "skill", signal?: AbortSignal): Promise<ListResponse> {
  return (await apiFetch(kindUrl(kind), listResponseSchema, { signal })).data;
}

/** `null` in `patch` removes a field. */
export async function patchEntity(
  kind: EntityKind,
  id: string,
  patch: Record<string, unknown>,
  scope: WritableScope,
  etag: string,
) {
  return (
    await apiFetch(entityUrl(kind, id) + query({ scope }), writeOkSchema, {
      method: "PATCH",
      body: patch,
      ifMatch: etag,
    })
  ).data;
}

export async function removeEntity(kind: EntityKind, id: string, scope: WritableScope, force: boolean, etag: string) {
  return (
    await apiFetch(entityUrl(kind, id) + query({ scope, force: force && "1" }), removeOkSchema, {
      method: "DELETE",
      ifMatch: etag,
    })
  ).data;
}

export async function createEntity(
  kind: EntityKind,
  record: EntityRecord,
  scope: WritableScope,
  ownerSpecialist?: string,
  restoreLayer = false,
) {
  const params = query({ scope, ownerSpecialist, restoreLayer: restoreLayer && "1" });
  return (await apiFetch(kindUrl(kind) + params, writeOkSchema, { method: "POST", body: record })).data;
}

/** The server sees packs and files the browser does not. */
export async function validateRecord(kind: EntityKind, record: EntityRecord): Promise<ValidationResult> {
  return (await apiFetch("/api/org/validate", validationResultSchema, { method: "POST", body: { kind, record } })).data;
}

/** `modes` is each updated record's choice by `section/id`; a record not named is merged. */
export async function importOrg(
  payload: unknown,
  scope: WritableScope,
  dryRun: boolean,
  modes: Readonly<Record<string, ImportMode>> = {},
) {
  const q = new URLSearchParams(query({ scope, dryRun: dryRun && "1" }).slice(1));
  for (const [key, mode] of Object.entries(modes)) q.append(mode, key);
  return (await apiFetch(`/api/org/import?${q}`, importResultSchema, { method: "POST", body: payload })).data;
}

export async function previewRoute(description: string, signal?: AbortSignal) {
  return (
    await apiFetch("/api/org/preview/route", routePreviewSchema, { method: "POST", body: { description }, signal })
  ).data.candidates;
}
