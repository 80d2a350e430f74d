import type { EntityRecord } from "@/schemas/org";
import type { FieldDiff } from "@/schemas/plan";

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!(k in b) || !deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** Field-level differences of two records; lists of scalars as items added and removed. */
export function diffRecords(before: EntityRecord, after: EntityRecord, prefix = ""): FieldDiff[] {
  const out: FieldDiff[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    if (!prefix && key === "id") continue;
    const a = before[key];
    const b = after[key];
    if (deepEqual(a, b)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    if (isObject(a) && isObject(b)) {
      out.push(...diffRecords(a, b, field));
    } else if (Array.isArray(a) && Array.isArray(b) && a.every(isScalar) && b.every(isScalar)) {
      const added = b.filter((x) => !a.includes(x));
      const removed = a.filter((x) => !b.includes(x));
      // Same items in another order: the order is the change.
      if (!added.length && !removed.length) out.push({ field, before: a, after: b });
      else out.push({ field, ...(added.length ? { added } : {}), ...(removed.length ? { removed } : {}) });
    } else {
      out.push({ field, ...(a !== undefined ? { before: a } : {}), ...(b !== undefined ? { after: b } : {}) });
    }
  }
  return out;
}
