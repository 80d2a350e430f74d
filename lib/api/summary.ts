import type { ListResponse, OrgSummary } from "@/schemas/api/org";
import { ENTITY_KIND_SPECS, ENTITY_KINDS, type EntityRecord, SECTIONS, type Section } from "@/schemas/kinds";

/**
 * The fields of each record the canvas draws at first paint (each kind's `graphFields`): a field
 * the graph starts reading must be added there, or the first paint draws without it until the
 * full lists arrive (the graph test over a summary checks that both draw the same graph).
 */
export const GRAPH_FIELDS = Object.fromEntries(
  ENTITY_KINDS.map((kind): [Section, readonly string[]] => [
    ENTITY_KIND_SPECS[kind].section,
    ENTITY_KIND_SPECS[kind].graphFields,
  ]),
) as Record<Section, readonly string[]>;

const isObject = (v: unknown): v is EntityRecord => typeof v === "object" && v !== null && !Array.isArray(v);

/** `record` with only `fields` (a dotted name reaches into an object); the id is the row's. */
function pick(record: EntityRecord, fields: readonly string[]): EntityRecord {
  const slim: EntityRecord = {};
  for (const field of fields) {
    const [head, leaf] = field.split(".");
    const value = record[head];
    if (value === undefined) continue;
    if (!leaf) slim[head] = value;
    else if (isObject(value) && value[leaf] !== undefined) {
      const inner = isObject(slim[head]) ? slim[head] : {};
      slim[head] = { ...inner, [leaf]: value[leaf] };
    }
  }
  return slim;
}

/**
 * The editor page's first-paint org: every record of the five sections (in ENTITY_KINDS order,
 * as `lists` comes) reduced to `GRAPH_FIELDS`, with its tier, and the problems the canvas counts.
 * At 1,000 specialists the full lists are megabytes of HTML; this is what the canvas needs.
 */
export function summarize(lists: readonly ListResponse[]): OrgSummary {
  const sections = {} as OrgSummary["sections"];
  const problems: OrgSummary["problems"] = [];
  SECTIONS.forEach((section, i) => {
    sections[section] = lists[i].items.map((row) => ({
      id: row.id,
      scope: row.scope,
      ...(row.source ? { source: row.source } : {}),
      record: pick(row.record, GRAPH_FIELDS[section]),
    }));
    problems.push(...lists[i].errors);
  });
  return { sections, problems };
}
