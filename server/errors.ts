import type { FieldError } from "@/schemas/field-error";

/** The closed set of failures the API reports, each mapped to one HTTP status in `http/handle.ts`. */
export type AppErrorCode =
  | "bad_request"
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
  | "io";

export class AppError extends Error {
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

/** Turns a filesystem error into the AppError a user can act on, naming the tier it hit. */
export function ioError(error: unknown, what: string): AppError {
  if (error instanceof AppError) return error;
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
