import { z } from "zod";

/**
 * The Construct a project runs on, as `/api/health` and the trust route report it: the generation the
 * studio edits, the package found, and whether its own code may run (trust, see docs/rules.md).
 */
export const constructStatusSchema = z.object({
  generation: z.enum(["adr", "2"]),
  version: z.string().nullable(),
  source: z.enum(["env", "project", "path", "none"]),
  trusted: z.boolean(),
  readOnly: z.boolean(),
  /** Why the package is trusted or not, with the fix. */
  trust: z.string(),
});
export type ConstructStatus = z.infer<typeof constructStatusSchema>;

export const trustBodySchema = z.strictObject({ revoke: z.boolean().optional() });
