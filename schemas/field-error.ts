// zod/mini, not classic: the editor's client parses every response that carries problems with
// these, and classic's chainable methods cannot be tree-shaken (about 40 kB gz in its first load).
// Classic schemas embed these as they are (both build on zod's core).
import * as z from "zod/mini";

/**
 * One validation problem, addressable by a form: `location` is an RFC 6901 pointer
 * `#/<section>/<id>/<path…>`, `field` the leaf field name (for array items, the array's name).
 * `path` names the file on disk when the problem comes from a file.
 */
export const fieldErrorSchema = z.object({
  id: z.string(),
  severity: z.enum(["error", "warning"]),
  message: z.string(),
  location: z.string(),
  field: z.optional(z.string()),
  path: z.optional(z.string()),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;

export const validationResultSchema = z.object({
  ok: z.boolean(),
  errors: z.array(fieldErrorSchema),
  warnings: z.array(fieldErrorSchema),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;
