import { z } from "zod";

/**
 * A Construct 2.x embed capability: a procedure with `type: "embed"` and an `embed` block, enabled
 * by `embed.enabled: true` in `.construct/procedures/<id>.manifest.json`, as `construct embed` reads it.
 */
export const capabilityV2Schema = z.object({
  id: z.string(),
  description: z.string(),
  workerProfileId: z.string(),
  providerBindings: z.array(z.string()),
  framework: z.string(),
  outputContract: z.string(),
  proposalAuthority: z.string(),
  runtime: z.string(),
  cadence: z.string().nullable(),
  /** Where the winning manifest is: the package's registry, or the project's `.construct/procedures/`. */
  source: z.enum(["builtin", "project"]),
  path: z.string(),
  /** The project's enable/override file, when there is one. */
  override: z.string().nullable(),
  enabled: z.boolean(),
  /** What Construct refuses in it: such a capability is not listed by `construct embed` and cannot be enabled. */
  errors: z.array(z.string()),
});
export type CapabilityV2 = z.infer<typeof capabilityV2Schema>;

export const embedV2ListSchema = z.object({
  generation: z.literal("2"),
  capabilities: z.array(capabilityV2Schema),
  /** Procedure files Construct cannot read, named with what is wrong. */
  problems: z.array(z.string()),
});
export type EmbedV2List = z.infer<typeof embedV2ListSchema>;
