import type { FieldError } from "@/schemas/field-error";

/** The closed set of failures the API reports, each mapped to one HTTP status in `http/error-response.ts`. */
export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "invalid"
  | "not_found"
  | "forbidden"
  | "conflict"
  | "precondition_required"
  | "payload_too_large"
  | "unsupported_media_type"
  | "busy"
  | "storage_full"
  | "read_only"
  | "io"
  /** The concept does not exist in the project's generation of Construct. */
  | "not_in_generation";

const BRAND = Symbol.for("construct-studio.AppError");

export class AppError extends Error {
  /** Recognised across bundles: Next compiles instrumentation and routes as separate module copies. */
  readonly [BRAND] = true;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly current?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

/** Turns a filesystem error into the AppError a user can act on, naming the tier it hit. */
export function ioError(error: unknown, what: string): AppError {
  if (isAppError(error)) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "ENOSPC":
    case "EDQUOT":
    case "EFBIG":
      return new AppError("storage_full", `${what}: the disk is full (${code}); nothing was changed`);
    case "EROFS":
    case "EACCES":
    case "EPERM":
      return new AppError("read_only", `${what}: the directory is read-only (${code}); nothing was changed`);
    default:
      return new AppError("io", `${what}: ${(error as Error)?.message ?? String(error)}`);
  }
}
