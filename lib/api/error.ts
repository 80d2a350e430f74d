import type { FieldError } from "@/schemas/field-error";

/** Apart from the fetcher, so a component can tell a 409 from a 422 without loading schemas. */
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
