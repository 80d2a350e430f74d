import { useMutation } from "@tanstack/react-query";
import { previewRoute, validateRecord } from "@/lib/api/org";
import type { EntityKind, EntityRecord } from "@/schemas/kinds";

/** POSTs that write nothing, so mutations that invalidate nothing. */
export function useRoutePreview() {
  return useMutation({ mutationFn: (description: string) => previewRoute(description) });
}

export function useServerValidation() {
  return useMutation({
    mutationFn: ({ kind, record }: { kind: EntityKind; record: EntityRecord }) => validateRecord(kind, record),
  });
}
