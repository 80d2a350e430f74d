import { z } from "zod";

/**
 * Which fence entries the org tests exercise, per specialist (or Construct 2.x worker profile), as
 * `opa test --coverage` reports rules. The entries are those of the effective fence, the ones
 * `checkAction` consults, less the denials a team adds for its forbidden decisions.
 */

export const COVERAGE_LISTS = [
  "allowedPaths",
  "allowedCommands",
  "allowedBdLabels",
  "approvalRequired",
  "deniedActions",
] as const;
export type CoverageList = (typeof COVERAGE_LISTS)[number];

export const coverageEntrySchema = z.object({
  list: z.enum(COVERAGE_LISTS),
  entry: z.string(),
  /** The cases that exercise it; none means untested. */
  by: z.array(z.object({ file: z.string(), index: z.number().int(), name: z.string() })),
});
export type CoverageEntry = z.infer<typeof coverageEntrySchema>;

export const principalCoverageSchema = z.object({
  id: z.string(),
  kind: z.enum(["specialist", "worker-profile"]),
  tested: z.number().int(),
  total: z.number().int(),
  entries: z.array(coverageEntrySchema),
});
export type PrincipalCoverage = z.infer<typeof principalCoverageSchema>;

export const orgTestCoverageSchema = z.object({
  tested: z.number().int(),
  total: z.number().int(),
  /** 100 when no principal has a fence entry to cover. */
  percent: z.number(),
  /** Only principals with at least one fence entry, by id. */
  principals: z.array(principalCoverageSchema),
});
export type OrgTestCoverage = z.infer<typeof orgTestCoverageSchema>;
