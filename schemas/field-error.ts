// zod/mini: the editor's client parses problems with these, and classic zod cannot be tree-shaken (about 40 kB gz).
import * as z from "zod/mini";

/** `location` is an RFC 6901 pointer `#/<section>/<id>/<path…>`; `field` the leaf (an array item's array). */
export const fieldErrorSchema = z.object({
  id: z.string(),
  severity: z.enum(["error", "warning"]),
  message: z.string(),
  location: z.string(),
  field: z.optional(z.string()),
  path: z.optional(z.string()),
  /**
   * Who can fix it, when the record sits in a tier the studio never writes (Construct's own files, a
   * pack's): such a warning is shown apart and does not count against the project.
   */
  fixBy: z.optional(z.string()),
  /** Why the project accepts this warning (its entry in `studio/accepted.json`): shown apart, not counted. */
  accepted: z.optional(z.string()),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Which validator answered for a Construct 2.x project: the installed package's own (`construct`,
 * when the package is trusted) or the studio's restatement of its rules.
 */
export const checkedBySchema = z.object({
  by: z.enum(["construct", "studio"]),
  version: z.nullable(z.string()),
  message: z.string(),
});
export type CheckedBy = z.infer<typeof checkedBySchema>;

export const validationResultSchema = z.object({
  ok: z.boolean(),
  errors: z.array(fieldErrorSchema),
  warnings: z.array(fieldErrorSchema),
  checkedBy: z.optional(checkedBySchema),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;
