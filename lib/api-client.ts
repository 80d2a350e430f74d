import type { FieldError } from "@/schemas/field-error";

/** A failed API call, turned back into the typed error the server sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly current?: { record: Record<string, unknown>; etag: string },
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type ApiResponse<T> = { data: T; etag: string | null };

/** The one place the browser talks to the API: JSON in and out, errors as `ApiError`. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; ifMatch?: string; signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.ifMatch) headers["If-Match"] = init.ifMatch;
  const response = await fetch(path, {
    method: init.method ?? "GET",
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
  if (!response.ok) {
    const body = (json ?? {}) as {
      error?: { code?: string; message?: string };
      errors?: FieldError[];
      current?: ApiError["current"];
    };
    throw new ApiError(
      response.status,
      body.error?.code ?? "error",
      body.error?.message ?? `${response.status} ${response.statusText}`,
      body.errors ?? [],
      body.current,
    );
  }
  return { data: json as T, etag: response.headers.get("etag") };
}
