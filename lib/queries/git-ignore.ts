import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { fixGitIgnore, getGitIgnore } from "@/lib/api/git-ignore";
import { orgKeys } from "./org";

/** Under "org", so a change on disk (the ignore file included) asks again. */
export const gitIgnoreKey = ["org", "git-ignore"] as const;

export const gitIgnoreQuery = () =>
  queryOptions({ queryKey: gitIgnoreKey, queryFn: ({ signal }) => getGitIgnore(signal), retry: false });

export function useFixGitIgnore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (etag: string) => fixGitIgnore(etag),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
