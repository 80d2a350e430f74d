/**
 * Which org the client's data is of, against the version the server's event stream announces
 * (`OrgApi.version()` on the server): on (re)connecting the stream says `ready` with its version,
 * and the client refetches only if a change may have come since the data it holds. Pure, and
 * free of "use client", so the editor page (a server component) can seed the version it rendered.
 */

import { ApiError } from "@/lib/api/error";

/** Where the page puts the version its data was read at; not under "org", so never refetched. */
export const orgVersionKey = ["studio", "org-version"] as const;

/** The version an event names (`{"version": "…"}`), or null when it names none we can trust. */
export function versionOf(eventData: unknown): string | null {
  if (typeof eventData !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(eventData);
    if (parsed && typeof parsed === "object" && "version" in parsed && typeof parsed.version === "string")
      return parsed.version;
  } catch {
    // an old server's `{}` or anything unreadable: nothing proves the data current
  }
  return null;
}

/**
 * Whether data read at version `known` may miss a change the server has at `announced`. Unknown on
 * either side means it may: only two equal versions prove nothing changed in between.
 */
export function mayHaveMissed(known: string | null | undefined, announced: string | null): boolean {
  return known == null || announced == null || known !== announced;
}

type QueryStateLike = { status: string; fetchStatus: string; isInvalidated: boolean; error: unknown };

/**
 * When nothing was missed, a query still needs fetching if its last fetch did not land: marked
 * stale (an event's refetch that failed, or never ran) and not fetching now. A refusal the server
 * answered is as current as the version; only a request that never reached it (the network went
 * with the stream) is behind.
 */
export function stillBehind(state: QueryStateLike): boolean {
  if (state.fetchStatus !== "idle" || !state.isInvalidated) return false;
  return !(state.status === "error" && state.error instanceof ApiError);
}
