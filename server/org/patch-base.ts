import { customProfileFrom } from "@/lib/org/custom-profile";
import { fenceField } from "@/lib/org/effective-fence";
import type { EntityRecord } from "@/schemas/kinds";
import type { ApiKind } from "@/schemas/org";
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
