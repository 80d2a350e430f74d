import { useMutation, useQueryClient } from "@tanstack/react-query";
import { putCollapsed, putPositions } from "@/lib/api/layout";
import type { Position } from "@/lib/graph/geometry";
import { orgKeys } from "./org";

/**
 * Every write of `studio/layout.json` runs after the one before it (one mutation scope): two
 * folds clicked quickly must reach the file in the order they were clicked, the last one winning.
 */
const scope = { id: "studio-layout" };

/**
 * Saves dragged positions. Not invalidated after: the canvas keeps what was dragged in this
 * session on top of the layout query, so a refetch would only move nothing.
 */
export function useSavePositions() {
  return useMutation({ scope, mutationFn: (moved: Record<string, Position>) => putPositions(moved) });
}

/** Forgets the saved positions of `ids` (back to the automatic layout) and refetches the layout. */
export function useForgetPositions() {
  const queryClient = useQueryClient();
  return useMutation({
    scope,
    mutationFn: (ids: readonly string[]) => putPositions(Object.fromEntries(ids.map((id) => [id, null]))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.layout }),
  });
}

/**
 * Saves the folded teams and groups. The answer becomes the layout query's data, so a remount
 * (or a fold before the next page load) starts from what the file now says.
 */
export function useSaveCollapsed() {
  const queryClient = useQueryClient();
  return useMutation({
    scope,
    mutationFn: (collapsed: readonly string[]) => putCollapsed(collapsed),
    onSuccess: (layout) => queryClient.setQueryData(orgKeys.layout, layout),
  });
}
