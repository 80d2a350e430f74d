import { z } from "zod";
import { nonEmptyString } from "./common";

/** What one tick of an embed capability left: its record, and the proposals it made (never applied). */

/** The runtimes a tick can resolve to. */
export const RESOLVED_RUNTIMES = ["in-process", "external", "none"] as const;
export type ResolvedRuntime = (typeof RESOLVED_RUNTIMES)[number];

export const proposalSchema = z.object({
  title: nonEmptyString("proposal.title"),
  detail: z.string({ error: "proposal.detail must be a string" }).default(""),
  action: z.string().optional(),
  target: z.string().optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const TICK_STATUSES = ["ran", "skipped", "error"] as const;
export type TickStatus = (typeof TICK_STATUSES)[number];

/** Records written before the why of a tick was named `code` and `message`: `reason` and `detail`. */
const tickRecordNames = (value: unknown) => {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { reason, detail, ...rest } = value as Record<string, unknown>;
  return {
    ...(reason !== undefined && !("code" in rest) ? { code: reason } : {}),
    ...(detail !== undefined && !("message" in rest) ? { message: detail } : {}),
    ...rest,
  };
};

/** The durable last-tick record, `<proj>/runtime/embed/<id>.json`, overwritten atomically each tick. */
export const tickRecordSchema = z.preprocess(
  tickRecordNames,
  z.object({
    id: z.string(),
    status: z.enum(TICK_STATUSES),
    /** Why it skipped or failed, for a caller to branch on (`no-runtime`, `nothing-new`, `model-http-500`). */
    code: z.string().optional(),
    /** The why in words: what failed, or what ran it. */
    message: z.string().optional(),
    runtime: z.enum(RESOLVED_RUNTIMES),
    trigger: z.enum(["schedule", "manual"]),
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number(),
    violations: z.array(z.string()).optional(),
    /** What each provider returned; `seen` keys the items, so the next tick can tell what is new. */
    sources: z
      .array(z.object({ provider: z.string(), items: z.number(), seen: z.array(z.string()).optional() }))
      .optional(),
    output: z.record(z.string(), z.unknown()).optional(),
    proposals: z.array(proposalSchema.extend({ id: z.string() })).optional(),
    proposalsFile: z.string().optional(),
  }),
);
export type TickRecord = z.infer<typeof tickRecordSchema>;
