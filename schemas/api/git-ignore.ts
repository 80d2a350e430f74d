import * as z from "zod/mini";
import { fieldErrorSchema } from "../field-error";

/**
 * `GET /api/git-ignore`: whether git ignores the project tier the studio writes, the rule that does
 * it, and the change that would fix it (`diff`, applied with `etag` as If-Match) or why the studio
 * will not make it (`unfixable`, with what to change by hand).
 */
export const gitIgnoreStatusSchema = z.object({
  ignored: z.boolean(),
  /** The project tier, as shown: `.construct/org`. */
  tier: z.string(),
  /** Everything the studio writes that git ignores, as shown: `.construct/org/`, `.construct/packs.json`. */
  hidden: z.array(z.string()),
  file: z.nullable(z.string()),
  line: z.nullable(z.number()),
  pattern: z.nullable(z.string()),
  problem: z.nullable(fieldErrorSchema),
  diff: z.nullable(z.string()),
  etag: z.nullable(z.string()),
  /** Why the studio will not make the change, with what to change by hand; null when it can. */
  unfixable: z.nullable(z.object({ code: z.string(), message: z.string() })),
});
export type GitIgnoreStatus = z.infer<typeof gitIgnoreStatusSchema>;

/** `POST /api/git-ignore/fix`: the diff applied (or, with `?dryRun=1`, that would be) and the status after. */
export const gitIgnoreFixSchema = z.object({
  applied: z.boolean(),
  diff: z.string(),
  status: gitIgnoreStatusSchema,
});
export type GitIgnoreFix = z.infer<typeof gitIgnoreFixSchema>;
