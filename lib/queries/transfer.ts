import { useMutation, useQueryClient } from "@tanstack/react-query";
import { importOrg } from "@/lib/api/org";
import { noteOwnAdd, takeOwnAdd } from "@/lib/editor/own-adds";
import type { ImportMode } from "@/schemas/api/org";
import type { WritableScope } from "@/schemas/kinds";
import { orgKeys } from "./org-keys";

/** Where the browser downloads a tier's export from (a link, not a fetch). */
export const exportHref = (scope: WritableScope) => `/api/org/export?${new URLSearchParams({ scope })}`;

/** Import of an exported tier: a dry run says what it would write; an applied one refetches the org. */
export function useImportOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      payload,
      scope,
      dryRun,
      modes,
    }: {
      payload: unknown;
      scope: WritableScope;
      dryRun: boolean;
      modes?: Readonly<Record<string, ImportMode>>;
    }) => {
      // Noted before the write: the org's change can reach the canvas before the answer does.
      if (!dryRun) noteOwnAdd();
      return importOrg(payload, scope, dryRun, modes).catch((e: unknown) => {
        if (!dryRun) takeOwnAdd();
        throw e;
      });
    },
    onSettled: (_result, _error, { dryRun }) =>
      dryRun ? undefined : queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
