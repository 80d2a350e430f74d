import type { EntityRecord } from "@/schemas/kinds";

/**
 * What moving a specialist into `team` writes on its record: `team`, and `teamId` too when the
 * record carries one (Construct reads either; a `teamId` left behind would name the old team and
 * be reported as differing from `team`). A specialist's role is its own: a team's `roles` list the
 * roles it claims for escalation, not its members' roles, so nothing else changes.
 */
export function teamMovePatch(specialist: EntityRecord, team: string): Record<string, unknown> {
  return { team, ...(typeof specialist.teamId === "string" ? { teamId: team } : {}) };
}
