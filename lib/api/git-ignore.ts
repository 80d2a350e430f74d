import { apiFetch } from "@/lib/api-client";

// The schemas come with the shared parse chunk, which the editor loads after first paint anyway.
const statusSchema = async () => (await import("./parse")).gitIgnoreStatusSchema;
const fixSchema = async () => (await import("./parse")).gitIgnoreFixSchema;

export async function getGitIgnore(signal?: AbortSignal) {
  return (await apiFetch("/api/git-ignore", statusSchema, { signal })).data;
}

/** Applies the diff previewed at version `etag`; a 409 carries the current status as `current.record`. */
export async function fixGitIgnore(etag: string) {
  return (await apiFetch("/api/git-ignore/fix", fixSchema, { method: "POST", body: {}, ifMatch: etag })).data;
}
