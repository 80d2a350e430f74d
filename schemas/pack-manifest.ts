import semver from "semver";
import { z } from "zod";

/** Pack ids are slugs that may carry an npm-like scope: `research-pack`, `@myorg/research-pack`. */
export const PACK_ID_PATTERN = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]{0,99}$/;

/** A path inside a pack: relative, forward slashes, no `.`/`..` segments, no scheme or drive. */
export const PACK_PATH_PATTERN =
  /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_@][A-Za-z0-9_.@-]*(?:\/[A-Za-z0-9_@][A-Za-z0-9_.@-]*)*$/;

const packPath = (what: string) =>
  z
    .string()
    .refine((p) => PACK_PATH_PATTERN.test(p), {
      error: (iss) =>
        `${what} ${JSON.stringify(iss.input)} must be a relative path inside the pack (no "..", no absolute path)`,
    });

/**
 * `pack.manifest.json` (ADR-0055). Only `id`, `version` and `compatVersion` are required;
 * unknown fields are kept and ignored so newer packs still load.
 */
export const packManifestSchema = z.looseObject({
  id: z
    .string({ error: "missing required field: id" })
    .regex(PACK_ID_PATTERN, { error: (iss) => `id must match ${PACK_ID_PATTERN} (got ${JSON.stringify(iss.input)})` }),
  version: z
    .string({ error: "missing required field: version" })
    .refine((v) => semver.valid(v) !== null, {
      error: (iss) => `version must be a semver version such as 1.2.0 (got ${JSON.stringify(iss.input)})`,
    }),
  compatVersion: z
    .string({
      error: 'missing required field: compatVersion (a semver range of compatible core versions, e.g. "^0.1.0")',
    })
    .refine((r) => r.trim() !== "" && semver.validRange(r) !== null, {
      error: (iss) => `compatVersion must be a semver range such as "^1.0.0" (got ${JSON.stringify(iss.input)})`,
    }),
  teams: z.array(z.string()).optional(),
  specialists: z.array(z.string()).optional(),
  prompts: z.record(z.string(), packPath("prompt path")).optional(),
  perspectives: z.array(z.string()).optional(),
  workflowContributions: z.array(z.string()).optional(),
  docs: z.string().optional(),
  deprecation: z
    .object(
      {
        since: z.string({ error: "deprecation must include 'since'" }),
        message: z.string({ error: "deprecation must include 'message'" }),
        replacement: z.string().optional(),
      },
      { error: "deprecation must be an object { since, message, replacement? }" },
    )
    .optional(),
});
export type PackManifest = z.infer<typeof packManifestSchema>;

export const PACK_TIERS = ["user", "project"] as const;
export type PackTier = (typeof PACK_TIERS)[number];

export const DEPLOYMENT_MODES = ["solo", "team", "enterprise"] as const;
export type DeploymentMode = (typeof DEPLOYMENT_MODES)[number];

/** `<proj>/packs.json`: which packs are enabled, in the order they take precedence (later wins). */
export const packsFileSchema = z.object({
  version: z.literal(1).default(1),
  enabled: z.record(z.string(), z.object({ enabledAt: z.string().optional() }).loose()).default({}),
});
export type PacksFile = z.infer<typeof packsFileSchema>;

export const packRowSchema = z.object({
  id: z.string(),
  version: z.string().nullable(),
  tier: z.enum(PACK_TIERS),
  path: z.string(),
  enabled: z.boolean(),
  compat: z.object({ range: z.string().nullable(), core: z.string(), ok: z.boolean() }),
  contributes: z.object({
    teams: z.array(z.string()),
    specialists: z.array(z.string()),
    contracts: z.array(z.string()),
    prompts: z.array(z.string()),
    workflows: z.array(z.string()),
  }),
  shadowedBy: z.string().nullable(),
  deprecation: z.object({ since: z.string(), message: z.string(), replacement: z.string().optional() }).nullable(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type PackRow = z.infer<typeof packRowSchema>;
