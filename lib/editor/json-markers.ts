import { type Node, parseTree } from "jsonc-parser";
import { entityPath } from "@/lib/org/field-error";
import type { FieldError } from "@/schemas/field-error";

export type TextMarker = {
  offset: number;
  length: number;
  message: string;
  severity: "error" | "warning";
  source: string;
};

export function markersFor(text: string, problems: readonly FieldError[]): TextMarker[] {
  const root = parseTree(text);
  if (!root) return [];
  return problems.map((p) => {
    const target = deepest(root, entityPath(p.location));
    // A missing field marks its parent object at the property name, where the eye looks.
    const key =
      target.type === "object" && target.parent?.type === "property" ? target.parent.children?.[0] : undefined;
    const start = key ? key.offset : target.offset;
    const length = key ? key.length : target.type === "object" || target.type === "array" ? 1 : target.length;
    return { offset: start, length: Math.max(length, 1), message: p.message, severity: p.severity, source: p.id };
  });
}

/** Digits index arrays only. */
function deepest(root: Node, segments: string[]): Node {
  let node = root;
  for (const segment of segments) {
    let next: Node | undefined;
    if (node.type === "array" && /^\d+$/.test(segment)) next = node.children?.[Number(segment)];
    else if (node.type === "object")
      next = node.children?.find((prop) => prop.children?.[0]?.value === segment)?.children?.[1];
    if (!next) break;
    node = next;
  }
  return node;
}
