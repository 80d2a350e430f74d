import type { FieldError } from "@/schemas/field-error";
import type { AppErrorCode } from "../errors";

// Imports no Node built-in, so the request guard in `proxy.ts` shares it with `handle()`.
export const STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  invalid: 422,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  precondition_required: 428,
  payload_too_large: 413,
  unsupported_media_type: 415,
  busy: 503,
  storage_full: 507,
  read_only: 507,
  io: 500,
  not_in_generation: 404,
};

export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A `current` with an etag sends it as ETag. */
export function errorResponse(code: AppErrorCode, message: string, errors?: FieldError[], current?: unknown): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (current && typeof current === "object" && "etag" in current)
    headers.ETag = String((current as { etag: string }).etag);
  return Response.json(
    { error: { code, message }, ...(errors?.length ? { errors } : {}), ...(current !== undefined ? { current } : {}) },
    { status: STATUS[code], headers },
  );
}
