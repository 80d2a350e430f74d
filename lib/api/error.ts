import type { FieldError } from "@/schemas/field-error";

/**
 * A failed API call, turned back into the typed error the server sent. Apart from the fetcher so
 * a component can tell a 409 from a 422 without loading the response schemas.
 */
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
