import { useMutation, useQueryClient } from "@tanstack/react-query";
import { putPositions } from "@/lib/api/layout";
import type { Position } from "@/lib/graph/geometry";
import { orgKeys } from "./org";

/**
 * Saves dragged positions. Not invalidated after: the canvas keeps what was dragged in this
 * session on top of the layout query, so a refetch would only move nothing.
 */
export function useSavePositions() {
  return useMutation({ mutationFn: (moved: Record<string, Position>) => putPositions(moved) });
}

/** Forgets the saved positions of `ids` (back to the automatic layout) and refetches the layout. */
export function useForgetPositions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => putPositions(Object.fromEntries(ids.map((id) => [id, null]))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.layout }),
  });
}
