import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fixGitIgnore } from "@/lib/api/git-ignore";
import { orgKeys } from "./org-keys";

/** Apart from the warning's query: only the fix dialog, loaded on first use, writes. */
export function useFixGitIgnore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (etag: string) => fixGitIgnore(etag),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
