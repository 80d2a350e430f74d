import { z } from "zod";

/**
 * What a task that starts with one specialist (or Construct 2.x worker profile) can end up doing: the
 * union of the effective fences of everyone it can pass work to, each entry with the path that grants it.
 */

/** The fence lists that grant something; `deniedActions` only ever takes away, and only from its own holder. */
export const REACH_LISTS = ["allowedPaths", "allowedCommands", "allowedBdLabels", "approvalRequired"] as const;
export const reachListSchema = z.enum(REACH_LISTS);
export type ReachList = z.infer<typeof reachListSchema>;

export const REACH_VIAS = ["handoff", "contract", "escalation"] as const;

export const reachStepSchema = z.object({
  via: z.enum(REACH_VIAS),
  from: z.string(),
  to: z.string(),
  /** The role a handoff names, the contract's id, or the escalation's team and step. */
  label: z.string(),
  /** The graph edge the step follows, so the canvas can highlight it. */
  edge: z.string(),
  /** JSON pointer of the field that makes the step (`#/specialists/a/handoffCandidates/0`). */
  carrier: z.string(),
});
export type ReachStep = z.infer<typeof reachStepSchema>;

export const reachEntrySchema = z.object({
  list: reachListSchema,
  entry: z.string(),
  /** Whose fence grants it. */
  holder: z.string(),
  /**
   * A shortest path from the start to the holder. A path longer than a reader can follow keeps its
   * first and last steps, and `elided` counts the steps left out between them (`reached` has them all).
   */
  path: z.array(reachStepSchema),
  elided: z.number().int().optional(),
  /** `cx-reviewer → handoff → cx-engineer: edit src/**` */
  text: z.string(),
});
export type ReachEntry = z.infer<typeof reachEntrySchema>;

const reachedSchema = z.object({ id: z.string(), step: reachStepSchema.nullable(), hops: z.number().int() });

export const reachInvalidSchema = z.object({
  holder: z.string(),
  list: reachListSchema,
  entry: z.string(),
  message: z.string(),
});

export const reachSchema = z.object({
  id: z.string(),
  kind: z.enum(["specialist", "worker-profile"]),
  /**
   * Everyone a task can reach through handoffs and contracts, the start first, as a tree of shortest
   * paths: each with the step that reaches it (`step.from` is its parent; null for the start).
   */
  reached: z.array(reachedSchema),
  entries: z.array(reachEntrySchema),
  /** Reached only by escalating, in the same tree form; `escalations` holds entries not already in `entries`. */
  escalatedTo: z.array(reachedSchema),
  escalations: z.array(reachEntrySchema),
  /** Fence entries left out of the reach because they grant nothing: globs that are not valid, push or commit lines. */
  invalid: z.array(reachInvalidSchema),
  /** Why someone on the way grants nothing (no team, a team that does not exist). */
  notes: z.array(z.object({ id: z.string(), message: z.string() })),
  /** Graph node and edge ids a reach goes through, for the canvas highlight. */
  nodes: z.array(z.string()),
  edges: z.array(z.string()),
});
export type Reach = z.infer<typeof reachSchema>;

/** Whether any path from a specialist grants an action, and the first that does. */
export const reachDecisionSchema = z.object({
  reachable: z.boolean(),
  /** The holder whose fence grants it and how (allowed, or needs-approval), with the path. */
  grant: z
    .object({
      holder: z.string(),
      decision: z.enum(["allowed", "needs-approval"]),
      rule: z.string().optional(),
      path: z.array(reachStepSchema),
      text: z.string(),
    })
    .nullable(),
});
export type ReachDecision = z.infer<typeof reachDecisionSchema>;

/** One commit that changed a principal's own fence or its reach ("git blame for access"). */
export const accessHistoryEntrySchema = z.object({
  commit: z.string(),
  /** ISO 8601 author date. */
  date: z.string(),
  author: z.string(),
  subject: z.string(),
  changes: z.array(
    z.object({
      action: z.enum(["widen", "narrow"]),
      /** `fence` when its own effective fence changed, `reach` when only what it reaches through others did. */
      scope: z.enum(["fence", "reach"]),
      list: z.string(),
      entry: z.string(),
      /** `cx-reviewer → handoff → cx-engineer: edit src/**` for a reach change; the entry's reading for a fence change. */
      text: z.string(),
    }),
  ),
});
export type AccessHistoryEntry = z.infer<typeof accessHistoryEntrySchema>;

export const accessHistorySchema = z.object({
  id: z.string(),
  /** Newest first. */
  entries: z.array(accessHistoryEntrySchema),
  /** Commits looked at, and how many older ones were not (the walk is bounded). */
  scanned: z.number().int(),
  more: z.number().int(),
  /** The repository is a shallow clone: history starts at its oldest commit, not at the first. */
  shallow: z.boolean(),
  /** Why there is no history (not a git repository, no commits). */
  note: z.string().optional(),
});
export type AccessHistory = z.infer<typeof accessHistorySchema>;
