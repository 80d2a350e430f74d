import * as z from "zod/mini";
import { fieldErrorSchema } from "../field-error";
import { entityRecordSchema } from "./records";

/**
 * The body of every failed API response: `error.code` says what kind of failure, `errors` the
 * field problems of a refused write, `current` the record as it is now after a 409 (what to
 * rebase onto).
 */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  errors: z.optional(z.array(fieldErrorSchema)),
  current: z.optional(z.nullable(z.object({ record: entityRecordSchema, etag: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
