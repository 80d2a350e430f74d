import type { AccessGraph } from "@/lib/access/graph";
import { reachesAction, reachOf } from "@/lib/access/reach";
import { effectiveFence, fenceField, normalizeFence } from "@/lib/org/effective-fence";
import { checkAction } from "@/lib/org/fence";
import { str } from "@/lib/org/org-index";
import type { EffectiveFence, FenceDecision } from "@/schemas/fence";
import type { EntityRecord, OrgRecords } from "@/schemas/kinds";
import type { FenceCase } from "@/schemas/org-test";
import type { CoverageList } from "@/schemas/org-test-coverage";
import { specialistView } from "@/schemas/views";

/** A fence entry a case exercised, and whose fence holds it. */
export type Exercised = { holder: string; list: CoverageList; entry: string };

export type PrincipalFence = {
  kind: "specialist" | "worker-profile";
  fence: EffectiveFence;
  /**
   * The entries coverage counts: the effective fence's own entries. The denials a team adds for its
   * forbidden decisions are the team's, and most name decisions no fence case can take as an action.
   */
  entries: EffectiveFence;
};

/**
 * The fence `checkAction` decides with: a specialist's effective fence inside its team, or a Construct
 * 2.x worker profile's own (2.x has no teams). Null when the org has neither.
 */
export function principalFence(org: OrgRecords, id: string): PrincipalFence | null {
  const s = org.specialists[id];
  if (s) {
    const teamId = str(specialistView(s).team);
    const team = teamId ? (org.teams[teamId] ?? org.groups[teamId]) : undefined;
    const fence = effectiveFence(s.fence, team);
    const own = new Set(normalizeFence(s.fence).deniedActions);
    return {
      kind: "specialist",
      fence,
      entries: { ...fence, deniedActions: fence.deniedActions.filter((e) => own.has(e)) },
    };
  }
  const profile = (org["worker-profiles"] as Record<string, EntityRecord>)[id];
  if (!profile) return null;
  const fence = normalizeFence(profile[fenceField(profile)]);
  return { kind: "worker-profile", fence, entries: fence };
}

const INDEXED = /^(allowedPaths|allowedCommands|approvalRequired)\[(\d+)\] "/;

/**
 * The entries a decision names in its `rule` (`allowedPaths[0] "src/**"`, `deniedActions "push:**"`,
 * several for a shell line), read against the fence that decided. Labels are named by the target: an
 * allowed label action exercises each of its labels the fence lists.
 */
export function entriesNamed(
  fence: EffectiveFence,
  d: Pick<FenceDecision, "decision" | "rule">,
  action: string,
  target: string,
): Omit<Exercised, "holder">[] {
  const out: Omit<Exercised, "holder">[] = [];
  let rest = d.rule ?? "";
  // Each entry's own text is skipped whole, so an entry that looks like a rule is never read as one.
  for (let m = INDEXED.exec(rest); m; m = INDEXED.exec(rest)) {
    const list = m[1] as "allowedPaths" | "allowedCommands" | "approvalRequired";
    const entry = fence[list][Number(m[2])];
    if (entry === undefined || !rest.startsWith(`${m[0]}${entry}"`)) break;
    out.push({ list, entry });
    rest = rest.slice(m[0].length + entry.length + 1);
    if (!rest.startsWith(", ")) break;
    rest = rest.slice(2);
  }
  const denied = fence.deniedActions
    .filter((e) => rest.startsWith(`deniedActions "${e}"`))
    .sort((a, b) => b.length - a.length)[0];
  if (denied !== undefined) out.push({ list: "deniedActions", entry: denied });
  if (action === "bd-label" && d.decision === "allowed")
    for (const label of new Set(target.split(",")))
      if (fence.allowedBdLabels.includes(label)) out.push({ list: "allowedBdLabels", entry: label });
  return out;
}

export type FenceCaseOutcome = { pass: boolean; detail: string; exercised: Exercised[] };

const actionText = (c: FenceCase) => `${c.action}${c.target ? ` ${c.target}` : ""}`;

/**
 * A never-reaches case: no one a task starting with `c.specialist` reaches (handoffs, contracts, then
 * escalations) may do the action. It exercises the denials that stop it on the way when it holds, and
 * the entry that grants it when it does not; a principal whose fence simply lacks the action names no entry.
 */
function unreachableCase(graph: AccessGraph, c: FenceCase): FenceCaseOutcome | null {
  const d = reachesAction(graph, c.specialist, c.action, c.target);
  const reach = d && reachOf(graph, c.specialist);
  if (!d || !reach) return null;
  const named = (holder: string, decision: Pick<FenceDecision, "decision" | "rule">): Exercised[] => {
    const fence = graph.byId.get(holder)?.fence;
    return fence ? entriesNamed(fence, decision, c.action, c.target).map((e) => ({ holder, ...e })) : [];
  };
  if (d.grant)
    return {
      pass: false,
      detail: `${actionText(c)} → reachable: ${d.grant.text}; expected unreachable`,
      exercised: named(d.grant.holder, d.grant),
    };
  const ids = [...reach.reached, ...reach.escalatedTo].map((r) => r.id);
  const exercised = ids.flatMap((id) => {
    const fence = graph.byId.get(id)?.fence;
    const decision = fence && checkAction(fence, c.action, c.target);
    return decision?.decision === "denied" ? named(id, decision) : [];
  });
  const others = ids.length - 1;
  return {
    pass: true,
    detail: `${actionText(c)} → unreachable: no path from ${c.specialist} grants it (${others} other${others === 1 ? "" : "s"} reached)`,
    exercised,
  };
}

/** Runs one fence case; null when the org has no such specialist or worker profile. */
export function runFenceCase(org: OrgRecords, c: FenceCase, graph: () => AccessGraph): FenceCaseOutcome | null {
  if (c.expect === "unreachable") return unreachableCase(graph(), c);
  const p = principalFence(org, c.specialist);
  if (!p) return null;
  const d = checkAction(p.fence, c.action, c.target);
  const pass = d.decision === c.expect;
  return {
    pass,
    detail: `${actionText(c)} → ${d.decision}${d.rule ? ` by ${d.rule}` : ""} (${d.code})${pass ? "" : `; expected ${c.expect}`}`,
    exercised: entriesNamed(p.fence, d, c.action, c.target).map((e) => ({ holder: c.specialist, ...e })),
  };
}
