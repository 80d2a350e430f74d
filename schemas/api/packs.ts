import * as z from "zod/mini";

/** `POST /api/packs/install`: the pack written, where, and what it warned about. */
export const packInstallResultSchema = z.looseObject({
  id: z.string(),
  version: z.string(),
  path: z.string(),
  warnings: z.array(z.string()),
});
export type PackInstallResult = z.infer<typeof packInstallResultSchema>;

/** `POST /api/packs/<id>/enable|disable`: acknowledged; the page reloads its data after. */
export const packToggleResultSchema = z.looseObject({});
