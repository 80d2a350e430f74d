import type { QuerySeed } from "@/components/providers";
import { orgVersionKey } from "@/lib/queries/org-version";
import { orgApi } from "@/server/services";

/**
 * The version of the org a page is rendered at, as a seed for its query cache, for a page whose
 * data the browser fetches after it: that data is at least this new, so the event stream's first
 * `ready` naming the same version refetches nothing (lib/queries/events.ts). The editor page seeds
 * it with its own data.
 */
export function orgVersionSeed(): QuerySeed[number] {
  return { key: orgVersionKey, data: orgApi().version() };
}
