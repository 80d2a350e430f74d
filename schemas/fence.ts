import { z } from "zod";
import { stringList } from "./common";

/** Unknown keys are refused: a misspelt `allowedPath` would silently grant nothing while looking right in review. */
export const fenceSchema = z.strictObject(
  {
    allowedPaths: stringList("fence.allowedPaths").min(1, {
      error: '"fence.allowedPaths" must be a non-empty array of path globs, e.g. ["docs/**"]',
    }),
    allowedCommands: stringList("fence.allowedCommands").optional(),
    allowedBdLabels: stringList("fence.allowedBdLabels").optional(),
    approvalRequired: stringList("fence.approvalRequired").optional(),
    deniedActions: stringList("fence.deniedActions").optional(),
  },
  { error: '"fence" is required: at minimum { "allowedPaths": [...] }' },
);

export type Fence = z.infer<typeof fenceSchema>;

export const effectiveFenceSchema = z.object({
  allowedPaths: z.array(z.string()),
  allowedCommands: z.array(z.string()),
  allowedBdLabels: z.array(z.string()),
  approvalRequired: z.array(z.string()),
  deniedActions: z.array(z.string()),
});
export type EffectiveFence = z.infer<typeof effectiveFenceSchema>;

export const FENCE_ACTIONS = ["edit", "write", "bash", "commit", "push", "bd-label"] as const;
export const fenceActionSchema = z.enum(FENCE_ACTIONS);
export type FenceAction = z.infer<typeof fenceActionSchema>;

export const fenceDecisionSchema = z.object({
  allowed: z.boolean(),
  decision: z.enum(["allowed", "needs-approval", "outside-fence", "denied", "unknown-action"]),
  reason: z.string(),
  rule: z.string().optional(),
});
export type FenceDecision = z.infer<typeof fenceDecisionSchema>;
