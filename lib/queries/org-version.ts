/**
 * Which org the client's data is of, against the version the server's event stream announces
 * (`OrgApi.version()` on the server): on (re)connecting the stream says `ready` with its version,
 * and the client refetches only if a change may have come since the data it holds. Pure, and
 * free of "use client", so the editor page (a server component) can seed the version it rendered.
 */

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

type QueryStateLike = { status: "pending" | "error" | "success"; fetchStatus: string; isInvalidated: boolean };

/**
 * When nothing was missed, a query still needs fetching if its last refetch did not land: it
 * failed (the stream and the fetch went down together) or it was marked stale and is not fetching.
 */
export function stillBehind(state: QueryStateLike): boolean {
  return state.status === "error" || (state.isInvalidated && state.fetchStatus === "idle");
}
