import type { EntityRecord } from "@/schemas/kinds";

/**
 * The fields `construct worker-profile create` writes for a new custom profile, as the request would
 * leave them; what the request gives wins. The New form lists those it leaves empty, so nothing is
 * written that the form did not show.
 */
export function profileScaffold(id: string, promptFile: string, description: unknown): EntityRecord {
  return {
    name: id,
    ...(typeof description === "string" ? { displayName: description } : {}),
    role: id,
    modelTier: "standard",
    claudeTools: "Read,Grep,Glob,LS",
    promptFile,
    handoffCandidates: [],
    internal: true,
    custom: true,
  };
}

/** The scaffold's fields a draft leaves empty: what a create adds to it. */
export function scaffoldAdds(draft: EntityRecord, promptFile: string): [string, unknown][] {
  const id = typeof draft.id === "string" ? draft.id : "";
  const empty = (v: unknown) => v === undefined || v === "";
  return Object.entries(profileScaffold(id, promptFile, draft.description)).filter(([key]) => empty(draft[key]));
}
