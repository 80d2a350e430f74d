import { queryOptions, skipToken } from "@tanstack/react-query";

// Loaded when the Activity tab or the canvas overlay first asks: its schema uses zod.
const activity = () => import("@/lib/api/activity");

/**
 * Not under "org": the records change when Construct's agents work, not when the org does, so these
 * follow the files by a light poll instead of the org's events.
 */
export const activityKeys = {
  all: ["activity"] as const,
  unused: (id: string) => ["activity", "unused", id] as const,
  overlay: ["activity", "overlay"] as const,
  events: (id: string) => ["activity", "events", id] as const,
};

/** How often a shown activity view asks again: the service reads only what was appended since. */
export const ACTIVITY_POLL_MS = 1000;

export const accessUnusedQuery = (id: string) =>
  queryOptions({
    queryKey: activityKeys.unused(id),
    queryFn: async ({ signal }) => (await activity()).getAccessUnused(id, signal),
    retry: false,
    refetchInterval: ACTIVITY_POLL_MS,
  });

/** The whole org's per-profile tallies for the canvas: one fetch for every node, asked only while shown. */
export const activityOverlayQuery = (on: boolean) =>
  queryOptions({
    queryKey: activityKeys.overlay,
    queryFn: on ? async ({ signal }) => (await activity()).getActivity({ limit: 1 }, signal) : skipToken,
    retry: false,
    refetchInterval: on ? ACTIVITY_POLL_MS : false,
  });

/** One worker profile's newest events, for its panel. */
export const profileEventsQuery = (id: string) =>
  queryOptions({
    queryKey: activityKeys.events(id),
    queryFn: async ({ signal }) => (await activity()).getActivity({ profile: id, limit: 20 }, signal),
    retry: false,
    refetchInterval: ACTIVITY_POLL_MS,
  });
