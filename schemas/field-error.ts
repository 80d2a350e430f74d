import { z } from "zod";

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
  field: z.string().optional(),
  path: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;

export const validationResultSchema = z.object({
  ok: z.boolean(),
  errors: z.array(fieldErrorSchema),
  warnings: z.array(fieldErrorSchema),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;
