import { queryOptions } from "@tanstack/react-query";
import { getGitIgnore } from "@/lib/api/git-ignore";

/** Under "org", so a change on disk (the ignore file included) asks again. */
export const gitIgnoreKey = ["org", "git-ignore"] as const;

export const gitIgnoreQuery = () =>
  queryOptions({ queryKey: gitIgnoreKey, queryFn: ({ signal }) => getGitIgnore(signal), retry: false });
