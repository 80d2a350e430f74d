import * as z from "zod/mini";
import { capabilityViewSchema } from "../embed";
import { tickRecordSchema } from "../embed-tick";

/** `POST /api/embed/<id>/tick`: the tick that ran. */
export const tickResponseSchema = z.object({ record: tickRecordSchema });

/** The project overlay a write left: its file (null when none is left) and version. */
const overlayWritten = { ok: z.literal(true), id: z.string(), path: z.nullable(z.string()), etag: z.string() };

/** `PATCH /api/embed/<id>`: the overlay written and the capability with its new overrides. */
export const overridesResponseSchema = z.object({ ...overlayWritten, capability: capabilityViewSchema });
export type OverridesResponse = z.infer<typeof overridesResponseSchema>;

/** `POST /api/embed/<id>/enable|disable`: the overlay written, and whether it was enabled before. */
export const embedToggleResultSchema = z.object({ ...overlayWritten, enabled: z.boolean(), wasEnabled: z.boolean() });
export type EmbedToggleResult = z.infer<typeof embedToggleResultSchema>;
