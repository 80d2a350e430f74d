"use client";

import { useEffect } from "react";
import { getActivity } from "@/lib/api/activity";
import type { ActivitySummary } from "@/schemas/activity";
import { ACTIVITY_POLL_MS } from "./activity";

/** What changes when Construct appends, rotates or a line is altered: the count, and each chain's verdict. */
const fingerprint = (s: ActivitySummary) =>
  JSON.stringify([s.matched, s.read.lines, s.trails.map((t) => [t.ok, t.verified, t.legacy, t.issues.length])]);

/**
 * The records are files Construct appends to, not the org, so the events stream says nothing of them:
 * a one-event summary is asked for each second (the server reads only the appended bytes), and
 * `onChange` runs when it differs from the one before.
 */
export function useActivityChanges(since: string, onChange: () => void) {
  useEffect(() => {
    let last: string | null = null;
    let stopped = false;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const now = fingerprint(await getActivity({ since, limit: 1 }, controller.signal));
        if (last !== null && now !== last) onChange();
        last = now;
      } catch {
        // A missed poll is retried on the next tick.
      }
      if (!stopped) timer = setTimeout(tick, ACTIVITY_POLL_MS);
    };
    timer = setTimeout(tick, 0);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [since, onChange]);
}
