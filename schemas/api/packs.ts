import * as z from "zod/mini";
import { PACK_TIERS } from "../pack-manifest";
import { packPreviewSchema, VERSION_CHANGES } from "../pack-preview";

/**
 * `POST /api/packs/install`: the pack written, its tier and where, whether it replaced a copy,
 * how its version compares with the one installed before, and what it warned about.
 */
export const packInstallResultSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  version: z.string(),
  tier: z.enum(PACK_TIERS),
  path: z.string(),
  replaced: z.boolean(),
  warnings: z.array(z.string()),
  versionChange: z.enum(VERSION_CHANGES),
});
export type PackInstallResult = z.infer<typeof packInstallResultSchema>;

/** `POST /api/packs/<id>/disable`: whether it was enabled before, and the version of packs.json after. */
export const packToggleResultSchema = z.object({
  ok: z.literal(true),
  enabled: z.boolean(),
  wasEnabled: z.boolean(),
  etag: z.string(),
});
export type PackToggleResult = z.infer<typeof packToggleResultSchema>;

/** `POST /api/packs/<id>/enable`: enabled, with the preview it was checked against. */
export const packEnableResultSchema = z.object({
  ok: z.literal(true),
  enabled: z.literal(true),
  preview: packPreviewSchema,
});
export type PackEnableResult = z.infer<typeof packEnableResultSchema>;
