import { z } from "zod";
import { accessUnusedSchema, activitySummarySchema } from "./activity";
import { idSchema } from "./common";
import { readResult } from "./mcp";

/** The activity tools' arguments and results: `activity_summary` and `access_unused`. */

const since = z
  .string()
  .max(40)
  .optional()
  .describe("the window's start: a span before now (90d, 12h, 2w, 30m; default 90d) or an ISO date");

/** `activity_summary`: what Construct's agents did, from its activity records, against the org. */
export const activitySummaryInput = z.object({
  since,
  profile: z.string().max(200).optional().describe("only this worker profile's events in the timeline"),
  tool: z
    .string()
    .max(40)
    .optional()
    .describe("only mutations by this tool (Edit, Write, MultiEdit, NotebookEdit, Bash)"),
  path: z.string().max(400).optional().describe("only mutations of files matching this fence glob"),
  trail: z
    .array(z.string().max(4000))
    .max(50)
    .optional()
    .describe(
      "audit trail files to read instead of the project's (a team's), each verified on its own and merged by time",
    ),
  limit: z.number().int().min(1).max(100_000).optional().describe("timeline events kept, newest (default 500)"),
});
export const activitySummaryOutput = readResult(activitySummarySchema);

/** `access_unused`: one worker profile's fence entries with their recorded use, and a fence from that use. */
export const accessUnusedInput = z.object({
  id: idSchema.describe("a worker profile id"),
  since,
});
export const accessUnusedOutput = readResult(accessUnusedSchema);
