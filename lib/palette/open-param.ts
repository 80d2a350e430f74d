import { parsePointer } from "@/lib/json/pointer";
import { ENTITY_KINDS, type EntityKind, KIND_OF, SECTIONS, type Section } from "@/schemas/kinds";

export type OpenRequest = { kind: EntityKind; id: string; field?: string };

/** Anything else is ignored (null), never guessed at. */
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

export function openHref(section: Section, id: string, field?: string): string {
  const params = new URLSearchParams({ open: `${section}/${id}` });
  if (field) params.set("field", field);
  return `/?${params.toString()}`;
}

/** Most precise first: a list edited as chips has one input for all its items. */
export function fieldCandidates(location: string): string[] {
  const segments = parsePointer(location).slice(2);
  const out: string[] = [];
  for (let n = segments.length; n > 0; n--) out.push(segments.slice(0, n).join("."));
  return out;
}

export function recordOfPointer(location: string): { section: Section; kind: EntityKind; id: string } | null {
  const [section, id] = parsePointer(location);
  if (!section || !id || !(SECTIONS as readonly string[]).includes(section)) return null;
  return { section: section as Section, kind: KIND_OF[section as Section], id };
}

export function fieldPrefixes(field: string): string[] {
  const parts = field.split(".").filter(Boolean);
  return parts.map((_, i) => parts.slice(0, parts.length - i).join("."));
}
