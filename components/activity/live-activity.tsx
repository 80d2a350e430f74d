"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { getActivity } from "@/lib/api/activity";
import { ACTIVITY_POLL_MS } from "@/lib/queries/activity";
import type { ActivitySummary } from "@/schemas/activity";

/** What changes when Construct appends, rotates or a line is altered: the count, and each chain's verdict. */
const fingerprint = (s: ActivitySummary) =>
  JSON.stringify([s.matched, s.read.lines, s.trails.map((t) => [t.ok, t.verified, t.legacy, t.issues.length])]);

/**
 * The records are files Construct appends to, not the org, so the events stream says nothing of them:
 * a one-event summary is asked for each second (the server reads only the appended bytes) and the page
 * is drawn again when it differs.
 */
export function LiveActivity({ since }: { since: string }) {
  const router = useRouter();
  useEffect(() => {
    let last: string | null = null;
    let stopped = false;
    const controller = new AbortController();
    const tick = async () => {
      try {
        const now = fingerprint(await getActivity({ since, limit: 1 }, controller.signal));
        if (last !== null && now !== last) router.refresh();
        last = now;
      } catch {
        // A missed poll is retried on the next tick.
      }
      if (!stopped) timer = setTimeout(tick, ACTIVITY_POLL_MS);
    };
    let timer = setTimeout(tick, 0);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [since, router]);
  return null;
}
