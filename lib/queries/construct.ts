import { useMutation, useQueryClient } from "@tanstack/react-query";
import { trustConstruct } from "@/lib/api/construct";
import { orgKeys } from "./org-keys";

/** Trusting changes which validator answers, so every problem is asked for again. */
export function useTrustConstruct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trustConstruct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
