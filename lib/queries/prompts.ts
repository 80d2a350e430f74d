import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { getPrompt, savePrompt } from "@/lib/api/prompts";

/** Not under "org": a prompt file is not an org record, and an open editor must not be refetched under the user. */
export const promptKeys = {
  all: ["prompt"] as const,
  one: (specialistId: string) => ["prompt", specialistId] as const,
};

export const promptQuery = (specialistId: string) =>
  queryOptions({
    queryKey: promptKeys.one(specialistId),
    queryFn: ({ signal }) => getPrompt(specialistId, signal),
    retry: false,
  });

/** Saves the project override over the version the user edited (409 when the file moved on). */
export function useSavePrompt(specialistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, etag }: { content: string; etag: string }) => savePrompt(specialistId, content, etag),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.one(specialistId) }),
  });
}
