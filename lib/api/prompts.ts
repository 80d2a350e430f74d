import { apiFetch } from "@/lib/api-client";
import { type Prompt, promptSchema } from "@/schemas/api/prompts";

const promptUrl = (specialistId: string) => `/api/prompts/${encodeURIComponent(specialistId)}`;

export async function getPrompt(specialistId: string, signal?: AbortSignal): Promise<Prompt> {
  return (await apiFetch(promptUrl(specialistId), promptSchema, { signal })).data;
}

/** Writes the project override over the version `etag` the user edited. */
export async function savePrompt(specialistId: string, content: string, etag: string): Promise<Prompt> {
  return (await apiFetch(promptUrl(specialistId), promptSchema, { method: "PUT", body: { content }, ifMatch: etag }))
    .data;
}
