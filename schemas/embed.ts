import { z } from "zod";
import { idSchema, nonEmptyString } from "./common";
import { RESOLVED_RUNTIMES, tickRecordSchema } from "./embed-tick";
import { fieldErrorSchema } from "./field-error";

/**
 * Embed capabilities: a workflow manifest with `type: "embed"` and an `embed` block. The cadence
 * grammar and cross-references (does the specialist exist?) are rules in `lib/embed/`, not shapes.
 */

export const WORKFLOW_TYPES = [
  "linear",
  "routing",
  "orchestrator-worker",
  "evaluator-loop",
  "pipeline",
  "embed",
] as const;
export const EMBED_RUNTIMES = ["auto", "in-process", "external", "none"] as const;
export type EmbedRuntime = (typeof EMBED_RUNTIMES)[number];
export const PROPOSAL_AUTHORITIES = ["propose-only", "governed-write"] as const;
export const APPROVAL_MODES = ["proposal-only", "requires-human-approval", "allow-durable-write"] as const;

export const FILTER_KEYS = ["scope", "predicates", "nativeQuery"] as const;
/** `paths` is ours: the globs the local `directory` provider reads. */
export const FILTER_SCOPE_KEYS = ["projects", "repos", "repoGlob", "channels", "spaces", "paths"] as const;
export const FILTER_PREDICATE_KEYS = ["assignee", "statusCategory", "priority", "label", "updatedSince"] as const;

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: (iss) => `${field} must be one of: ${values.join(", ")} (got ${JSON.stringify(iss.input)})`,
  });

const strictKeys = (where: string, allowed: readonly string[]) => ({
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === "unrecognized_keys"
      ? `unknown ${where} key${(iss.keys?.length ?? 0) > 1 ? "s" : ""} ${iss.keys?.map((k) => JSON.stringify(k)).join(", ")}; allowed: ${allowed.join(", ")}`
      : `${where} must be an object`,
});

const stringArray = (what: string) =>
  z.array(nonEmptyString(`each entry of ${what}`), { error: `${what} must be an array of strings` });

export const embedFilterSchema = z.strictObject(
  {
    scope: z
      .strictObject(
        Object.fromEntries(FILTER_SCOPE_KEYS.map((k) => [k, stringArray(`filter.scope.${k}`).optional()])) as Record<
          (typeof FILTER_SCOPE_KEYS)[number],
          z.ZodOptional<ReturnType<typeof stringArray>>
        >,
        strictKeys("filter.scope", FILTER_SCOPE_KEYS),
      )
      .optional(),
    predicates: z
      .strictObject(
        {
          assignee: z.string().optional(),
          statusCategory: z.union([z.string(), stringArray("filter.predicates.statusCategory")]).optional(),
          priority: z.union([z.string(), stringArray("filter.predicates.priority")]).optional(),
          label: z.union([z.string(), stringArray("filter.predicates.label")]).optional(),
          /** An ISO-8601 duration back from the tick, e.g. `P7D`. */
          updatedSince: z
            .string({ error: "filter.predicates.updatedSince must be an ISO-8601 duration such as P7D" })
            .optional(),
        },
        strictKeys("filter.predicates", FILTER_PREDICATE_KEYS),
      )
      .optional(),
    nativeQuery: z.string({ error: "filter.nativeQuery must be a string" }).optional(),
  },
  strictKeys("filter", FILTER_KEYS),
);
export type EmbedFilter = z.infer<typeof embedFilterSchema>;

/** `null` (or absent) means event-driven only: the capability runs on demand, never on a timer. */
export const cadenceSchema = z
  .strictObject(
    {
      every: z.string({ error: 'cadence.every must be a string: an ISO-8601 duration such as "PT15M" or "P1D"' }),
    },
    strictKeys("cadence", ["every"]),
  )
  .nullable();
export type Cadence = z.infer<typeof cadenceSchema>;

const embedFields = {
  specialist: idSchema,
  providerBindings: z
    .array(nonEmptyString("each provider id"), { error: "providerBindings must be an array of provider ids" })
    .min(1, { error: "providerBindings must declare at least one provider id" }),
  filter: embedFilterSchema.optional(),
  framework: nonEmptyString("framework"),
  outputContract: nonEmptyString("outputContract"),
  proposalAuthority: oneOf("proposalAuthority", PROPOSAL_AUTHORITIES),
  cadence: cadenceSchema.optional(),
  runtime: oneOf("runtime", EMBED_RUNTIMES),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
};

export const EMBED_FIELDS = Object.keys(embedFields) as (keyof typeof embedFields)[];
/** What a project overlay is meant to change from the dashboard; any embed field may be overridden by hand. */
export const OVERRIDABLE_FIELDS = ["cadence", "filter", "runtime"] as const;
export type OverridableField = (typeof OVERRIDABLE_FIELDS)[number];

export const embedBlockSchema = z.looseObject(embedFields, {
  error: 'embed must be an object present on every type:"embed" manifest',
});
export type EmbedBlock = z.infer<typeof embedBlockSchema>;

export const embedManifestSchema = z.looseObject({
  id: idSchema,
  version: z
    .string({ error: "version must be a semver string" })
    .regex(SEMVER, { error: (iss) => `version must be semver such as 1.0.0 (got ${JSON.stringify(iss.input)})` }),
  type: z.literal("embed", { error: (iss) => `type must be "embed" (got ${JSON.stringify(iss.input)})` }),
  description: z.string().optional(),
  owner: z.string().optional(),
  defaultApprovalMode: oneOf("defaultApprovalMode", APPROVAL_MODES).optional(),
  embed: embedBlockSchema,
});
export type EmbedManifest = z.infer<typeof embedManifestSchema>;

/** A project overlay: `embed.enabled` and whichever fields the user overrides, nothing required. */
export const embedOverlaySchema = z.looseObject({
  id: idSchema.optional(),
  version: embedManifestSchema.shape.version.optional(),
  type: embedManifestSchema.shape.type.optional(),
  description: z.string().optional(),
  embed: z
    .looseObject(
      Object.fromEntries(Object.entries(embedFields).map(([k, v]) => [k, v.optional()])) as {
        [K in keyof typeof embedFields]: z.ZodOptional<(typeof embedFields)[K]>;
      },
      { error: "embed must be an object" },
    )
    .optional(),
});
export type EmbedOverlay = z.infer<typeof embedOverlaySchema>;

export const embedOverridesBodySchema = z.strictObject({
  set: z
    .strictObject({
      cadence: cadenceSchema.optional(),
      filter: embedFilterSchema.optional(),
      runtime: oneOf("runtime", EMBED_RUNTIMES).optional(),
    })
    .default({}),
  reset: z.array(z.enum(OVERRIDABLE_FIELDS)).default([]),
});
export type EmbedOverridesBody = z.infer<typeof embedOverridesBodySchema>;

/** `<proj>/runtime/embed/enabled/<id>.json`: since when a capability has been enabled. */
export const enabledSinceSchema = z.object({ enabledSince: z.iso.datetime() });

const fieldErrorShape = fieldErrorSchema;
const manifestSourceSchema = z.object({
  tier: z.enum(["builtin", "pack", "project"]),
  pack: z.string().optional(),
  path: z.string(),
});

export const runtimeResolutionSchema = z.object({
  declared: z.enum(EMBED_RUNTIMES),
  resolved: z.enum(RESOLVED_RUNTIMES),
  code: z.literal("no-runtime").optional(),
  message: z.string(),
});
export type RuntimeResolution = z.infer<typeof runtimeResolutionSchema>;

export const bindingViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  available: z.boolean(),
  /** Why a tick would skip it (`provider-unavailable:<id>`), when it cannot be read here. */
  code: z.string().optional(),
});

export const capabilityViewSchema = z.object({
  id: z.string(),
  description: z.string(),
  source: manifestSourceSchema,
  shadows: z.array(manifestSourceSchema),
  overlay: z.object({ path: z.string(), etag: z.string(), fields: z.array(z.string()) }).nullable(),
  /** The overlay's ETag, or `"absent"`: what `PATCH /api/embed/{id}` takes as If-Match. */
  etag: z.string(),
  enabled: z.boolean(),
  /** The manifest as its generation writes it: the earlier org names the runner `specialist`, 2.x `workerProfileId`. */
  manifest: embedOverlaySchema,
  errors: z.array(fieldErrorShape),
  warnings: z.array(fieldErrorShape),
  /** Who runs it: a specialist, or in Construct 2.x a worker profile. */
  specialist: z.string(),
  providerBindings: z.array(bindingViewSchema),
  cadence: z.object({ every: z.string(), description: z.string() }).nullable(),
  runtime: runtimeResolutionSchema,
  lastTick: tickRecordSchema.nullable(),
  /** Why the last tick's record cannot be read, when it cannot. */
  lastTickUnreadable: z.object({ message: z.string() }).optional(),
  nextTickAt: z.string().nullable(),
  running: z.boolean(),
});
export type CapabilityView = z.infer<typeof capabilityViewSchema>;

export const embedListSchema = z.object({
  capabilities: z.array(capabilityViewSchema),
  problems: z.array(fieldErrorShape),
});
export type EmbedList = z.infer<typeof embedListSchema>;

/** `POST /api/embed/{id}/dry-run`: the whole resolution chain, executing nothing. */
export const dryRunPlanSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  enabled: z.boolean(),
  errors: z.array(fieldErrorShape),
  warnings: z.array(fieldErrorShape),
  sources: z.object({ manifest: manifestSourceSchema, overlay: capabilityViewSchema.shape.overlay }),
  chain: z.object({
    specialist: z.object({
      id: z.string().nullable(),
      prompt: z
        .union([
          z.object({
            source: z.string(),
            path: z.string().nullable(),
            degraded: z.boolean(),
            warnings: z.array(z.string()),
          }),
          z.object({ error: z.string() }),
        ])
        .nullable(),
    }),
    providerBindings: z.array(bindingViewSchema),
    filter: embedFilterSchema.nullable(),
    framework: z.object({ id: z.string().nullable(), path: z.string().nullable() }),
    outputContract: z.object({
      id: z.string().nullable(),
      producer: z.string().nullable(),
      consumer: z.string().nullable(),
      output: z.record(z.string(), z.unknown()).nullable(),
    }),
    proposalAuthority: z.enum(PROPOSAL_AUTHORITIES).nullable(),
    cadence: z.object({ every: z.string(), description: z.string(), next: z.array(z.string()) }).nullable(),
    runtime: runtimeResolutionSchema,
    /** What a tick would read, and which items the last answered tick has not seen (null: cannot read). */
    reads: z
      .array(z.object({ provider: z.string(), items: z.array(z.object({ label: z.string(), new: z.boolean() })) }))
      .nullable(),
  }),
  wouldSkip: z.string().nullable(),
  executes: z.literal(false),
});
export type DryRunPlan = z.infer<typeof dryRunPlanSchema>;
