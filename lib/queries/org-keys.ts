/** Apart from the org's queries, so a page that only invalidates them loads none of their code. */
export const orgKeys = {
  all: ["org"] as const,
  /** One joined answer, so the editor never sees half an org. */
  lists: ["org", "lists"] as const,
  layout: ["studio", "layout"] as const,
  autoLayout: ["org", "auto-layout"] as const,
  summary: ["first-paint", "org-summary"] as const,
  /** A big org's folded first view (lib/graph/first-view.ts), in place of the summary. */
  folded: ["first-paint", "folded-view"] as const,
};
