import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { orgVersionKey } from "@/lib/queries/org-version";
import { orgApi } from "@/server/services";

/**
 * Ships the version of the org a page is rendered at, for a page whose data the browser fetches
 * after it: that data is at least this new, so the event stream's first `ready` naming the same
 * version refetches nothing (lib/queries/events.ts). The editor page ships it with its own data.
 */
export function OrgVersionBoundary({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(orgVersionKey, orgApi().version());
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
