import * as z from "zod/mini";
import { SCOPES } from "../kinds";

/** The client shows what it is given, problems included: a response is not refused for the record's own faults. */
export const entityRecordSchema = z.record(z.string(), z.unknown());

export const scopeSchema = z.enum(SCOPES);
