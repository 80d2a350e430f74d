"use client";

import { deferHydration, Hydrated } from "@/components/ui/defer-hydration";
import type { EmbedRootProps } from "./embed-root";

const EmbedRoot = deferHydration<EmbedRootProps>(() => import("./embed-root").then((m) => m.EmbedRoot));

/** The dashboard's queries and actions hydrate its server-rendered list once they arrive. */
export function DeferredEmbed(props: EmbedRootProps) {
  return (
    <Hydrated>
      <EmbedRoot {...props} />
    </Hydrated>
  );
}
