import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { entityPath } from "@/lib/org/field-error";
import type { FieldError } from "@/schemas/field-error";

export type TextMarker = { offset: number; length: number; message: string; severity: "error" | "warning"; source: string };

/**
 * Where in a record's JSON text each FieldError belongs: the value its pointer names, or the
 * closest existing ancestor (a missing field marks the object that lacks it).
 */
export function markersFor(text: string, problems: readonly FieldError[]): TextMarker[] {
  const root = parseTree(text);
  if (!root) return [];
  return problems.map((p) => {
    const path = entityPath(p.location).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    let node = undefined;
    for (let depth = path.length; depth >= 0 && !node; depth--) node = findNodeAtLocation(root, path.slice(0, depth));
    const target = node ?? root;
    // Mark the property name too when the value is an object, so the squiggle is visible.
    const start = target.parent?.type === "property" && target.type === "object" ? target.parent.offset : target.offset;
    const length = target.type === "object" || target.type === "array" ? Math.min(target.length, 1) : target.length;
    return { offset: start, length: Math.max(length, 1), message: p.message, severity: p.severity, source: p.id };
  });
}
