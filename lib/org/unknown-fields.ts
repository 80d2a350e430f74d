import { nearestName } from "@/lib/text/nearest";
import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, SECTION_OF } from "@/schemas/kinds";
import { fieldError } from "./field-error";
import { CANONICAL_KEYS } from "./key-order";

/** Unknown fields are kept on save, never dropped; the warning names the field a typo likely meant. */
export function unknownFields(kind: EntityKind, id: string, record: Record<string, unknown>): FieldError[] {
  const known = CANONICAL_KEYS[kind];
  const out: FieldError[] = [];
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    const near = nearestName(key, known);
    const hint = near ? `; did you mean "${near}"?` : "; it is kept as it is on save";
    out.push(
      fieldError("unknown-field", "warning", `${kind} ${id}: unknown field "${key}"${hint}`, SECTION_OF[kind], id, [
        key,
      ]),
    );
  }
  return out;
}
