import type { QuerySeed } from "@/components/providers";
import { orgVersionKey } from "@/lib/queries/org-version";
import { orgApi } from "@/server/services";

/** Seeds the query cache of a page whose data loads after it, so the stream's first `ready` refetches nothing. */
export function orgVersionSeed(): QuerySeed[number] {
  return { key: orgVersionKey, data: orgApi().version() };
}
