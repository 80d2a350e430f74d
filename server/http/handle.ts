import type { z } from "zod";
import { readLimited } from "@/lib/http/read-limited";
import { buildPointer } from "@/lib/json/pointer";
import { decodeUtf8, JsonProblem, parseJsonStrict } from "@/lib/json/safe-json";
import type { FieldError } from "@/schemas/field-error";
import { AppError, isAppError } from "../errors";
import { errorResponse, NO_STORE } from "./error-response";
import { BODY_LIMIT } from "./guards";

export { errorResponse, STATUS } from "./error-response";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** The one place an error becomes a status: an AppError its code's, anything else a logged 500 without internals. */
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

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/** The byte limit is counted while streaming, so a missing or lying Content-Length cannot get past it. */
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

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String);
    return {
      id: "invalid-body",
      severity: "error",
      message: `${path.join(".") || "body"}: ${issue.message}`,
      // RFC 6901: a key holding `/` or `~` is escaped, so the pointer names that one key.
      location: buildPointer("body", ...path),
      ...(path.length ? { field: path[path.length - 1] } : {}),
    };
  });
  throw new AppError("bad_request", "the request body does not have the expected shape", errors);
}

export function searchParam(request: Request, name: string): string | null {
  return new URL(request.url).searchParams.get(name);
}
