import * as z from "zod/mini";
import { fieldErrorSchema } from "../field-error";
import { entityRecordSchema } from "./records";

/** Every failed API response; after a 409, `current` is the record on disk, to rebase onto. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  errors: z.optional(z.array(fieldErrorSchema)),
  current: z.optional(z.nullable(z.object({ record: entityRecordSchema, etag: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
