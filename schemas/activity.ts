import { z } from "zod";

/**
 * What the studio reads from the activity records Construct 2.x writes into a project
 * (`.construct/audit-trail.jsonl` and `.construct/agent-log.jsonl`, with their rotated segments),
 * judged against the org: a timeline, the hash chain's verdict, dispatch counts, fence use and the
 * findings each surface (CLI, HTTP, MCP) answers with the same ids.
 */

export const ACTIVITY_FINDING_IDS = [
  "activity-chain-broken",
  "access-unused",
  "profile-idle",
  "activity-breach",
  "activity-unknown-agent",
] as const;
export const activityFindingIdSchema = z.enum(ACTIVITY_FINDING_IDS);

/** Where a line is: the file as the project knows it, and its 1-based number among the file's non-empty lines. */
export const lineRefSchema = z.object({ file: z.string(), line: z.number().int() });
export type LineRef = z.infer<typeof lineRefSchema>;

/** Something in the records the reader could not take as it is, read past and named. */
export const activityNoteSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  message: z.string(),
});
export type ActivityNote = z.infer<typeof activityNoteSchema>;

export const chainIssueSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  reason: z.string(),
  /** The hash the line should have carried (of the line before it), when one was expected. */
  expected: z.string().nullable(),
  actual: z.unknown(),
});
export type ChainIssue = z.infer<typeof chainIssueSchema>;

/** One trail's hash chain, across its segments, oldest first. */
export const chainVerdictSchema = z.object({
  trail: z.string(),
  ok: z.boolean(),
  /** Lines checked: from the last chain reset (included) to the end, across segments. */
  verified: z.number().int(),
  /** Lines before the last chain reset, which verification does not check. */
  legacy: z.number().int(),
  issues: z.array(chainIssueSchema),
  /** Issues beyond those kept in `issues`. */
  more: z.number().int(),
  segments: z.array(z.string()),
  /**
   * What `construct audit trail --verify` says of the active file alone (it reads no segment):
   * its stdout line when intact, else its stderr lines.
   */
  construct: z.object({ ok: z.boolean(), verified: z.number().int(), text: z.string() }),
});
export type ChainVerdict = z.infer<typeof chainVerdictSchema>;

export const MUTATION_TOOLS = ["Edit", "Write", "MultiEdit", "NotebookEdit", "Bash"] as const;

export const activityEventSchema = z.object({
  kind: z.enum(["mutation", "dispatch"]),
  at: lineRefSchema,
  ts: z.string().nullable(),
  /** The agent as Construct recorded it (`cx-architect`), and the worker profile it names (`architect`). */
  agent: z.string().nullable(),
  profile: z.string().nullable(),
  /** Mutations: the tool; dispatches: null. */
  tool: z.string().nullable(),
  /** A file relative to the project (absolute when outside it), or null. */
  path: z.string().nullable(),
  /** A Bash mutation's command (as recorded: at most 400 characters, secrets redacted). */
  command: z.string().nullable(),
  /** Dispatches: the outcome Construct derived from the result. */
  outcome: z.string().nullable(),
  description: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const dispatchStatsSchema = z.object({
  count: z.number().int(),
  success: z.number().int(),
  warning: z.number().int(),
  error: z.number().int(),
  unknown: z.number().int(),
  lastSeen: z.string().nullable(),
  /** Errors over dispatches with a known outcome; null with none. */
  errorRate: z.number().nullable(),
});
export type DispatchStats = z.infer<typeof dispatchStatsSchema>;

export const profileActivitySchema = z.object({
  id: z.string(),
  mutations: z.number().int(),
  byTool: z.record(z.string(), z.number().int()),
  lastAction: z.string().nullable(),
  dispatches: dispatchStatsSchema,
});
export type ProfileActivity = z.infer<typeof profileActivitySchema>;

/** An agent named in the records that is no worker profile of the org, kept apart rather than dropped. */
export const otherAgentSchema = z.object({
  agent: z.string(),
  /** `main-thread`: Construct itself; `unnamed`: a dispatch without a type; `unknown`: a name the org lacks. */
  kind: z.enum(["main-thread", "unnamed", "unknown"]),
  mutations: z.number().int(),
  dispatches: z.number().int(),
  lastSeen: z.string().nullable(),
  first: lineRefSchema,
});
export type OtherAgent = z.infer<typeof otherAgentSchema>;

export const FENCE_USE_LISTS = ["allowedPaths", "allowedCommands", "approvalRequired"] as const;
export const fenceUseSchema = z.object({
  list: z.enum(FENCE_USE_LISTS),
  entry: z.string(),
  uses: z.number().int(),
  lastUse: z.string().nullable(),
});
export type FenceUse = z.infer<typeof fenceUseSchema>;

export const activityFindingSchema = z.object({
  id: activityFindingIdSchema,
  severity: z.enum(["error", "warning", "info"]),
  message: z.string(),
  profile: z.string().nullable(),
  at: lineRefSchema.nullable(),
  /** A breach's or an unused entry's fence rule (`allowedPaths[0] "docs/**"`). */
  rule: z.string().nullable(),
  ts: z.string().nullable(),
});
export type ActivityFinding = z.infer<typeof activityFindingSchema>;

export const activityWindowSchema = z.object({ since: z.string(), until: z.string() });

export const activitySummarySchema = z.object({
  window: activityWindowSchema,
  filter: z.object({
    profile: z.string().nullable(),
    tool: z.string().nullable(),
    path: z.string().nullable(),
  }),
  trails: z.array(chainVerdictSchema),
  /** The newest events that pass the filter, oldest first; `matched` counts them all. */
  timeline: z.array(activityEventSchema),
  matched: z.number().int(),
  profiles: z.array(profileActivitySchema),
  others: z.array(otherAgentSchema),
  findings: z.array(activityFindingSchema),
  notes: z.array(activityNoteSchema),
  /** Lines read, bytes read. */
  read: z.object({ lines: z.number().int(), bytes: z.number().int() }),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

/** A narrower fence from recorded use, as a patch to the profile's record. */
export const fenceProposalSchema = z.object({
  patch: z.object({
    fence: z.object({
      allowedPaths: z.array(z.string()),
      allowedCommands: z.array(z.string()).optional(),
      allowedBdLabels: z.array(z.string()).optional(),
      approvalRequired: z.array(z.string()).optional(),
      deniedActions: z.array(z.string()).optional(),
    }),
  }),
  removed: z.array(z.object({ list: z.enum(FENCE_USE_LISTS), entry: z.string() })),
  note: z.string(),
});
export type FenceProposal = z.infer<typeof fenceProposalSchema>;

export const accessUnusedSchema = z.object({
  id: z.string(),
  window: activityWindowSchema,
  entries: z.array(fenceUseSchema),
  dispatches: dispatchStatsSchema,
  mutations: z.number().int(),
  findings: z.array(activityFindingSchema),
  proposal: fenceProposalSchema.nullable(),
  notes: z.array(activityNoteSchema),
});
export type AccessUnused = z.infer<typeof accessUnusedSchema>;
