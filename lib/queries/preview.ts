import { useMutation } from "@tanstack/react-query";
import { previewRoute, validateRecord } from "@/lib/api/org";
import type { EntityKind, EntityRecord } from "@/schemas/kinds";

/**
 * Read-only questions the editor asks the server about a draft or a task. POSTs that write
 * nothing, so mutations that invalidate nothing: each answer belongs to the draft it was asked for.
 */
export function useRoutePreview() {
  return useMutation({ mutationFn: (description: string) => previewRoute(description) });
}

/** The server's verdict on a draft: every rule, with packs and files the browser does not see. */
export function useServerValidation() {
  return useMutation({
    mutationFn: ({ kind, record }: { kind: EntityKind; record: EntityRecord }) => validateRecord(kind, record),
  });
}
