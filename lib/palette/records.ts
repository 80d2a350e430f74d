import type { EntityKind, EntityRecord, OrgRecords, Section } from "@/schemas/kinds";
import { ENTITY_KIND_SPECS, KIND_OF, SECTIONS, WELL_KNOWN_PARTIES } from "@/schemas/kinds";
import type { SearchItem } from "./search";

export type RecordItem = SearchItem & {
  kind: EntityKind;
  entityId: string;
  section: Section;
  /** Why the canvas cannot draw the record. */
  notDrawn?: string;
};

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export const NOT_ON_CANVAS = "Not on the canvas";

function nameOf(r: EntityRecord): string | undefined {
  const name = str(r.displayName) || str(r.name);
  return name || undefined;
}

function textOf(section: Section, r: EntityRecord): string {
  return ENTITY_KIND_SPECS[KIND_OF[section]]
    .searchText(r)
    .flatMap((v) => (Array.isArray(v) ? list(v) : [str(v)]))
    .join(" ");
}

export function whyNotDrawn(org: OrgRecords, section: Section, r: EntityRecord): string | null {
  if (section !== "contracts") return null;
  const parties = new Set<string>(WELL_KNOWN_PARTIES);
  const missing: string[] = [];
  for (const side of ["producer", "consumer"] as const) {
    const party = str(r[side]);
    if (party && !parties.has(party) && !org.specialists[party]) missing.push(`${side} ${party} does not exist`);
  }
  return missing.length ? missing.join("; ") : null;
}

/** The records a user would otherwise never find. */
export function danglingRecords(org: OrgRecords): RecordItem[] {
  return recordItems(org).filter((item) => item.notDrawn);
}

export function recordItems(org: OrgRecords): RecordItem[] {
  const items: RecordItem[] = [];
  for (const section of SECTIONS) {
    for (const id of Object.keys(org[section]).sort()) {
      const r = org[section][id];
      const dangling = whyNotDrawn(org, section, r);
      items.push({
        key: `${section}/${id}`,
        group: dangling ? NOT_ON_CANVAS : ENTITY_KIND_SPECS[KIND_OF[section]].titles,
        id,
        name: nameOf(r),
        text: dangling ? `${textOf(section, r)} ${dangling}` : textOf(section, r),
        kind: KIND_OF[section],
        entityId: id,
        section,
        ...(dangling ? { notDrawn: dangling } : {}),
      });
    }
  }
  return items;
}
