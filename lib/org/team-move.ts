import type { EntityRecord } from "@/schemas/kinds";

/** `teamId` too when present: Construct reads either, and a stale one would name the old team. */
export function teamMovePatch(specialist: EntityRecord, team: string): Record<string, unknown> {
  return { team, ...(typeof specialist.teamId === "string" ? { teamId: team } : {}) };
}
