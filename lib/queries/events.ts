"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { openEvents } from "@/lib/api/events";
import { orgKeys } from "./org-keys";
import { mayHaveMissed, orgVersionKey, stillBehind, versionOf } from "./org-version";

/**
 * Also refetches on reconnect when a change may have come unheard (a restart, a laptop asleep);
 * never on the first connect, as the page names the version its data is of.
 */
export function useOrgEvents(onChange?: () => void) {
  const queryClient = useQueryClient();
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
