// Free of "use client", so the editor page (a server component) can seed the version it rendered.

import { ApiError } from "@/lib/api/error";

/** Not under "org", so never refetched. */
export const orgVersionKey = ["studio", "org-version"] as const;

export function versionOf(eventData: unknown): string | null {
  if (typeof eventData !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(eventData);
    if (parsed && typeof parsed === "object" && "version" in parsed && typeof parsed.version === "string")
      return parsed.version;
  } catch {
    // unreadable: nothing proves the data current
  }
  return null;
}

/** Only two equal versions prove nothing changed in between. */
export function mayHaveMissed(known: string | null | undefined, announced: string | null): boolean {
  return known == null || announced == null || known !== announced;
}

type QueryStateLike = { status: string; fetchStatus: string; isInvalidated: boolean; error: unknown };

/** A refusal the server answered is current; only a request that never reached it is behind. */
export function stillBehind(state: QueryStateLike): boolean {
  if (state.fetchStatus !== "idle" || !state.isInvalidated) return false;
  return !(state.status === "error" && state.error instanceof ApiError);
}

/** The HEAD an event names, as a key: `undefined` when it names none (an older server). */
export function headOf(eventData: unknown): string | undefined {
  if (typeof eventData !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(eventData);
    if (parsed && typeof parsed === "object" && "head" in parsed) return JSON.stringify(parsed.head);
  } catch {
    // unreadable: nothing is known of HEAD
  }
  return undefined;
}
