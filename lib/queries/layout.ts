import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { putCollapsed, putPositions } from "@/lib/api/layout";
import type { Position } from "@/lib/graph/geometry";
import type { Layout } from "@/schemas/graph";
import { orgKeys } from "./org";

// One mutation scope, so quick folds reach the file in click order, the last one winning.
const scope = { id: "studio-layout" };

/** `null` forgets a position. */
export function withPositions(layout: Layout, changed: Record<string, Position | null>): Layout {
  const positions = { ...layout.positions };
  for (const [id, position] of Object.entries(changed)) {
    if (position) positions[id] = position;
    else delete positions[id];
  }
  return { ...layout, positions };
}

/**
 * The layout query shows a move at once and is never refetched for it: the answer of an earlier
 * save would put back a box dragged again since.
 */
export function useSavePositions() {
  const queryClient = useQueryClient();
  const show = useCallback(
    (changed: Record<string, Position | null>) =>
      queryClient.setQueryData<Layout>(orgKeys.layout, (layout) =>
        withPositions(layout ?? { version: 1, positions: {} }, changed),
      ),
    [queryClient],
  );
  const { mutateAsync } = useMutation({
    scope,
    mutationFn: (changed: Record<string, Position | null>) => putPositions(changed),
  });
  return useCallback(
    (changed: Record<string, Position | null>) => {
      show(changed);
      return mutateAsync(changed);
    },
    [show, mutateAsync],
  );
}

/** The answer's folds become the layout query's; its positions may predate a move still being saved. */
export function useSaveCollapsed() {
  const queryClient = useQueryClient();
  return useMutation({
    scope,
    mutationFn: (collapsed: readonly string[]) => putCollapsed(collapsed),
    onSuccess: (answer) =>
      queryClient.setQueryData<Layout>(orgKeys.layout, (layout) =>
        layout ? { ...layout, collapsed: answer.collapsed } : answer,
      ),
  });
}
