import { parsePointer } from "@/lib/json/pointer";
import { ENTITY_KINDS, type EntityKind, KIND_OF, SECTIONS, type Section } from "@/schemas/kinds";

/** What `/?open=<section>/<id>` (or `<kind>/<id>`) asks the editor to open, with an optional field. */
export type OpenRequest = { kind: EntityKind; id: string; field?: string };

/**
 * Reads the editor's `open` (and `field`) query parameters: `contracts/<id>` or `contract/<id>`,
 * the id may itself hold no slash. Anything else is ignored (null), never guessed at.
 */
export function parseOpenParam(search: string): OpenRequest | null {
  const params = new URLSearchParams(search);
  const open = params.get("open");
  if (!open) return null;
  const slash = open.indexOf("/");
  if (slash <= 0 || slash === open.length - 1) return null;
  const head = open.slice(0, slash);
  const id = open.slice(slash + 1);
  if (id.includes("/")) return null;
  const kind = (SECTIONS as readonly string[]).includes(head)
    ? KIND_OF[head as Section]
    : (ENTITY_KINDS as readonly string[]).includes(head)
      ? (head as EntityKind)
      : null;
  if (!kind) return null;
  const field = params.get("field");
  return field ? { kind, id, field } : { kind, id };
}

/** The editor link that opens a record (and a field of it): what `/list` rows point at. */
export function openHref(section: Section, id: string, field?: string): string {
  const params = new URLSearchParams({ open: `${section}/${id}` });
  if (field) params.set("field", field);
  return `/?${params.toString()}`;
}

/**
 * The form paths (`data-field` of a form's inputs: dotted, array items by index) a problem's
 * pointer may be shown at, most precise first: `#/contracts/c/postconditions/0/check` gives
 * `postconditions.0.check`, `postconditions.0`, `postconditions`. A list edited as chips has one
 * input for all its items, so the shorter paths find it.
 */
export function fieldCandidates(location: string): string[] {
  const segments = parsePointer(location).slice(2);
  const out: string[] = [];
  for (let n = segments.length; n > 0; n--) out.push(segments.slice(0, n).join("."));
  return out;
}

/** The record a problem's pointer names (`#/<section>/<id>/…`), or null for a pointer outside any record. */
export function recordOfPointer(location: string): { section: Section; kind: EntityKind; id: string } | null {
  const [section, id] = parsePointer(location);
  if (!section || !id || !(SECTIONS as readonly string[]).includes(section)) return null;
  return { section: section as Section, kind: KIND_OF[section as Section], id };
}

/** The form paths a dotted `field` parameter may be shown at, most precise first (see fieldCandidates). */
export function fieldPrefixes(field: string): string[] {
  const parts = field.split(".").filter(Boolean);
  return parts.map((_, i) => parts.slice(0, parts.length - i).join("."));
}
