// Apart from ./org so the editor page, a server component, takes the keys without the hooks.

import type { EntityKind } from "@/schemas/kinds";

/**
 * Query keys. Everything under "org" is refetched when the org changes (an edit, the server's
 * `org-changed` event); the first-paint summary is not: it only stands in until the lists arrive.
 */
export const orgKeys = {
  all: ["org"] as const,
  list: (kind: EntityKind | "skill") => ["org", "list", kind] as const,
  layout: ["studio", "layout"] as const,
  /** Under "org": it is refetched whenever the org changes. */
  autoLayout: ["org", "auto-layout"] as const,
  summary: ["first-paint", "org-summary"] as const,
};
