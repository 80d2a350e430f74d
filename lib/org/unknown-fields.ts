import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, SECTION_OF } from "@/schemas/kinds";
import { fieldError } from "./field-error";
import { CANONICAL_KEYS } from "./key-order";

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** Unknown fields are kept on save, never dropped; the warning names the field a typo likely meant. */
export function unknownFields(kind: EntityKind, id: string, record: Record<string, unknown>): FieldError[] {
  const known = CANONICAL_KEYS[kind];
  const out: FieldError[] = [];
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    const near = known.find((k) => distance(k.toLowerCase(), key.toLowerCase()) <= Math.min(2, k.length >> 2));
    const hint = near ? `; did you mean "${near}"?` : "; it is kept as it is on save";
    out.push(
      fieldError("unknown-field", "warning", `${kind} ${id}: unknown field "${key}"${hint}`, SECTION_OF[kind], id, [
        key,
      ]),
    );
  }
  return out;
}
