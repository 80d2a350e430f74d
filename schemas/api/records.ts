import * as z from "zod/mini";
import { SCOPES } from "../kinds";

/**
 * A record as the API carries it. The entity schemas check records on the server when they are
 * merged and written; the client shows what it is given, problems included, so a response is not
 * refused for the record's own faults.
 */
export const entityRecordSchema = z.record(z.string(), z.unknown());

export const scopeSchema = z.enum(SCOPES);
