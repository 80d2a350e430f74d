import { entityPath } from "@/lib/org/field-error";
import type { FieldError } from "@/schemas/field-error";

/** The dotted form path (`fence.allowedPaths.1`) a FieldError points at inside its entity. */
export function formPath(error: FieldError): string {
  return entityPath(error.location).join(".");
}

/** Problems for one input: those at its path, and (for a list) at any of its items. */
export function errorsAt(errors: readonly FieldError[], path: string): FieldError[] {
  return errors.filter((e) => {
    const p = formPath(e);
    return p === path || p.startsWith(`${path}.`) || (!p && e.field === path);
  });
}
