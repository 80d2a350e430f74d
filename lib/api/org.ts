import { apiFetch } from "@/lib/api-client";
import type { ListResponse } from "@/schemas/api/org";
import type { ValidationResult } from "@/schemas/field-error";
import type { EntityKind, EntityRecord, WritableScope } from "@/schemas/kinds";

/**
 * The org's records through `/api/org/…`, each answer parsed with its schema. The editor's first
 * load imports this module, so the schemas (and zod with them) load with the first answer.
 */

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

/** Writes only the fields in `patch` (null removes one) over the version `etag`. */
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

/** A new record; a new team names the specialist moved into it by the same write. */
export async function createEntity(
  kind: EntityKind,
  record: EntityRecord,
  scope: WritableScope,
  ownerSpecialist?: string,
) {
  return (
    await apiFetch(kindUrl(kind) + query({ scope, ownerSpecialist }), writeOkSchema, { method: "POST", body: record })
  ).data;
}

/** The server's verdict on a draft: every rule, with packs and files the browser does not see. */
export async function validateRecord(kind: EntityKind, record: EntityRecord): Promise<ValidationResult> {
  return (await apiFetch("/api/org/validate", validationResultSchema, { method: "POST", body: { kind, record } })).data;
}

/** Imports an exported tier (`dryRun`: only says what it would write). */
export async function importOrg(payload: unknown, scope: WritableScope, dryRun: boolean) {
  return (
    await apiFetch(`/api/org/import${query({ scope, dryRun: dryRun && "1" })}`, importResultSchema, {
      method: "POST",
      body: payload,
    })
  ).data;
}

export async function previewRoute(description: string, signal?: AbortSignal) {
  return (
    await apiFetch("/api/org/preview/route", routePreviewSchema, { method: "POST", body: { description }, signal })
  ).data.candidates;
}
