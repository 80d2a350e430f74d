import { z } from "zod";
import { fieldErrorSchema } from "./field-error";
import { PACK_ROW_TIERS } from "./pack-manifest";
import { planSchema } from "./plan";

/** What enabling, installing or upgrading a pack would do, shown before anything changes. */

export const VERSION_CHANGES = ["new", "upgrade", "same", "downgrade"] as const;

export const packPreviewSchema = z.object({
  action: z.enum(["enable", "install"]),
  id: z.string(),
  version: z.string(),
  tier: z.enum(PACK_ROW_TIERS),
  /** The folder or file as the user typed it (install), or the installed pack's path (enable). */
  source: z.string(),
  installed: z.object({ version: z.string().nullable(), enabled: z.boolean() }).nullable(),
  /** Against the installed copy, or the highest version installed here before (`runtime/packs-seen.json`). */
  versionChange: z.enum(VERSION_CHANGES),
  /** False for a pack installed disabled, whose plan is what enabling it would do. */
  appliesNow: z.boolean(),
  /** sha256 of every file's path and bytes, sent back at confirm (install only). */
  hash: z.string().optional(),
  plan: planSchema,
  prompts: z.array(z.object({ specialist: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  /** Org tests that pass and would fail (or are new and fail). */
  tests: z.array(z.object({ file: z.string(), name: z.string(), detail: z.string() })),
  /** Errors the change introduces: enabling is refused over them unless forced. */
  errors: z.array(fieldErrorSchema),
  warnings: z.array(z.string()),
});
export type PackPreview = z.infer<typeof packPreviewSchema>;

export const installBodySchema = z
  .object({
    tier: z.enum(["user", "project"]).default("project"),
    path: z.string().min(1).max(4096).optional(),
    zipBase64: z
      .string()
      .max(28 * 1024 * 1024)
      .optional(),
    /** The preview's hash: the install refuses (409) if the content changed since. */
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    force: z.boolean().optional(),
  })
  .refine((b) => !!b.path !== !!b.zipBase64, {
    error: "give either path (a local folder) or zipBase64 (an uploaded .zip)",
  });

export const enableBodySchema = z.object({ force: z.boolean().optional() });
