import { parsePointer } from "@/lib/json/pointer";
import type { FieldError } from "@/schemas/field-error";
import { type EntityKind, KIND_OF, type Section } from "@/schemas/kinds";
import type { OrgIndex } from "./org-index";
import { danglingReferences } from "./validate";

/** A record that names the one being deleted, with what it says about it. */
export type Referrer = { kind: EntityKind; id: string; references: { field: string; message: string }[] };

/**
 * Every record whose reference a removal leaves dangling, in the order the invariants report them, one
 * entry per record. The server refuses a removal on the same references, so the two always agree.
 */
export function referrersOf(ix: OrgIndex, kind: EntityKind, id: string): Referrer[] {
  return groupReferrers(danglingReferences(ix, kind, id));
}

/** Groups dangling-reference problems (or the server's refusal that carries them) by the record they sit on. */
export function groupReferrers(problems: readonly FieldError[]): Referrer[] {
  const byRecord = new Map<string, Referrer>();
  for (const problem of problems) {
    const [section, recordId, ...path] = parsePointer(problem.location);
    const kind = KIND_OF[section as Section];
    if (!kind || !recordId) continue;
    const key = `${kind}:${recordId}`;
    const entry = byRecord.get(key) ?? { kind, id: recordId, references: [] };
    byRecord.set(key, entry);
    // Array indices dropped: `escalationPath`, not `escalationPath.1`.
    entry.references.push({ field: path.filter((p) => !/^\d+$/.test(p)).join("."), message: problem.message });
  }
  return [...byRecord.values()];
}
