import * as z from "zod/mini";
import { capabilityViewSchema, tickRecordSchema } from "../embed";

/** `POST /api/embed/<id>/tick`: the tick that ran. */
export const tickResponseSchema = z.object({ record: tickRecordSchema });
/** `PATCH /api/embed/<id>`: the capability with its new overrides. */
export const overridesResponseSchema = z.object({ capability: capabilityViewSchema });
/** `POST /api/embed/<id>/enable|disable`: acknowledged; the list is refetched after. */
export const embedToggleResultSchema = z.looseObject({});
