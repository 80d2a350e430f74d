import { useMutation, useQueryClient } from "@tanstack/react-query";
import { putCollapsed, putPositions } from "@/lib/api/layout";
import type { Position } from "@/lib/graph/geometry";
import { orgKeys } from "./org-keys";

// One mutation scope, so quick folds reach the file in click order, the last one winning.
const scope = { id: "studio-layout" };

/** Not invalidated: the canvas keeps this session's drags on top, so a refetch would move nothing. */
export function useSavePositions() {
  return useMutation({ scope, mutationFn: (moved: Record<string, Position>) => putPositions(moved) });
}

export function useForgetPositions() {
  const queryClient = useQueryClient();
  return useMutation({
    scope,
    mutationFn: (ids: readonly string[]) => putPositions(Object.fromEntries(ids.map((id) => [id, null]))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.layout }),
  });
}

/** The answer becomes the layout query's data, so a remount starts from what the file says. */
export function useSaveCollapsed() {
  const queryClient = useQueryClient();
  return useMutation({
    scope,
    mutationFn: (collapsed: readonly string[]) => putCollapsed(collapsed),
    onSuccess: (layout) => queryClient.setQueryData(orgKeys.layout, layout),
  });
}
