import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { dryRunEmbed, listEmbed, saveEmbedOverrides, setEmbedEnabled, tickEmbed } from "@/lib/api/embed";
import { openEvents } from "@/lib/api/events";
import type { EmbedOverridesBody } from "@/schemas/embed";

export const embedKeys = { all: ["embed"] as const };

export const embedListQuery = () =>
  queryOptions({ queryKey: embedKeys.all, queryFn: ({ signal }) => listEmbed(signal) });

/**
 * The embed page's writes. Each refetches the dashboard's list once it succeeds; toggle, dry-run
 * and tick settle after that refetch, so the card shows the capability as the write left it.
 */
export function useEmbedActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: embedKeys.all });
  const toggle = useMutation({
    mutationFn: ({ id, action }: { id: string; action: "enable" | "disable" }) => setEmbedEnabled(id, action),
    onSuccess: refresh,
  });
  const dryRun = useMutation({ mutationFn: (id: string) => dryRunEmbed(id), onSuccess: refresh });
  const tick = useMutation({ mutationFn: (id: string) => tickEmbed(id), onSuccess: refresh });
  const saveOverrides = useMutation({
    mutationFn: ({ id, body, etag }: { id: string; body: EmbedOverridesBody; etag: string }) =>
      saveEmbedOverrides(id, body, etag),
    onSuccess: () => void refresh(),
  });
  return {
    toggle: toggle.mutateAsync,
    dryRun: dryRun.mutateAsync,
    tick: tick.mutateAsync,
    saveOverrides: saveOverrides.mutateAsync,
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
