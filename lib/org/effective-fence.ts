import type { EffectiveFence } from "@/schemas/fence";
import type { EntityRecord } from "@/schemas/kinds";
import type { Group, Team } from "@/schemas/team";
import { isObject, type Unchecked } from "@/schemas/views";

/** A list field as fenceView and strs read it together: its non-empty strings, in one pass. */
const entries = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.length > 0) : [];

export function normalizeFence(fence: unknown): EffectiveFence {
  const f: Record<string, unknown> = isObject(fence) ? fence : {};
  return {
    allowedPaths: entries(f.allowedPaths),
    allowedCommands: entries(f.allowedCommands),
    allowedBdLabels: entries(f.allowedBdLabels),
    approvalRequired: entries(f.approvalRequired),
    deniedActions: entries(f.deniedActions),
  };
}

export const EMPTY_FENCE: EffectiveFence = {
  allowedPaths: [],
  allowedCommands: [],
  allowedBdLabels: [],
  approvalRequired: [],
  deniedActions: [],
};

type TeamLike = Unchecked<Team> | Unchecked<Group> | null | undefined;

/**
 * Why a specialist's effective fence is empty, or null when it has a team: with no team, or a
 * team that does not exist, nothing is allowed (deny by default).
 */
export function noTeamReason(teamId: string | null | undefined, team: TeamLike): string | null {
  if (team) return null;
  return teamId
    ? `team "${teamId}" does not exist, so the effective fence is empty (deny by default)`
    : "the specialist has no team, so the effective fence is empty (deny by default)";
}

/**
 * The fence a specialist really has inside its team: approvals for decisions the team forbids are
 * dropped (no one can approve them), and each forbidden decision becomes a denied action
 * `<decision>:**`, which `checkAction` consults before anything it would otherwise allow. Without
 * a team the effective fence is empty (see `noTeamReason`).
 */
export function effectiveFence(fence: unknown, team: TeamLike): EffectiveFence {
  if (!team) return { ...EMPTY_FENCE };
  const own = normalizeFence(fence);
  const forbidden = entries(isObject(team) ? team.forbiddenDecisions : undefined);
  if (!forbidden.length) return own;
  const forbiddenSet = new Set(forbidden);
  const denied = [...own.deniedActions];
  for (const decision of forbidden) {
    const entry = `${decision}:**`;
    if (!denied.includes(entry)) denied.push(entry);
  }
  return {
    ...own,
    approvalRequired: own.approvalRequired.filter((a) => !forbiddenSet.has(a) && !forbiddenSet.has(a.split(":")[0])),
    deniedActions: denied,
  };
}

/** The field a worker profile keeps its fence in: custom profiles `fence`, the registry's `policyFence`. */
export function fenceField(record: EntityRecord): "fence" | "policyFence" {
  return record.fence === undefined && record.policyFence !== undefined ? "policyFence" : "fence";
}
