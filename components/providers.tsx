"use client";

import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

/** Answers the server already has when it renders the page, put in the cache before anything asks. */
export type QuerySeed = readonly { key: QueryKey; data: unknown }[];

export function Providers({ children, seed = [] }: { children: ReactNode; seed?: QuerySeed }) {
  const [client] = useState(() => {
    const c = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
    });
    // What HydrationBoundary would do, without its code in the first load (about 0.8 kB gz).
    for (const { key, data } of seed) c.setQueryData(key, data);
    return c;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
