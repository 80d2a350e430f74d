import type { z } from "zod";
import { readLimited } from "@/lib/http/read-limited";
import { decodeUtf8, JsonProblem, parseJsonStrict } from "@/lib/json/safe-json";
import type { FieldError } from "@/schemas/field-error";
import { AppError, type AppErrorCode, isAppError } from "../errors";
import { BODY_LIMIT } from "./guards";

/** The one table from failure to HTTP status. */
export const STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
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
};

const NO_STORE = { "Cache-Control": "no-store" };

export function errorResponse(code: AppErrorCode, message: string, errors?: FieldError[], current?: unknown): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (current && typeof current === "object" && "etag" in current)
    headers.ETag = String((current as { etag: string }).etag);
  return Response.json(
    { error: { code, message }, ...(errors?.length ? { errors } : {}), ...(current !== undefined ? { current } : {}) },
    { status: STATUS[code], headers },
  );
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps a route handler: typed failures become their status, anything else a logged 500 without internals. */
export function handle<C>(fn: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await fn(request, context);
    } catch (error) {
      if (isAppError(error)) return errorResponse(error.code, error.message, error.errors, error.current);
      console.error("[construct-studio] unexpected error", error);
      return errorResponse("io", "unexpected server error; see the server log");
    }
  };
}

/** Maps a façade result: `{ ok: false, code }` to its status, anything else to `okStatus`. */
export function respond(
  result: { ok: boolean } & Record<string, unknown>,
  okStatus = 200,
  headers: Record<string, string> = {},
): Response {
  if (result.ok === false) {
    const failure = result as unknown as {
      code: AppErrorCode;
      message: string;
      errors?: FieldError[];
      current?: unknown;
    };
    return errorResponse(failure.code, failure.message, failure.errors, failure.current);
  }
  return Response.json(result, { status: okStatus, headers: { ...NO_STORE, ...headers } });
}

/**
 * Reads a JSON body with a byte limit counted while streaming (a missing or lying Content-Length
 * cannot get past it), strict UTF-8, and the strict parser (no prototype keys, no duplicate keys,
 * bounded depth).
 */
export async function readJson(request: Request, limit = BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new AppError("unsupported_media_type", "send the body as Content-Type: application/json");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError("payload_too_large", `the body is larger than ${limit} bytes`);
  if (!request.body) throw new AppError("bad_request", "the request has no body");
  const bytes = await readLimited(request.body, limit);
  if (!bytes) throw new AppError("payload_too_large", `the body is larger than ${limit} bytes`);
  try {
    return parseJsonStrict(decodeUtf8(bytes));
  } catch (error) {
    if (error instanceof JsonProblem)
      throw new AppError("bad_request", `the body is not acceptable JSON: ${error.message}`);
    throw error;
  }
}

/** Parses a body with its schema; problems come back as FieldErrors located in `#/body`. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String);
    return {
      id: "invalid-body",
      severity: "error",
      message: `${path.join(".") || "body"}: ${issue.message}`,
      location: `#/body${path.map((p) => `/${p}`).join("")}`,
      ...(path.length ? { field: path[path.length - 1] } : {}),
    };
  });
  throw new AppError("bad_request", "the request body does not have the expected shape", errors);
}

export function searchParam(request: Request, name: string): string | null {
  return new URL(request.url).searchParams.get(name);
}
