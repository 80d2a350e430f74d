import type { EntityKind } from "@/schemas/org";

/** The field order files are written in, so app-written files read like hand-written ones. */
export const CANONICAL_KEYS: Record<EntityKind, readonly string[]> = {
  specialist: ["id", "name", "role", "displayName", "description", "when_to_use", "modelTier", "reasoningEffort", "skills", "events", "fence", "handoffCandidates", "team", "teamId", "groupId", "promptFile", "claudeTools"],
  team: ["id", "kind", "groupId", "name", "owner", "roles", "specialists", "collaborators", "decisionRights", "forbiddenDecisions", "escalationPath", "charter", "contact", "evidence"],
  group: ["id", "kind", "name", "owner", "roles", "squads", "decisionRights", "forbiddenDecisions", "escalationPath", "charter", "contact", "evidence"],
  contract: ["id", "description", "producer", "consumer", "trigger", "input", "output", "preconditions", "postconditions", "teamBoundary"],
  policy: ["id", "owner", "description", "enforcement", "mode", "requiresApprovalFrom", "mayVetoFrom", "escalatesTo", "decisionRights", "conditions", "evidence"],
};
