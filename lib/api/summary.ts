import { problemRecord } from "@/lib/graph/org-to-graph";
import type { ListResponse, OrgSummary } from "@/schemas/api/org";
import {
  ENTITY_KIND_SPECS,
  ENTITY_KINDS,
  type EntityKind,
  type EntityRecord,
  SECTIONS,
  type Section,
} from "@/schemas/kinds";

/**
 * Each kind's `graphFields`: every field `lib/graph/org-to-graph.ts` reads must be listed, or first
 * paint draws without it (a test over a summary checks both draw the same graph).
 */
export const GRAPH_FIELDS = Object.fromEntries(
  ENTITY_KINDS.map((kind): [Section, readonly string[]] => [
    ENTITY_KIND_SPECS[kind].section,
    ENTITY_KIND_SPECS[kind].graphFields,
  ]),
) as Record<Section, readonly string[]>;

const isObject = (v: unknown): v is EntityRecord => typeof v === "object" && v !== null && !Array.isArray(v);

/** A dotted name reaches into an object. */
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
 * At 1,000 specialists the full lists are megabytes of HTML; this is what the canvas and the status
 * badge need: the errors whole, the warnings as a count per record. `lists[i]` is the list of
 * `kinds[i]`; a section of no kind listed (another generation's) is empty.
 */
export function summarize(lists: readonly ListResponse[], kinds: readonly EntityKind[] = ENTITY_KINDS): OrgSummary {
  const sections = Object.fromEntries(SECTIONS.map((s) => [s, []])) as unknown as OrgSummary["sections"];
  const problems: OrgSummary["problems"] = [];
  const warnings: OrgSummary["warnings"] = {};
  let readOnly = 0;
  let accepted = 0;
  kinds.forEach((kind, i) => {
    const section = ENTITY_KIND_SPECS[kind].section;
    sections[section] = lists[i].items.map((row) => ({
      id: row.id,
      scope: row.scope,
      ...(row.source ? { source: row.source } : {}),
      record: pick(row.record, GRAPH_FIELDS[section]),
    }));
    for (const p of lists[i].errors) {
      if (p.severity === "error") problems.push(p);
      else if (p.accepted !== undefined) accepted++;
      else if (p.fixBy) readOnly++;
      else {
        const key = problemRecord(p.location);
        warnings[key] = (warnings[key] ?? 0) + 1;
      }
    }
  });
  return { sections, problems, warnings, readOnlyWarnings: readOnly, acceptedWarnings: accepted };
}
