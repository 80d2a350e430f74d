"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { openEvents } from "@/lib/api/events";
import { orgKeys } from "./org";
import { headOf, mayHaveMissed, orgVersionKey, stillBehind, versionOf } from "./org-version";
import { planKeys } from "./plan";

/**
 * A plan compares with HEAD, so it is fetched again when HEAD or its branch moves (a commit or checkout
 * in a terminal). Also refetches on reconnect when a change may have come unheard (a restart, a laptop asleep);
 * never on the first connect, as the page names the version its data is of.
 */
export function useOrgEvents(onChange?: () => void) {
  const queryClient = useQueryClient();
  const known = useRef<string | null | undefined>(undefined);
  const head = useRef<string | undefined>(undefined);
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
    const headSeen = (next: string | undefined) => {
      const moved = head.current !== undefined && next !== undefined && next !== head.current;
      head.current = next ?? head.current;
      if (moved) void queryClient.invalidateQueries({ queryKey: planKeys.all });
    };
    source.addEventListener("head-changed", (event) => headSeen(headOf(event.data)));
    source.addEventListener("org-changed", (event) => {
      seen(versionOf(event.data));
      refresh();
    });
    source.addEventListener("ready", (event) => {
      const version = versionOf(event.data);
      const missed = mayHaveMissed(known.current, version);
      seen(version);
      headSeen(headOf(event.data));
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
