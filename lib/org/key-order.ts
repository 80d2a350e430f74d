import { ENTITY_KIND_SPECS, ENTITY_KINDS, type EntityKind } from "@/schemas/kinds";

/** The field order files are written in (each kind's `keys`), so app-written files read like hand-written ones. */
export const CANONICAL_KEYS = Object.fromEntries(
  ENTITY_KINDS.map((kind): [EntityKind, readonly string[]] => [kind, ENTITY_KIND_SPECS[kind].keys]),
) as Record<EntityKind, readonly string[]>;
