import * as z from "zod/mini";

/** `GET`/`PUT /api/prompts/<id>`: the prompt a specialist runs with, where it comes from, and its version. */
export const promptSchema = z.object({
  ok: z.literal(true),
  specialistId: z.string(),
  /** The pack id, `project` or `builtin`; `fallback` when nothing was found and solo mode allows it. */
  source: z.string(),
  path: z.nullable(z.string()),
  degraded: z.boolean(),
  warnings: z.array(z.string()),
  content: z.string(),
  /** The deployment mode it was resolved in (`DEPLOYMENT_MODES`); a string here, so this module stays off semver. */
  mode: z.string(),
  etag: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;
