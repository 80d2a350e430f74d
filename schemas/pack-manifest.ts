import semver from "semver";
import { z } from "zod";

/**
 /** A slug with an optional npm-like scope (`@myorg/research-pack`), in Construct's id grammar, confined. */
export const PACK_ID_PATTERN = /^(?:@[a-z0-9][a-z0-9.-]*\/)?[a-z0-9][a-z0-9.-]{0,99}$/;

/** Strict semver: no `v` prefix, no leading zeros (semver.valid alone strips a `v`). */
const STRICT_SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const isStrictSemver = (v: string) => STRICT_SEMVER.test(v);

/** Provider ids Construct's built-in extension manifests declare; embedBindings may name only these. */
export const EMBED_BINDING_PROVIDERS = [
  "atlassian-jira",
  "atlassian-confluence",
  "github",
  "slack",
  "directory",
  "feedback",
  "git",
  "linear",
  "salesforce",
] as const;
const knownProvider = new Set<string>(EMBED_BINDING_PROVIDERS);

const providerBinding = z.strictObject(
  {
    id: z
      .string({ error: "id must be a non-empty string" })
      .min(1, { error: "id must be a non-empty string" })
      .refine((p) => knownProvider.has(p), {
        error: (iss) =>
          `id references unknown provider ${JSON.stringify(iss.input)} (no extension manifest declares this id)`,
      }),
    capabilities: z
      .array(
        z.enum(["read", "search"], {
          error: (iss) => `${JSON.stringify(iss.input)} is not a recognized embed capability (allowed: read, search)`,
        }),
        { error: "capabilities must be a non-empty array" },
      )
      .min(1, { error: "capabilities must be a non-empty array" }),
    filters: z.unknown().optional(),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `${iss.keys.join(", ")} is not a recognized provider binding field (allowed: id, capabilities, filters)`
        : "must be an object",
  },
);

/** `embedBindings` keyed by specialist id, as Construct validates it. */
export const embedBindingsSchema = z.record(
  z.string(),
  z
    .strictObject(
      {
        providers: z.array(providerBinding, { error: "providers must be an array" }).optional(),
        proposals: z
          .array(
            z
              .string()
              .regex(/^[a-z0-9-]+\.[a-zA-Z0-9]+$/, {
                error: (iss) => `proposal ${JSON.stringify(iss.input)} must be "<providerId>.<writeKind>"`,
              })
              .refine((p) => knownProvider.has(p.split(".")[0]), {
                error: (iss) => `proposal ${JSON.stringify(iss.input)} names an unknown provider`,
              }),
            { error: "proposals must be an array" },
          )
          .optional(),
      },
      {
        error: (iss) =>
          iss.code === "unrecognized_keys"
            ? `${iss.keys.join(", ")} is not a recognized embedBindings field (allowed: providers, proposals)`
            : "must be an object",
      },
    )
    .superRefine((binding, ctx) => {
      const bound = (binding.providers ?? []).map((p) => p.id);
      if (!bound.length) return;
      (binding.proposals ?? []).forEach((proposal, i) => {
        if (!bound.includes(proposal.split(".")[0]))
          ctx.addIssue({
            code: "custom",
            path: ["proposals", i],
            message: `proposal ${JSON.stringify(proposal)} names a provider this binding does not bind (${bound.join(", ")})`,
          });
      });
    }),
  { error: "embedBindings must be an object keyed by worker profile id" },
);

/** A path inside a pack: relative, forward slashes, no `.`/`..` segments, no scheme or drive. */
export const PACK_PATH_PATTERN =
  /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_@][A-Za-z0-9_.@-]*(?:\/[A-Za-z0-9_@][A-Za-z0-9_.@-]*)*$/;

const packPath = (what: string) =>
  z.string().refine((p) => PACK_PATH_PATTERN.test(p), {
    error: (iss) =>
      `${what} ${JSON.stringify(iss.input)} must be a relative path inside the pack (no "..", no absolute path)`,
  });

/** Only `id`, `version` and `compatVersion` are required; unknown fields are kept, so newer packs still load. */
export const packManifestSchema = z.looseObject({
  id: z
    .string({ error: "missing required field: id" })
    .regex(PACK_ID_PATTERN, { error: (iss) => `id must match ${PACK_ID_PATTERN} (got ${JSON.stringify(iss.input)})` }),
  version: z.string({ error: "missing required field: version" }).refine(isStrictSemver, {
    error: (iss) =>
      `version must be a semver version such as 1.2.0, without a "v" or leading zeros (got ${JSON.stringify(iss.input)})`,
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
  embedBindings: embedBindingsSchema.optional(),
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

/**
 * A Construct 2.x pack manifest, as its loader reads it: `compatVersion` is an integer, and the
 * rules 2.x applies (id and version grammar, the highest compatVersion) are its adapter's (server/generations/construct-2).
 */
export const construct2PackManifestSchema = z.looseObject({
  id: z.string({ error: "missing required field: id" }),
  version: z.string({ error: "missing required field: version" }),
  compatVersion: z.unknown(),
  workerProfiles: z.unknown().optional(),
  prompts: z
    .record(z.string(), packPath("prompt path"), { error: "prompts must be an object of worker profile id to file" })
    .optional(),
  embedBindings: embedBindingsSchema.optional(),
  deprecation: z
    .looseObject(
      {
        since: z.string({ error: "deprecation must include 'since' field" }),
        message: z.string({ error: "deprecation must include 'message' field" }),
        replacement: z.string().optional(),
      },
      { error: "deprecation must be an object" },
    )
    .optional(),
});
export type Construct2PackManifest = z.infer<typeof construct2PackManifestSchema>;

/** The tiers a pack is installed to; Construct 2.x also reads packs shipped inside its package (`builtin`). */
export const PACK_TIERS = ["user", "project"] as const;
export type PackTier = (typeof PACK_TIERS)[number];
export const PACK_ROW_TIERS = ["builtin", ...PACK_TIERS] as const;
export type PackRowTier = (typeof PACK_ROW_TIERS)[number];

export const DEPLOYMENT_MODES = ["solo", "team", "enterprise"] as const;
export type DeploymentMode = (typeof DEPLOYMENT_MODES)[number];

/** `<proj>/packs.json`: which packs are enabled, in the order they take precedence (later wins). */
export const packsFileSchema = z.object({
  version: z.literal(1).default(1),
  enabled: z.record(z.string(), z.object({ enabledAt: z.string().optional() }).loose()).default({}),
});
export type PacksFile = z.infer<typeof packsFileSchema>;

/**
 * One thing wrong with a pack, as its card lists it: the rule broken, the file inside the pack it is
 * in (`null` for the pack as a whole), and whether it stops the pack from loading (`blocks`).
 */
export const packProblemSchema = z.object({
  rule: z.string(),
  file: z.string().nullable(),
  message: z.string(),
  blocks: z.boolean(),
});
export type PackProblem = z.infer<typeof packProblemSchema>;

export const packRowSchema = z.object({
  id: z.string(),
  version: z.string().nullable(),
  tier: z.enum(PACK_ROW_TIERS),
  /** Construct 2.x's own core pack: always enabled, never toggled. */
  core: z.boolean().optional(),
  path: z.string(),
  enabled: z.boolean(),
  compat: z.object({ range: z.string().nullable(), core: z.string(), ok: z.boolean() }),
  contributes: z.object({
    teams: z.array(z.string()),
    specialists: z.array(z.string()),
    contracts: z.array(z.string()),
    prompts: z.array(z.string()),
    workflows: z.array(z.string()),
    workerProfiles: z.array(z.string()).optional(),
  }),
  shadowedBy: z.string().nullable(),
  deprecation: z.object({ since: z.string(), message: z.string(), replacement: z.string().optional() }).nullable(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  /** What is wrong with the pack, each error with its rule and file; records Construct would refuse included. */
  problems: z.array(packProblemSchema),
});
export type PackRow = z.infer<typeof packRowSchema>;
