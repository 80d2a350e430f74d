import { z } from "zod";
import { stringList } from "./common";

// The fence glob grammar of lib/org/fence-problems as JSON Schema patterns, so an editor flags a glob
// the studio refuses where it is typed: relative, no negation, braces, brackets, parentheses or
// backslash, and `**` only as a whole segment.
const GLOB = String.raw`(?![/~!]|[A-Za-z]:|\./)(?!.*[{}[\]()\\])(?!.*[^/]\*\*)(?!.*\*\*[^/]).*`;
export const FENCE_GLOB_PATTERN = `^${GLOB}$`;
export const APPROVAL_PATTERN = `^(?:(?:edit|write):${GLOB}|bd-label:.*|(?!(?:edit|write|bd-label):)[^/*?]*)$`;
export const DENIED_ACTION_PATTERN = `^(?:[^:]*|[^:]*:${GLOB})$`;

const globList = (what: string, pattern: string, patternErrorMessage: string) =>
  z.array(z.string({ error: `each entry of ${what} must be a string` }).meta({ pattern, patternErrorMessage }), {
    error: `${what} must be an array of strings`,
  });
const GLOB_MESSAGE =
  'a fence glob is relative to the project root and uses only *, ** (a whole segment) and ?, e.g. "docs/**"';

/** Unknown keys are refused: a misspelt `allowedPath` would silently grant nothing while looking right in review. */
export const fenceSchema = z.strictObject(
  {
    allowedPaths: globList("fence.allowedPaths", FENCE_GLOB_PATTERN, GLOB_MESSAGE).min(1, {
      error: '"fence.allowedPaths" must be a non-empty array of path globs, e.g. ["docs/**"]',
    }),
    allowedCommands: stringList("fence.allowedCommands").optional(),
    allowedBdLabels: stringList("fence.allowedBdLabels").optional(),
    approvalRequired: globList(
      "fence.approvalRequired",
      APPROVAL_PATTERN,
      'an approval names its action: "commit", "push", "bash", or "edit:<glob>" with a fence glob',
    ).optional(),
    deniedActions: globList(
      "fence.deniedActions",
      DENIED_ACTION_PATTERN,
      `after "<action>:", ${GLOB_MESSAGE}`,
    ).optional(),
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
  /** Why, as a stable code (`inside-fence`, `team-forbidden`); `rule` names the entry that decided. */
  code: z.string(),
  rule: z.string().optional(),
});
export type FenceDecision = z.infer<typeof fenceDecisionSchema>;
