import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { dryRunEmbed, listEmbed, saveEmbedOverrides, setEmbedEnabled, tickEmbed } from "@/lib/api/embed";
import { openEvents } from "@/lib/api/events";
import type { EmbedOverridesBody } from "@/schemas/embed";

export const embedKeys = { all: ["embed"] as const };

export const embedListQuery = () =>
  queryOptions({ queryKey: embedKeys.all, queryFn: ({ signal }) => listEmbed(signal) });

/**
 * The embed page's writes. Each refetches the dashboard's list once it succeeds; toggle, dry-run
 * and tick settle after that refetch, so the card shows the capability as the write left it. Plain
 * calls, not mutations: each card keeps its own busy state, and the page loads no mutation code.
 */
export function useEmbedActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: embedKeys.all });
  return {
    toggle: async ({ id, action }: { id: string; action: "enable" | "disable" }) => {
      await setEmbedEnabled(id, action);
      await refresh();
    },
    dryRun: async (id: string) => {
      const plan = await dryRunEmbed(id);
      await refresh();
      return plan;
    },
    tick: async (id: string) => {
      const record = await tickEmbed(id);
      await refresh();
      return record;
    },
    saveOverrides: async ({ id, body, etag }: { id: string; body: EmbedOverridesBody; etag: string }) => {
      const capability = await saveEmbedOverrides(id, body, etag);
      void refresh();
      return capability;
    },
  };
}

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
