import type { $ZodType, output } from "zod/v4/core";
import { ApiError } from "./api/error";

export { ApiError } from "./api/error";

export type ApiResponse<T> = { data: T; etag: string | null };

/** A loader keeps zod (~30 kB gz) off the editor's first load: it arrives with the first parse. */
export type SchemaOf<S extends $ZodType> = S | (() => Promise<S>);

export type ApiInit = { method?: string; body?: unknown; ifMatch?: string; signal?: AbortSignal };

/** Every answer is parsed, so a wrong shape fails here, named by route, not somewhere in the UI. */
export async function apiFetch<S extends $ZodType>(
  path: string,
  schema: SchemaOf<S>,
  init: ApiInit = {},
): Promise<ApiResponse<output<S>>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.ifMatch) headers["If-Match"] = init.ifMatch;
  const method = init.method ?? "GET";
  const response = await fetch(path, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    cache: "no-store",
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const { safeParse, apiErrorBodySchema } = await import("./api/parse");
  if (!response.ok) {
    const body = safeParse(apiErrorBodySchema, json);
    if (!body.success) throw new ApiError(response.status, "error", `${response.status} ${response.statusText}`);
    throw new ApiError(
      response.status,
      body.data.error.code,
      body.data.error.message,
      body.data.errors ?? [],
      body.data.current ?? undefined,
    );
  }
  const parsed = safeParse(typeof schema === "function" ? await schema() : schema, json);
  if (!parsed.success)
    throw new ApiError(
      response.status,
      "bad-response",
      `${method} ${path.split("?")[0]} answered in an unexpected shape: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
        .join("; ")}`,
    );
  return { data: parsed.data, etag: response.headers.get("etag") };
}
