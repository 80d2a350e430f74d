import { sameJson } from "@/lib/json/same-json";
import { customProfileFrom } from "@/lib/org/custom-profile";
import { fenceField } from "@/lib/org/effective-fence";
import type { WriteOk } from "@/schemas/api/org";
import type { EntityKindSpec } from "@/schemas/kind-spec";
import { ENTITY_KIND_SPECS, type EntityKind, type EntityRecord, type Scope } from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
import type { Row } from "./merge";
import type { Layer } from "./tiers";

// What an update patches and the record it starts from, for every kind the studio writes.

export function patchFor(
  kind: ApiKind,
  patch: Record<string, unknown>,
  current: EntityRecord,
): Record<string, unknown> {
  if (kind !== "fence") return patch;
  const field = fenceField(current);
  const fence: Record<string, unknown> = { ...((current[field] as object) ?? {}), ...patch };
  for (const [k, v] of Object.entries(fence)) if (v === null) delete fence[k];
  return { [field]: fence };
}

/**
 * What an update really changes: a field set to the value the record already has changes nothing (a
 * whole record read and sent back, a registry profile say, patches only what differs), and derived
 * fields follow the ones they come from, as Construct writes them.
 */
export function effectivePatchOf(
  kind: ApiKind,
  entityKind: EntityKind,
  patch: Record<string, unknown>,
  current: EntityRecord,
): Record<string, unknown> {
  const asked = patchFor(kind, patch, current);
  const spec = ENTITY_KIND_SPECS[entityKind] as Pick<EntityKindSpec<"worker-profile">, "merge" | "follow">;
  const changed =
    spec.merge === "replace"
      ? Object.fromEntries(Object.entries(asked).filter(([key, value]) => !sameJson(value, current[key])))
      : asked;
  return spec.follow ? spec.follow(current, changed) : changed;
}

/**
 * Nothing to change in a record of a kind Construct replaces whole, and no file of it in the tier:
 * writing a copy would still change what Construct loads (a registry profile would become a custom
 * one), so the update is done without a write. Null when there is something to write.
 */
export function unchangedOf(
  entityKind: EntityKind,
  effectivePatch: Record<string, unknown>,
  fresh: Row,
  scope: Scope,
): WriteOk | null {
  if (ENTITY_KIND_SPECS[entityKind].merge !== "replace" || Object.keys(effectivePatch).length) return null;
  if (fresh.layers.some((l) => l.scope === scope)) return null;
  const top = fresh.layers[fresh.layers.length - 1];
  return { ok: true, path: top.path, record: fresh.record, etag: fresh.etag, warnings: [] };
}

/**
 * The record a tier's file holds before a patch. A kind Construct replaces whole starts from the
 * file's own text (so an `id` the file lacks stays out), or from a whole copy of the record below.
 */
export function baseOf(
  replace: boolean,
  id: string,
  own: Layer | undefined,
  text: string | null,
  lower: readonly Layer[],
): EntityRecord {
  if (!replace) return own?.record ?? { id };
  if (text !== null) return JSON.parse(text) as EntityRecord;
  const below = lower[lower.length - 1];
  // A copy of a registry profile takes the custom shape, which is all a tier's file may hold.
  if (below?.scope === "builtin") return customProfileFrom(id, below.record);
  return structuredClone(below?.record ?? { id });
}
