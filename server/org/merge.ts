import type { Accepted } from "@/lib/org/accepted";
import { type OrgIndex, type RecordMaps, type Ref, ref } from "@/lib/org/org-index";
import { isRegistrySection } from "@/lib/org/registry-rules";
import type { FieldError } from "@/schemas/field-error";
import {
  bySection,
  ENTITY_KIND_SPECS,
  type EntityKind,
  type EntityRecord,
  emptyOrg,
  KIND_OF,
  type OrgRecords,
  type Scope,
  SECTIONS,
  type Section,
} from "@/schemas/kinds";
import { combineEtags } from "../store/read";
import type { SkillFile } from "./skills";
import type { Layer, TierData } from "./tiers";

export type Row = {
  id: string;
  kind: EntityKind;
  scope: Scope;
  path: string;
  /** The pack that contributes the winning file, when it comes from a pack. */
  source?: string;
  overrides: { scope: Scope; path: string; source?: string }[];
  record: EntityRecord;
  etag: string;
  layers: Layer[];
};

export type Rows = Record<Section, Map<string, Row>>;

export type Snapshot = {
  rows: Rows;
  index: OrgIndex;
  skillFiles: SkillFile[];
  /** Problems with files themselves (unparseable, wrong shape, misnamed) and with enabled packs. */
  loadProblems: FieldError[];
  packTiers: TierData[];
  /** The warnings the project accepts; none for an org read from elsewhere (a commit, a draft). */
  accepted?: Accepted;
};

export const SCOPE_RANK: Record<Scope, number> = { builtin: 0, pack: 1, user: 2, project: 3 };
const layerRank = (l: Layer) => SCOPE_RANK[l.scope] + (l.order ?? 0) / 1000;

// Later layers win field by field. Fields are shared, not copied: snapshot records are never mutated.
export function mergeLayers(layers: readonly Layer[]): EntityRecord {
  if (layers.length === 1) return layers[0].record;
  const merged: EntityRecord = {};
  for (const layer of layers) Object.assign(merged, layer.record);
  return merged;
}

// Most records have one file: their rows share one empty list of overridden files.
const NO_OVERRIDES: Row["overrides"] = Object.freeze([]) as unknown as Row["overrides"];

export function toRow(kind: EntityKind, id: string, layers: Layer[]): Row {
  const sorted = layers.length === 1 ? layers : [...layers].sort((a, b) => layerRank(a) - layerRank(b));
  const top = sorted[sorted.length - 1];
  const row: Row = {
    id,
    kind,
    scope: top.scope,
    path: top.path,
    overrides:
      sorted.length === 1
        ? NO_OVERRIDES
        : sorted.slice(0, -1).map((l) => ({ scope: l.scope, path: l.path, ...(l.source ? { source: l.source } : {}) })),
    // Construct 2.x replaces a worker profile whole: a user or project file is the record.
    record: ENTITY_KIND_SPECS[kind].merge === "replace" ? top.record : mergeLayers(sorted),
    etag: sorted.length === 1 ? top.etag : combineEtags(sorted.map((l) => l.etag)),
    layers: sorted,
  };
  if (top.source) row.source = top.source;
  return row;
}

export function mergeTiers(tiers: readonly TierData[]): Rows {
  const rows = {} as Rows;
  for (const section of SECTIONS) {
    const layersById = new Map<string, Layer[]>();
    for (const tier of tiers) {
      for (const [id, layer] of tier.entities[section]) {
        const list = layersById.get(id);
        if (list) list.push(layer);
        else layersById.set(id, [layer]);
      }
    }
    const kind = KIND_OF[section];
    // Ids are lowercase letters, digits and "-", where code-unit order (`sort`'s own) is the locale's,
    // and each tier lists its ids nearly in order, which the sort merges cheaply.
    const ids = [...layersById.keys()].sort();
    const map = new Map<string, Row>();
    for (const id of ids) map.set(id, toRow(kind, id, layersById.get(id) as Layer[]));
    rows[section] = map;
  }
  return rows;
}

export function emptyEntities(): TierData["entities"] {
  return bySection(() => new Map());
}

export function recordsOf(rows: Rows): OrgRecords {
  const org = emptyOrg();
  for (const section of SECTIONS) for (const [id, row] of rows[section]) org[section][id] = row.record;
  return org;
}

/** Each section's merged records as maps, for `indexOf`. */
export function recordMapsOf(rows: Rows): RecordMaps {
  const maps = {} as Record<Section, Map<string, EntityRecord>>;
  for (const section of SECTIONS) {
    const map = new Map<string, EntityRecord>();
    for (const [id, row] of rows[section]) map.set(id, row.record);
    maps[section] = map;
  }
  return maps as RecordMaps;
}

/** The records whose winning file is Construct 2.x's package registry (its built-in tier). */
export function registryRefs(rows: Rows): Set<Ref> {
  const out = new Set<Ref>();
  for (const section of SECTIONS)
    if (isRegistrySection(section))
      for (const [id, row] of rows[section]) if (row.scope === "builtin") out.add(ref(section, id));
  return out;
}

/** Applies a shallow patch: fields replace, `null` deletes, `id` cannot change. */
export function applyPatch(base: EntityRecord, patch: Record<string, unknown>): EntityRecord {
  const next: EntityRecord = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === "id") continue;
    if (value === null) delete next[key];
    else next[key] = structuredClone(value);
  }
  return next;
}
