/** What an export carries, said wherever one is made or applied: the tier's org records and nothing else. */
export const NOT_MOVED =
  "Export and import move the tier's org records only (groups, teams, specialists, contracts, policies). " +
  "Not moved: prompt overrides (prompts/), embed overlays (embed/), the enabled packs (packs.json) and the " +
  "studio layout; copy those files yourself. An import is not in the undo history.";
