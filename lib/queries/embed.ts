import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { dryRunEmbed, listEmbed, saveEmbedOverrides, setEmbedEnabled, tickEmbed } from "@/lib/api/embed";
import { openEvents } from "@/lib/api/events";

export const embedKeys = { all: ["embed"] as const };

export const embedListQuery = () =>
  queryOptions({ queryKey: embedKeys.all, queryFn: ({ signal }) => listEmbed(signal) });

// The embed page's writes; each caller refetches `embedKeys.all` after (the dashboard's list).
export const fetchEmbed = () => listEmbed();
export const embedAction = setEmbedEnabled;
export const embedDryRun = dryRunEmbed;
export const embedTick = tickEmbed;
export const embedOverrides = saveEmbedOverrides;

/** Refetches the embed list when a tick starts or finishes, or when overlay files change on disk; whether the feed is live. */
export function useEmbedEvents(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const source = openEvents();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: embedKeys.all });
    source.addEventListener("embed-tick", refresh);
    source.addEventListener("org-changed", refresh);
    source.addEventListener("ready", () => {
      setLive(true);
      refresh();
    });
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [queryClient]);
  return live;
}
