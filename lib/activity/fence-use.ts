import { checkAction } from "@/lib/org/fence";
import type { ActivityEvent, ActivityFinding, FenceUse } from "@/schemas/activity";
import type { EffectiveFence, FenceDecision } from "@/schemas/fence";
import { actionOf, targetOf } from "./record";

/**
 * A recorded action held to a fence by the studio's one fence checker (`checkAction`): the entries
 * that allowed it are used, and an action the fence refuses is a breach. The checker names the
 * entries that decided (`allowedPaths[0] "docs/**"`, `allowedCommands[1] "npm test"`), which is how
 * use is counted without matching globs or commands a second time.
 */

type UseList = FenceUse["list"];

/** Decisions kept per fence: a trail touches the same files and runs the same lines over and over. */
const MAX_DECISIONS = 50_000;
/** A decision with what it means here: the entries it uses (when it allows), and whether it is a breach. */
type Decided = FenceDecision & { entries: [UseList, number][]; uses: boolean };
const decisions = new WeakMap<EffectiveFence, Map<string, Map<string, Decided>>>();

/** The decisions of one fence on one action, by target. */
export function decisionsOf(fence: EffectiveFence, action: string): Map<string, Decided> {
  let byAction = decisions.get(fence);
  if (!byAction) {
    byAction = new Map();
    decisions.set(fence, byAction);
  }
  let known = byAction.get(action);
  if (!known) {
    known = new Map();
    byAction.set(action, known);
  }
  return known;
}

/** `checkAction`, with the entries its rule names, remembered per fence, action and target. */
export function decide(
  fence: EffectiveFence,
  action: string,
  target: string,
  known = decisionsOf(fence, action),
): Decided {
  let decision = known.get(target);
  if (!decision) {
    if (known.size >= MAX_DECISIONS) known.clear();
    const checked = checkAction(fence, action, target);
    const uses = checked.allowed || checked.decision === "needs-approval";
    decision = { ...checked, entries: uses ? entriesOf(checked.rule) : [], uses };
    known.set(target, decision);
  }
  return decision;
}

export interface FenceJudge {
  use(event: ActivityEvent, then: EffectiveFence | null, describe: boolean): ActivityFinding | true | null;
}

const RULE_ENTRY = /\b(allowedPaths|allowedCommands|approvalRequired)\[(\d+)\]/g;

/** The entries a decision's rule names. */
export function entriesOf(rule: string | undefined): [UseList, number][] {
  if (!rule) return [];
  return [...rule.matchAll(RULE_ENTRY)].map((m) => [m[1] as UseList, Number(m[2])]);
}

/**
 * Counts the entries of `today` that allow `event` through `onUse`, and returns a breach finding
 * when the fence of the time (`then`, else today's) refuses it (just `true` unless `describe`: past
 * the findings kept, a breach is only counted). An action that needs approval is no breach: the
 * records do not say whether it was approved.
 */
export function judge(
  today: EffectiveFence,
  then: EffectiveFence | null,
  event: ActivityEvent,
  onUse: (list: UseList, index: number, path: string | null) => void,
  describe = true,
  known?: (action: string) => Map<string, Decided>,
): ActivityFinding | true | null {
  const action = actionOf(event);
  if (!action || event.profile === null) return null;
  const target = targetOf(event, action);
  const now = decide(today, action, target, known?.(action));
  const path = action === "bash" ? null : event.path;
  for (let i = 0; i < now.entries.length; i++) onUse(now.entries[i][0], now.entries[i][1], path);
  const held = then ? decide(then, action, target) : now;
  if (held.uses) return null;
  if (!describe) return true;
  const what =
    action === "bash"
      ? `ran ${JSON.stringify(shorten(target))}`
      : `${action === "write" ? "wrote" : "edited"} ${target}`;
  return {
    id: "activity-breach",
    severity: "error",
    message: `${event.profile} ${what} (${event.at.file} line ${event.at.line}, ${event.ts}), which its fence ${then ? "of the time" : "today"} refuses: ${held.rule ?? held.decision}`,
    profile: event.profile,
    at: event.at,
    rule: held.rule ?? held.decision,
    ts: event.ts,
  };
}

const shorten = (s: string) => (s.length > 120 ? `${s.slice(0, 119)}…` : s);
