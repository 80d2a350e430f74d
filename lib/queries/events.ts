"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { openEvents } from "@/lib/api/events";
import { orgKeys } from "./org";
import { mayHaveMissed, orgVersionKey, stillBehind, versionOf } from "./org-version";

/**
 * Refetches the org when the server says its files changed (an edit elsewhere, a git checkout),
 * and on (re)connecting when a change may have come while no one listened (a server restart, a
 * laptop asleep). The first connection after the page loaded its data fetches nothing again: the
 * page says which version its data is of (`orgVersionKey`), and `ready` names the server's.
 */
export function useOrgEvents(onChange?: () => void) {
  const queryClient = useQueryClient();
  // The version the data in the cache is of (or is being refetched to): the page's, then each event's.
  const known = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    known.current ??= queryClient.getQueryData<string | null>(orgVersionKey);
    const source = openEvents();
    const seen = (version: string | null) => {
      known.current = version;
      queryClient.setQueryData(orgVersionKey, version);
    };
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: orgKeys.all });
      onChange?.();
    };
    source.addEventListener("org-changed", (event) => {
      seen(versionOf(event.data));
      refresh();
    });
    source.addEventListener("ready", (event) => {
      const version = versionOf(event.data);
      const missed = mayHaveMissed(known.current, version);
      seen(version);
      if (missed) refresh();
      else
        void queryClient.refetchQueries(
          { queryKey: orgKeys.all, type: "active", predicate: (query) => stillBehind(query.state) },
          { cancelRefetch: false },
        );
    });
    return () => source.close();
  }, [queryClient, onChange]);
}
