import { queryOptions, skipToken } from "@tanstack/react-query";

// Loaded when the Access view or the canvas highlight first asks: its schema uses zod classic.
const access = () => import("@/lib/api/access");

/** Under "org", so `org-changed` keeps a reach (and the canvas highlighting it) live. */
export const accessKeys = {
  reach: (id: string) => ["org", "access", id] as const,
  history: (id: string) => ["org", "access", id, "history"] as const,
};

/** `null` asks for nothing: the canvas holds the query while no reach is shown. */
export const reachQuery = (id: string | null) =>
  queryOptions({
    queryKey: accessKeys.reach(id ?? ""),
    queryFn: id ? async ({ signal }) => (await access()).getReach(id, signal) : skipToken,
    retry: false,
  });

export const accessHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: accessKeys.history(id),
    queryFn: async ({ signal }) => (await access()).getAccessHistory(id, signal),
    retry: false,
  });
