import * as z from "zod/mini";

/** One specialist `POST /api/org/preview/route` ranks for a task description, and why. */
export const routeCandidateSchema = z.object({
  id: z.string(),
  score: z.number(),
  whenToUse: z.string(),
  matchReason: z.string(),
  matchedTerms: z.array(z.string()),
  draft: z.optional(z.boolean()),
});
export type RouteCandidate = z.infer<typeof routeCandidateSchema>;

export const routePreviewSchema = z.object({ candidates: z.array(routeCandidateSchema) });
export type RoutePreview = z.infer<typeof routePreviewSchema>;
